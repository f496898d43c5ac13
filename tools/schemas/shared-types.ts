/**
 * Every shape is declared once in the generated types (issue 28): a definition (`$defs/<key>`) of one generated schema
 * that another generated schema `$ref`s — the condition and the translated text of node.schema.json, the id of
 * document.schema.json, the Money of api/common.json, the Cart of api/cart.json in api/checkout.json — is emitted only
 * in its owner's generated file, and every other generated file that references it imports that type and re-exports
 * it, so `Condition` from './rule' is the type of './node' and `Common_Money` from './api.cart' the `Money` of
 * './api.common', instead of declaring a copy of its own. The names of the vocabulary (component, action, message key)
 * are owned by schemas/types/vocabulary.ts. No list to keep: every bare cross-file `$ref` to such a definition is shared
 * (one with other keywords beside it stays a copy); the generator fails if an owner's file does not declare the name.
 */
import { basename, join } from 'node:path';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A generated schema: its folder under schemas/ and file name. */
export interface SharedSource {
  folder: 'meta' | 'api';
  name: string;
  json: Json;
}

/** One shared definition: the module that declares it, its name there and the name its importers use. */
interface SharedDefinition {
  module: string;
  type: string;
  /** the importer's name: the owner's for a meta-schema, `<File>_<Name>` for an API payload (two API files may each have their own `Name`) */
  local: string;
  /** where it comes from, for the generator's error */
  where: string;
}

/** The generated module of a schema: node.schema.json → node (schemas/types/node.ts), api cart.json → api.cart. */
export const typesModule = (folder: 'meta' | 'api', file: string) => `${folder === 'api' ? 'api.' : ''}${basename(basename(file, '.json'), '.schema')}`;

/** A name as json-schema-to-typescript makes it of a title or a `$defs` key: "Translated text" → TranslatedText. */
export function typeIdentifier(text: string): string {
  const words = text.replace(/[^A-Za-z0-9_$]+/g, ' ').trim().split(/\s+/).filter(Boolean);
  return words.map((w) => w[0].toUpperCase() + w.slice(1)).join('').replace(/^\d+/, '');
}

/** schemas/types/vocabulary.ts: the names of the vocabulary, as the types know them (the checker checks them against the vocabulary). */
export const VOCABULARY_NAMES: ReadonlyArray<{ key: string; type: string; description: string }> = [
  { key: 'componentName', type: 'VocabularyComponentName', description: 'The name of a component of the vocabulary, e.g. "PriceTag" (the file name of components/<group>/<Name>.tsx).' },
  { key: 'actionName', type: 'VocabularyActionName', description: 'The name of an action of the vocabulary (group.verb), e.g. "cart.add".' },
  { key: 'messageKey', type: 'VocabularyMessageKey', description: 'A key of schemas/messages/sr.json and en.json, e.g. "cart.total".' },
];

/** What one generated file takes from the shared definitions: `lookup` for bundle(), then its import lines. */
export interface SharedUse {
  /** bundle()'s `shared`: the type name of a shared definition (absolute path, fragment), recording its use */
  lookup: (file: string, fragment: string) => string | undefined;
  /** `import type { … } from './<owner>';` and the re-export, per owner module, for the types looked up */
  imports: () => string[];
}

function definitionsOf(schemasDir: string, owners: ReadonlyArray<SharedSource>): Map<string, SharedDefinition> {
  const byRef = new Map<string, SharedDefinition>();
  for (const { folder, name, json } of owners) {
    const module = typesModule(folder, name);
    const prefix = typeIdentifier(basename(name, '.json'));
    for (const [key, def] of Object.entries(isObj(json.$defs) ? json.$defs : {})) {
      if (!isObj(def)) continue;
      const type = typeIdentifier(typeof def.title === 'string' ? def.title : key);
      const local = folder === 'api' ? `${prefix}_${type}` : type;
      byRef.set(`${join(schemasDir, folder, name)}#/$defs/${key}`, { module, type, local, where: `schemas/${folder}/${name}#/$defs/${key}` });
    }
  }
  const vocabulary = join(schemasDir, 'meta', 'generated', 'vocabulary.schema.json');
  for (const { key, type } of VOCABULARY_NAMES) {
    byRef.set(`${vocabulary}#/$defs/${key}`, { module: 'vocabulary', type, local: type, where: `schemas/meta/generated/vocabulary.schema.json#/$defs/${key}` });
  }
  return byRef;
}

/**
 * @param schemasDir the schemas/ folder
 * @param owners     the schemas that are generated (a definition of another file is not shared: it is copied)
 */
export function sharedDefinitions(schemasDir: string, owners: ReadonlyArray<SharedSource>) {
  const byRef = definitionsOf(schemasDir, owners);
  const used = new Set<SharedDefinition>();
  return {
    /** A fresh record of the shared types one generated file (module) uses; its own definitions are not shared with itself. */
    use(module: string): SharedUse {
      const byModule = new Map<string, Set<SharedDefinition>>(); // owner module → definitions
      return {
        lookup(file, fragment) {
          const d = byRef.get(`${file}#${fragment}`);
          if (!d || d.module === module) return undefined;
          if (!byModule.has(d.module)) byModule.set(d.module, new Set());
          byModule.get(d.module)?.add(d);
          used.add(d);
          return d.local;
        },
        imports: () =>
          [...byModule]
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
            .flatMap(([owner, defs]) => {
              const names = [...defs].map((d) => (d.local === d.type ? d.type : `${d.type} as ${d.local}`)).sort();
              const locals = [...defs].map((d) => d.local).sort();
              return [`import type { ${names.join(', ')} } from './${owner}';`, `export type { ${locals.join(', ')} };`];
            }),
      };
    },
    /** schemas/types/vocabulary.ts, when a generated file imports a name of the vocabulary (undefined: none does). */
    vocabularyTypes(header: string): string | undefined {
      if (![...used].some((d) => d.module === 'vocabulary')) return undefined;
      const source = '/* source: schemas/meta/generated/vocabulary.schema.json (a name is a string here; the checker checks it against the vocabulary) */';
      return [header, source, '', ...VOCABULARY_NAMES.flatMap((n) => [`/**\n * ${n.description}\n */`, `export type ${n.type} = string;`]), ''].join('\n');
    },
    /** Throws unless each shared definition used is declared, under its name, in its owner's generated file. */
    check(files: ReadonlyMap<string, string>): void {
      for (const d of used) {
        const rel = `schemas/types/${d.module}.ts`;
        if (!new RegExp(`^export (type|interface) ${d.type.replace(/\$/g, '\\$')}\\b`, 'm').test(files.get(rel) ?? '')) {
          throw new Error(`${rel} does not declare ${d.type} (${d.where}, which other generated types import)`);
        }
      }
    },
  };
}
