/**
 * Checks schemas/formats/formats.json: its meta-schema (schemas/meta/formats.schema.json), message keys that exist in
 * both languages, regular expressions that compile, and its examples: every valid example passes and every invalid one
 * fails with the message (and params) it names — so a format's description, checks and messages cannot drift apart.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { translateAjvErrors } from './ajv.js';
import { locate, parseWithPositions, escapePointer } from './jsonpos.js';
import { relativeFile } from './load.js';
import { formatFailure, formatsFromDocument, type FormatDef, type Formats } from './rules.js';
import type { SchemaError } from './types.js';

/** Checks the file; answers its formats when they can be compiled (else null). */
export async function checkFormatsFile(rootDir: string, validate: ValidateFunction | undefined, messageKeys: Set<string>, errors: SchemaError[]): Promise<Formats | null> {
  const path = join(rootDir, 'formats', 'formats.json');
  const file = relativeFile(rootDir, path);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw e;
  }
  let parsed: ReturnType<typeof parseWithPositions>;
  try {
    parsed = parseWithPositions(text);
  } catch (e) {
    const x = e as Error & { line?: number; column?: number };
    errors.push({ file, pointer: '', message: `the custom formats cannot be read: ${x.message}`, ...(x.line ? { line: x.line, column: x.column } : {}) });
    return null;
  }
  const add = (pointer: string, message: string, extra: { expected?: string; suggestion?: string } = {}) => {
    const at = locate(parsed.pointers, pointer);
    errors.push({ file, pointer, message, ...(at ? { line: at.line, column: at.column } : {}), ...extra });
  };
  const json = parsed.data as { formats?: Record<string, FormatDef> };
  const before = errors.length;
  if (validate && !validate(json)) for (const e of translateAjvErrors(validate.errors, json)) add(e.pointer, e.message, e);
  if (errors.length > before) return null;
  const fmts = json.formats ?? {};
  if (messageKeys.size > 0) {
    const key = (pointer: string, k: string | undefined) => { if (k !== undefined && !messageKeys.has(k)) add(pointer, `unknown message key "${k}" — add it to schemas/messages/sr.json and en.json (tools/messages-add.mjs)`); };
    for (const [name, def] of Object.entries(fmts)) {
      const at = `/formats/${escapePointer(name)}`;
      key(`${at}/message`, def.message);
      (def.checks ?? []).forEach((c, i) => key(`${at}/checks/${i}/message`, c.message));
      (def.examples?.invalid ?? []).forEach((x, i) => key(`${at}/examples/invalid/${i}/message`, x.message));
    }
  }
  let formats: Formats;
  try {
    formats = formatsFromDocument(json);
  } catch (e) {
    add('/formats', (e as Error).message);
    return null;
  }
  for (const [name, f] of Object.entries(formats)) {
    const at = `/formats/${escapePointer(name)}/examples`;
    f.examples.valid?.forEach((v, i) => {
      const r = formatFailure(f, v);
      if (r) add(`${at}/valid/${i}`, `the example ${JSON.stringify(v)} is refused by the format (${r.message}) but listed as valid`);
    });
    f.examples.invalid?.forEach((x, i) => {
      const r = formatFailure(f, x.value);
      const want = JSON.stringify({ message: x.message, params: x.params ?? null });
      if (!r) add(`${at}/invalid/${i}`, `the example ${JSON.stringify(x.value)} is accepted by the format but listed as invalid`);
      else if (JSON.stringify({ message: r.message, params: r.params ?? null }) !== want) {
        add(`${at}/invalid/${i}`, `the example ${JSON.stringify(x.value)} is refused with ${r.message}${r.params ? ` ${JSON.stringify(r.params)}` : ''}, not ${x.message}${x.params ? ` ${JSON.stringify(x.params)}` : ''}`);
      }
    });
  }
  return formats;
}
