/**
 * The store states' JSON Schemas (the files of schemas/state/, issue 28): the shape of a store's state that components
 * receive as a prop (the checkout steps' states, a one-time code's timer) is declared once, there, under `$defs`; the
 * stores and the components' props take the types generated from it (schemas/types/state.checkout.ts and the like), and a
 * component's props schema `$ref`s it by `$id` ("state.checkout.json#/$defs/NumberState") as it does an API payload.
 * The checker adds them to its AJV (so those `$ref`s resolve) and compiles every definition, so a `$ref` into
 * schemas/api that leads nowhere is an error of the state file, not of the first screen that binds the state.
 */
import { locate } from './jsonpos.js';
import { loadStateSchemas } from './load.js';
import type { SchemaError } from './types.js';
import type { createAjv } from './ajv.js';

type Ajv = ReturnType<typeof createAjv>;

/** Top-level keys a state file may have: it only carries named definitions. */
const FILE_KEYS = new Set(['$id', '$comment', '$defs', 'description']);

/** Adds schemas/state/*.json to `ajv` by their `$id`s and answers what is wrong with them. */
export async function addStateSchemas(ajv: Ajv, rootDir: string): Promise<SchemaError[]> {
  const { files, errors } = await loadStateSchemas(rootDir);
  const added: Array<{ id: string; file: (typeof files)[number]; names: string[] }> = [];
  for (const f of files) {
    const add = (pointer: string, message: string, atKey = false) => {
      const at = locate(f.pointers, pointer, atKey);
      errors.push({ file: f.file, pointer, message, ...(at ? { line: at.line, column: at.column } : {}) });
    };
    const j = f.json as Record<string, unknown> | null;
    if (!j || typeof j !== 'object' || Array.isArray(j)) { add('', 'a store state file is an object with "$id" and "$defs"'); continue; }
    const id = `state.${f.id}.json`;
    if (j.$id !== id) { add(j.$id === undefined ? '' : '/$id', `"$id" must be "${id}" (the file name with "state." before it): components' props $ref it by that name`); continue; }
    for (const k of Object.keys(j)) if (!FILE_KEYS.has(k)) add(`/${k}`, `"${k}" is not allowed here: a store state file only declares its states under "$defs"`, true);
    const defs = j.$defs;
    if (!defs || typeof defs !== 'object' || Array.isArray(defs) || Object.keys(defs).length === 0) { add('', 'a store state file declares at least one state under "$defs"'); continue; }
    try {
      ajv.addSchema(j);
    } catch (e) {
      add('', `not a valid JSON Schema: ${(e as Error).message}`);
      continue;
    }
    added.push({ id, file: f, names: Object.keys(defs) });
  }
  // compiled once all are added, so one state file may $ref another's definitions
  for (const { id, file, names } of added) {
    for (const name of names) {
      try {
        ajv.getSchema(`${id}#/$defs/${name}`);
      } catch (e) {
        const pointer = `/$defs/${name}`;
        const at = locate(file.pointers, pointer, true);
        errors.push({ file: file.file, pointer, message: `the state "${name}" cannot be compiled: ${(e as Error).message}`, ...(at ? { line: at.line, column: at.column } : {}) });
      }
    }
  }
  return errors;
}
