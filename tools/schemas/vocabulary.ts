/**
 * The vocabulary: every component (components/**\/<Name>.meta.json) and every action
 * (default export of actions/<group>/*.ts) with its description and props/args schema.
 * Written to schemas/meta/vocabulary.json, which the checker and the server read — they never
 * import components/ or actions/ themselves. With them, the places of the shop's state (the stores as they start), which
 * a `$bind` may read (tools/schemas/store-paths.ts).
 */
import { readdir, readFile } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ActionInfo, ComponentInfo, Vocabulary } from './types.js';
import { storeShape, type StoreShape } from './store-paths.js';

const SKIPPED_ACTION_FOLDERS = new Set(['stores', 'api']);

async function walk(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  const out: string[] = [];
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(p)));
    else out.push(p);
  }
  return out;
}

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function sortKeys<T>(o: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const k of Object.keys(o).sort()) out[k] = o[k];
  return out;
}

export class VocabularyError extends Error {
  constructor(readonly problems: string[]) {
    super(`The vocabulary has problems:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'VocabularyError';
  }
}

/** Reads every components/**\/<Name>.meta.json. */
export async function collectComponents(repoRoot: string, problems: string[]): Promise<Record<string, ComponentInfo>> {
  const out: Record<string, ComponentInfo> = {};
  const where: Record<string, string> = {};
  for (const abs of await walk(join(repoRoot, 'components'))) {
    if (!abs.endsWith('.meta.json')) continue;
    const file = relative(repoRoot, abs).split(sep).join('/');
    const name = basename(abs, '.meta.json');
    let meta: unknown;
    try {
      meta = JSON.parse(await readFile(abs, 'utf8'));
    } catch (e) {
      problems.push(`${file}: not valid JSON (${(e as Error).message})`);
      continue;
    }
    if (!isObj(meta)) {
      problems.push(`${file}: must be an object { name, description, props, events, children }`);
      continue;
    }
    if (meta.name !== undefined && meta.name !== name) problems.push(`${file}: "name" is "${String(meta.name)}" but the file is named ${name}`);
    if (where[name]) {
      problems.push(`${file}: component "${name}" is also defined in ${where[name]}`);
      continue;
    }
    where[name] = file;
    const events: Record<string, string> = {};
    if (Array.isArray(meta.events)) for (const e of meta.events) events[String(e)] = '';
    else if (isObj(meta.events)) for (const [k, v] of Object.entries(meta.events)) events[k] = typeof v === 'string' ? v : '';
    else if (meta.events !== undefined) problems.push(`${file}: "events" must be a list of names or an object name → description`);
    if (meta.props !== undefined && !isObj(meta.props) && typeof meta.props !== 'boolean') problems.push(`${file}: "props" must be a JSON Schema object`);
    out[name] = {
      description: typeof meta.description === 'string' ? meta.description : '',
      props: isObj(meta.props) ? meta.props : { type: 'object', properties: {} },
      events: sortKeys(events),
      children: meta.children === true,
    };
    // a component that draws a control or a picture names the props that give it its accessible name; the
    // props schema must require them and refuse an empty literal (WCAG 4.1.2 name, 1.1.1 text alternative)
    if (meta.accessibleName !== undefined) {
      const names = Array.isArray(meta.accessibleName) ? meta.accessibleName.filter((n): n is string => typeof n === 'string') : [];
      if (!names.length) problems.push(`${file}: "accessibleName" must be a non-empty list of prop names`);
      const props = isObj(meta.props) ? meta.props : {};
      const required = Array.isArray(props.required) ? props.required : [];
      const properties = isObj(props.properties) ? props.properties : {};
      for (const n of names) {
        const prop = properties[n];
        if (!isObj(prop)) problems.push(`${file}: accessibleName "${n}" is not a prop`);
        else {
          if (!required.includes(n)) problems.push(`${file}: accessibleName "${n}" must be in props.required (a control without a name is refused)`);
          if (prop.type === 'string' && !(typeof prop.minLength === 'number' && prop.minLength >= 1)) problems.push(`${file}: accessibleName "${n}" needs "minLength": 1 (an empty name is no name)`);
        }
      }
      if (names.length) out[name]!.accessibleName = names;
    }
    if (typeof meta.description !== 'string' || !meta.description) problems.push(`${file}: "description" is missing (editors show it as help)`);
  }
  return sortKeys(out);
}

interface ActionDefLike {
  name: string;
  description?: unknown;
  args?: unknown;
}

/** Imports every actions/<group>/*.ts (not stores/, api/, *.test.ts) and reads its default export. */
export async function collectActions(repoRoot: string, problems: string[]): Promise<Record<string, ActionInfo>> {
  const out: Record<string, ActionInfo> = {};
  const where: Record<string, string> = {};
  const actionsDir = join(repoRoot, 'actions');
  let groups: string[] = [];
  try {
    groups = (await readdir(actionsDir, { withFileTypes: true })).filter((d) => d.isDirectory() && !SKIPPED_ACTION_FOLDERS.has(d.name)).map((d) => d.name).sort();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  for (const group of groups) {
    const names = (await readdir(join(actionsDir, group))).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts') && !n.endsWith('.d.ts')).sort();
    for (const n of names) {
      const abs = join(actionsDir, group, n);
      const file = relative(repoRoot, abs).split(sep).join('/');
      let mod: { default?: unknown };
      try {
        mod = (await import(pathToFileURL(abs).href)) as { default?: unknown };
      } catch (e) {
        problems.push(`${file}: cannot be loaded (${(e as Error).message.split('\n')[0]})`);
        continue;
      }
      if (mod.default === undefined) continue;
      const defs = Array.isArray(mod.default) ? mod.default : [mod.default];
      for (const d of defs as ActionDefLike[]) {
        if (!isObj(d) || typeof d.name !== 'string') {
          problems.push(`${file}: the default export must be an ActionDef (defineAction({ name, description, args, run })) or a list of them`);
          continue;
        }
        if (where[d.name]) {
          problems.push(`${file}: action "${d.name}" is also defined in ${where[d.name]}`);
          continue;
        }
        where[d.name] = file;
        if (typeof d.description !== 'string' || !d.description) problems.push(`${file}: action "${d.name}" has no description (editors show it as help)`);
        out[d.name] = {
          description: typeof d.description === 'string' ? d.description : '',
          args: isObj(d.args) || typeof d.args === 'boolean' ? (d.args as ActionInfo['args']) : { type: 'object', properties: {} },
        };
      }
    }
  }
  return sortKeys(out);
}

/**
 * Collects the whole vocabulary. Missing descriptions are reported in `warnings`; broken files
 * (bad JSON, duplicate names, failing imports) throw a VocabularyError.
 */
export async function collectVocabulary(repoRoot: string): Promise<{ vocabulary: Vocabulary; warnings: string[] }> {
  const problems: string[] = [];
  const components = await collectComponents(repoRoot, problems);
  const actions = await collectActions(repoRoot, problems);
  const stores = await collectStores(repoRoot, problems);
  const warnings = problems.filter((p) => p.includes('no description') || p.includes('"description" is missing'));
  const fatal = problems.filter((p) => !warnings.includes(p));
  if (fatal.length) throw new VocabularyError(fatal);
  return { vocabulary: { components, actions, ...(stores ? { stores } : {}) }, warnings };
}

/** The places of the shop's state, from the stores as they start (actions/stores createStores); none without stores. */
export async function collectStores(repoRoot: string, problems: string[]): Promise<StoreShape | undefined> {
  const abs = join(repoRoot, 'actions', 'stores', 'index.ts');
  try {
    await readFile(abs);
  } catch {
    return undefined;
  }
  try {
    const mod = (await import(pathToFileURL(abs).href)) as { createStores?: () => Record<string, object> };
    if (typeof mod.createStores !== 'function') {
      problems.push('actions/stores/index.ts: exports no createStores()');
      return undefined;
    }
    return storeShape(mod.createStores());
  } catch (e) {
    problems.push(`actions/stores/index.ts: cannot be loaded (${(e as Error).message.split('\n')[0]})`);
    return undefined;
  }
}

export function serializeVocabulary(v: Vocabulary): string {
  return JSON.stringify({ components: sortKeys(v.components), actions: sortKeys(v.actions), ...(v.stores ? { stores: v.stores } : {}) }, null, 2) + '\n';
}
