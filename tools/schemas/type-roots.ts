/** What a schema is typed by (generate.ts): its type's name and the root json-schema-to-typescript is given. */
import { basename } from 'node:path';

type Json = Record<string, unknown>;

/** A type name for a schema file: node.schema.json → Node, cart-validate.json → CartValidate. */
export function typeName(file: string): string {
  return basename(basename(file, '.json'), '.schema')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
}

/** The TypeScript namespace a generated API file is imported as (api.operations.ts, components.ts): cart → ApiCart. */
export const apiNamespace = (file: string) => `Api${typeName(file + '.json')}`;

/** Is this JSON a schema with content worth a type (not only shared $defs, not the path table)? */
export function isTypeSource(json: Json): boolean {
  if (typeof json.$id !== 'string' && typeof json.$schema !== 'string') return false;
  return ['type', '$ref', 'properties', 'anyOf', 'oneOf', 'allOf', 'enum', 'const'].some((k) => k in json) || isDefsCollection(json);
}

/** An API file that only collects named payload schemas under `$defs` (no root type of its own). */
export function isDefsCollection(json: Json): boolean {
  const defs = json.$defs;
  return typeof defs === 'object' && defs !== null && !['type', '$ref', 'properties'].some((k) => k in json);
}

/**
 * A root for a `$defs` collection: an object with one property per definition, each a `$ref` to it,
 * so that json-schema-to-typescript emits every definition as a named, exported type.
 */
export function withDefsRoot(json: Json): Json {
  const defs = json.$defs as Record<string, unknown>;
  const properties: Record<string, unknown> = {};
  for (const name of Object.keys(defs)) properties[name] = { $ref: `#/$defs/${name}` };
  return { ...json, type: 'object', properties, additionalProperties: false };
}

/**
 * A schema whose root is only a `$ref` to one of its definitions (node.schema.json: `#/$defs/node`) is typed as its
 * definitions: json-schema-to-typescript would otherwise declare the root's shape twice (Node and Node2), and only the
 * definitions the root reaches, while other files import its translated text and node list (shared-types.ts).
 */
function isRootRef(json: Json): boolean {
  return typeof json.$ref === 'string' && json.$ref.startsWith('#/$defs/') && !['type', 'properties', 'anyOf', 'oneOf', 'allOf'].some((k) => k in json);
}

/** The root a schema is typed by, and the name of its type (a collection's root is only a carrier, `<Name>Payloads` / `<Name>Definitions`). */
export function typedRoot(name: string, json: Json): { root: Json; rootName: string } {
  if (isDefsCollection(json)) return { root: withDefsRoot(json), rootName: `${typeName(name)}Payloads` };
  if (!isRootRef(json)) return { root: json, rootName: typeName(name) };
  const { $ref: _ref, title: _title, description: _description, ...rest } = json;
  const description = `The definitions of ${name} (its root is the ${String(json.$ref).replace('#/$defs/', '')} definition).`;
  return { root: withDefsRoot({ ...rest, description }), rootName: `${typeName(name)}Definitions` };
}
