// The analysts' guide (docs/SCHEMAS.md) is the one place the recipes' JSON lives. Each step of a recipe is a
// fenced ```json block preceded by a marker comment that says what to do with it:
//   <!-- recipe NAME: messages -->                      the block is a file for `node tools/messages-add.mjs file.json`
//   <!-- recipe NAME: merge FILE POINTER -->            the block's entries go into the object at POINTER of FILE
//                                                       (a bare list of entries `"a": 1, "b": 2` or a whole object)
//   <!-- recipe NAME: append FILE POINTER -->           the block (one object) is added at the end of the list at
//                                                       POINTER of FILE
//   <!-- recipe NAME: create FILE -->                   the block is a new document FILE
//   <!-- recipe NAME: bump FILE -->                     (no block) raise FILE's "version" by one
// and each complete example document of the formats is preceded by
//   <!-- example FILE -->                               a complete document, checked as FILE of the schema set
//   <!-- example node -->                               one node, checked inside a modal's body
// These helpers read the markers and apply them to a temporary copy of schemas/, the way a person would by hand.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
export const GUIDE = join(ROOT, 'docs/SCHEMAS.md');

export type RecipeStep =
  | { kind: 'messages'; json: Record<string, { sr: string; en: string }> }
  | { kind: 'merge'; file: string; pointer: string; json: Record<string, unknown> }
  | { kind: 'append'; file: string; pointer: string; json: Record<string, unknown> }
  | { kind: 'create'; file: string; json: Record<string, unknown> }
  | { kind: 'bump'; file: string };

export interface Example { target: string; json: unknown; line: number }

const MARKER = /<!--\s*(recipe|example)\s+([^>]*?)\s*-->/g;
const FENCE = /^\s*?\n([ \t]*)```json\n([\s\S]*?)\n[ \t]*```/;

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

/** The fenced JSON right after a marker; a bare list of entries is read as an object. */
function blockAfter(text: string, end: number, where: string): { raw: string; json: unknown } {
  const m = FENCE.exec(text.slice(end));
  if (!m) throw new Error(`${where}: no \`\`\`json block after the marker`);
  // a block inside a numbered step is indented: take the indent off every line
  const raw = m[2].split('\n').map((l) => (l.startsWith(m[1]) ? l.slice(m[1].length) : l)).join('\n');
  try {
    return { raw, json: JSON.parse(raw) };
  } catch (first) {
    if (!raw.trimStart().startsWith('"')) throw new Error(`${where}: the JSON does not parse: ${(first as Error).message}`);
    try {
      return { raw, json: JSON.parse(`{${raw}}`) };
    } catch (e) {
      throw new Error(`${where}: the JSON entries do not parse: ${(e as Error).message}`);
    }
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every recipe of the guide, by name, its steps in order. */
export function readRecipes(text = readFileSync(GUIDE, 'utf8')): Map<string, RecipeStep[]> {
  const out = new Map<string, RecipeStep[]>();
  for (const m of text.matchAll(MARKER)) {
    if (m[1] !== 'recipe') continue;
    const where = `docs/SCHEMAS.md:${lineOf(text, m.index)}`;
    const spec = /^([\w-]+):\s*(messages|merge|append|create|bump)(?:\s+(\S+))?(?:\s+(\S+))?$/.exec(m[2]);
    if (!spec) throw new Error(`${where}: unreadable recipe marker "${m[2]}"`);
    const [, name, kind, file, pointer] = spec;
    const steps = out.get(name) ?? [];
    out.set(name, steps);
    const end = m.index + m[0].length;
    if (kind === 'bump') {
      if (!file) throw new Error(`${where}: bump needs a file`);
      steps.push({ kind, file });
      continue;
    }
    const { json } = blockAfter(text, end, where);
    if (!isObject(json)) throw new Error(`${where}: the block must be an object or a list of entries`);
    if (kind === 'messages') steps.push({ kind, json: json as Record<string, { sr: string; en: string }> });
    else if (kind === 'create' && file) steps.push({ kind, file, json });
    else if ((kind === 'merge' || kind === 'append') && file && pointer !== undefined) steps.push({ kind, file, pointer: pointer === '/' ? '' : pointer, json });
    else throw new Error(`${where}: ${kind} needs a file${kind === 'merge' || kind === 'append' ? ' and a pointer' : ''}`);
  }
  return out;
}

/** Every example document (or node) of the guide. */
export function readExamples(text = readFileSync(GUIDE, 'utf8')): Example[] {
  const out: Example[] = [];
  for (const m of text.matchAll(MARKER)) {
    if (m[1] !== 'example') continue;
    const line = lineOf(text, m.index);
    const { json } = blockAfter(text, m.index + m[0].length, `docs/SCHEMAS.md:${line}`);
    out.push({ target: m[2].trim(), json, line });
  }
  return out;
}

/** A copy of schemas/ (and of tools/messages-add.mjs, which writes to ../schemas/messages next to itself). */
export interface Workspace { root: string; schemas: string; remove(): void }

export function copySchemas(): Workspace {
  const root = mkdtempSync(join(tmpdir(), 'recipe-'));
  cpSync(join(ROOT, 'schemas'), join(root, 'schemas'), { recursive: true });
  mkdirSync(join(root, 'tools'));
  cpSync(join(ROOT, 'tools/messages-add.mjs'), join(root, 'tools/messages-add.mjs'));
  return { root, schemas: join(root, 'schemas'), remove: () => rmSync(root, { recursive: true, force: true }) };
}

function resolveAny(doc: unknown, pointer: string, file: string): unknown {
  let at = doc;
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if ((!isObject(at) && !Array.isArray(at)) || !(part in at)) throw new Error(`${file}: nothing at ${pointer} (stopped at "${part}")`);
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

function resolve(doc: unknown, pointer: string, file: string): Record<string, unknown> {
  const at = resolveAny(doc, pointer, file);
  if (!isObject(at)) throw new Error(`${file}: ${pointer || 'the document'} is not an object`);
  return at;
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const writeJson = (path: string, json: unknown) => writeFileSync(path, JSON.stringify(json, null, 2) + '\n');

/** Applies the steps to the workspace, as the guide tells a person to. FILE is relative to the repository root. */
export function applyRecipe(ws: Workspace, steps: RecipeStep[]): void {
  for (const step of steps) {
    if (step.kind === 'messages') {
      const file = join(ws.root, 'texts.json');
      writeJson(file, step.json);
      execFileSync(process.execPath, [join(ws.root, 'tools/messages-add.mjs'), file], { stdio: 'pipe' });
      continue;
    }
    const path = join(ws.root, step.file);
    if (step.kind === 'create') {
      writeJson(path, step.json);
    } else if (step.kind === 'merge') {
      const doc = readJson(path);
      Object.assign(resolve(doc, step.pointer, step.file), step.json);
      writeJson(path, doc);
    } else if (step.kind === 'append') {
      const doc = readJson(path);
      const list = resolveAny(doc, step.pointer, step.file);
      if (!Array.isArray(list)) throw new Error(`${step.file}: ${step.pointer} is not a list`);
      list.push(step.json);
      writeJson(path, doc);
    } else {
      const doc = readJson(path) as { version: number };
      doc.version += 1;
      writeJson(path, doc);
    }
  }
}

/** The messages of a language in the workspace (without the reserved entries). */
export function messagesOf(ws: Workspace, lang: 'sr' | 'en'): Record<string, string> {
  const { $schema: _s, id: _i, version: _v, ...rest } = readJson(join(ws.schemas, `messages/${lang}.json`)) as Record<string, string>;
  return rest;
}
