/**
 * Public entry of the schema tooling: load every document under schemas/ and check it.
 * The server calls loadAndCheck() at start; the CLI (`npm run schemas:check`) prints formatErrors().
 */
import { checkTree } from './check.js';
import { formatErrors } from './format.js';
import type { FixtureDocument, SchemaDocument, SchemaError } from './types.js';

export type { FixtureDocument, SchemaDocument, SchemaError, DocumentKind, Vocabulary, ComponentInfo, ActionInfo } from './types.js';
export { formatErrors };

/**
 * Loads every document under `rootDir` (the schemas/ folder) and checks it: JSON syntax,
 * meta-schemas, ids, and cross-references (components, props, events, actions, message keys,
 * screens, forms, modals, routes, checkout step paths).
 * `documents` holds every document that parsed (even when it has errors); `fixtures` the store states of
 * schemas/fixtures (previews and snapshots), checked against schemas/meta/fixture.schema.json.
 */
export async function loadAndCheck(rootDir: string): Promise<{ documents: SchemaDocument[]; errors: SchemaError[]; fixtures: FixtureDocument[] }> {
  return checkTree(rootDir);
}
