// Test support: Node cannot import the server's /ui/forms/:id/validator.js URL, so tests compile the form's
// validator module with the server's own compiler (server/ui/validators.ts), write it to a .mjs file (node_modules/.cache/form-validators/) and
// import that — the same code the browser would run. Install with installNodeValidatorLoader(forms).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createHash } from 'node:crypto';
import type { RJSFSchema } from '@rjsf/utils';
import { compileFormValidator, loadFormats } from '../../../server/ui/validators';
import { setValidatorModuleLoader } from '../../../components/forms/rjsfValidator';

// (not new URL(…, import.meta.url): Vite rewrites that into an asset address under jsdom)
export const SCHEMAS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../schemas');

// inside the project: Vitest's module runner does not import files outside its root
const CACHE_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../node_modules/.cache/form-validators');

/** Compiles `schema` (with the custom formats of `schemasDir`) and imports the module; answers its default export. */
export async function importCompiledValidator(schema: RJSFSchema, schemasDir = SCHEMAS_DIR): Promise<{ default?: unknown }> {
  return importModuleSource(compileFormValidator(schema, loadFormats(schemasDir)));
}

/** Imports ES module source text (written to a file named by its hash). */
export async function importModuleSource(code: string): Promise<{ default?: unknown }> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const file = join(CACHE_DIR, `${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  writeFileSync(file, code);
  return import(/* @vite-ignore */ pathToFileURL(file).href) as Promise<{ default?: unknown }>;
}

/**
 * Makes Form load validators of the given form documents (id → document with `schema`) from server-compiled code.
 * A function argument is asked for the document each time (for documents that change during a test).
 */
export function installNodeValidatorLoader(forms: Record<string, { schema: unknown }> | ((id: string) => { schema: unknown } | undefined), schemasDir = SCHEMAS_DIR): void {
  setValidatorModuleLoader(async (url) => {
    const m = /^\/ui\/forms\/([^/]+)\/validator\.js(?:\?.*)?$/.exec(url);
    if (!m) throw new Error(`not a validator URL: ${url}`);
    const id = decodeURIComponent(m[1]);
    const doc = typeof forms === 'function' ? forms(id) : forms[id];
    if (!doc) throw new Error(`no form document ${id}`);
    return importCompiledValidator(doc.schema as RJSFSchema, schemasDir);
  });
}
