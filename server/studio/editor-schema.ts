// The JSON Schema the studio's editor completes and explains a document with (GET /studio/api/schema?kind=…): the
// meta schema of the document's kind (schemas/meta/<kind>.schema.json) made self-contained — every other meta
// file its $refs reach (node, document, the generated vocabulary …) is embedded whole under `$defs["meta:<stem>"]`
// and every $ref rewritten to a pointer inside the one document, because the editor's schema library resolves no
// files. Titles, descriptions and enum descriptions stay (they are the hover help).
import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import type { EditableFolder } from './drafts';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The meta schema of each document folder (the `"$schema"` every document of the folder names). */
export const META_OF: Record<EditableFolder, string> = {
  screens: 'screen.schema.json', fragments: 'fragment.schema.json', flows: 'flow.schema.json', forms: 'form.schema.json',
  modals: 'modal.schema.json', rules: 'rule.schema.json', messages: 'messages.schema.json', fixtures: 'fixture.schema.json',
};

/** "generated/vocabulary.schema.json" → "meta:vocabulary", "../api/common.json" → "api:common" (the $defs key a file is embedded under) */
const defKey = (file: string) => `${file.startsWith('../api/') ? 'api' : 'meta'}:${posix.basename(file).replace(/\.schema\.json$|\.json$/, '')}`;

/** A JSON pointer token ("/" and "~" escaped). */
const token = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * One self-contained schema from `rootFile` (a path under schemas/meta/) and the meta files its $refs reach.
 * `read` answers a meta file's JSON by its path under schemas/meta/ (e.g. "generated/vocabulary.schema.json").
 */
export async function bundleMetaSchema(rootFile: string, read: (file: string) => Promise<Json>): Promise<Json> {
  const docs = new Map<string, Json>(); // meta path → its schema, rewritten
  const byId = new Map<string, string>(); // $id → meta path
  const pending: string[] = [rootFile];
  const originals = new Map<string, Json>();
  // every reachable file first (its $id may be what another file's $ref names)
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (originals.has(file)) continue;
    const json = await read(file);
    originals.set(file, json);
    if (typeof json.$id === 'string') byId.set(json.$id.replace(/#$/, ''), file);
    for (const ref of refsOf(json)) {
      const target = targetFile(file, ref.split('#')[0]!, byId);
      if (target && !originals.has(target)) pending.push(target);
    }
  }
  const prefix = (file: string) => (file === rootFile ? '' : `/$defs/${token(defKey(file))}`);
  const rewrite = (v: unknown, file: string): unknown => {
    if (Array.isArray(v)) return v.map((x) => rewrite(x, file));
    if (!isObj(v)) return v;
    const o: Json = {};
    for (const [k, x] of Object.entries(v)) {
      if (k === '$ref' && typeof x === 'string') {
        const [url = '', fragment = ''] = x.split('#');
        const target = targetFile(file, url, byId) ?? file;
        o.$ref = `#${prefix(target)}${fragment}`;
      } else if (!((k === '$id' || k === '$schema') && typeof x === 'string')) o[k] = rewrite(x, file);
    }
    return o;
  };
  for (const [file, json] of originals) docs.set(file, rewrite(json, file) as Json);
  const root = docs.get(rootFile)!;
  const embedded = [...docs].filter(([f]) => f !== rootFile).map(([f, s]) => [defKey(f), s] as const);
  if (embedded.length > 0) root.$defs = { ...(isObj(root.$defs) ? root.$defs : {}), ...Object.fromEntries(embedded) };
  return root;
}

/** Every $ref string of a schema (at any depth). */
function refsOf(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) for (const x of v) refsOf(x, out);
  else if (isObj(v)) {
    for (const [k, x] of Object.entries(v)) {
      if (k === '$ref' && typeof x === 'string') out.push(x);
      else refsOf(x, out);
    }
  }
  return out;
}

/**
 * The path under schemas/meta a $ref's URL part names from `file` (null: the file itself, or a URL outside
 * schemas/meta and schemas/api). An API schema ("../api/common.json", where the checkout type is declared once) is
 * reached by its path; its own refs ("common.json#…") resolve beside it.
 */
function targetFile(file: string, url: string, byId: Map<string, string>): string | null {
  if (url === '') return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return byId.get(url) ?? null;
  const path = posix.normalize(posix.join(posix.dirname(file), url));
  return !path.startsWith('../') || /^\.\.\/api\/[\w-]+\.json$/.test(path) ? path : null;
}

/** The editor schema of a document folder, read from `schemasDir`/meta. */
export async function editorSchema(schemasDir: string, folder: EditableFolder): Promise<Json> {
  return bundleMetaSchema(META_OF[folder], async (file) => JSON.parse(await readFile(join(schemasDir, 'meta', file), 'utf8')) as Json);
}
