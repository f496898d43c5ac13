/**
 * The definitions several meta-schemas share, declared once in the generated types (issue 28): each is emitted only in
 * the generated file of the meta-schema that owns it (its `title` names it there, as json-schema-to-typescript names a
 * definition), and every other generated file that references it imports that type — and re-exports it, so `Condition`
 * from './rule' is the same type as from './node' — instead of declaring a copy of its own. Add an entry to share
 * another definition; the generator fails if the owner's file does not declare the name.
 */
import { basename, join } from 'node:path';

export const SHARED_DEFINITIONS: ReadonlyArray<{ file: string; fragment: string; type: string }> = [
  { file: 'node.schema.json', fragment: '/$defs/condition', type: 'Condition' },
  { file: 'document.schema.json', fragment: '/$defs/id', type: 'Id' },
  { file: 'document.schema.json', fragment: '/$defs/version', type: 'Version' },
];

/** The generated module of a meta-schema: node.schema.json → node (schemas/types/node.ts). */
export const metaModule = (file: string) => basename(basename(file, '.json'), '.schema');

/** What one generated file takes from the shared definitions: `lookup` for bundle(), then its import lines. */
export interface SharedUse {
  /** bundle()'s `shared`: the type name of a shared definition (absolute path, fragment), recording its use */
  lookup: (file: string, fragment: string) => string | undefined;
  /** `import type { … } from './<owner>';` and the re-export, per owner module, for the types looked up */
  imports: () => string[];
}

/**
 * @param schemasDir the schemas/ folder
 * @param owners     the meta-schema files that are generated (a definition of another file is not shared: it is copied)
 */
export function sharedDefinitions(schemasDir: string, owners: ReadonlySet<string>) {
  const byRef = new Map(SHARED_DEFINITIONS.filter((d) => owners.has(d.file)).map((d) => [`${join(schemasDir, 'meta', d.file)}#${d.fragment}`, d]));
  const usedModules = new Set<string>();
  return {
    /** A fresh record of the shared types one generated file uses. */
    use(): SharedUse {
      const used = new Map<string, Set<string>>(); // owner module → types
      return {
        lookup(file, fragment) {
          const d = byRef.get(`${file}#${fragment}`);
          if (!d) return undefined;
          const module = metaModule(d.file);
          if (!used.has(module)) used.set(module, new Set());
          used.get(module)?.add(d.type);
          usedModules.add(module);
          return d.type;
        },
        imports: () =>
          [...used]
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
            .flatMap(([module, types]) => {
              const list = [...types].sort().join(', ');
              return [`import type { ${list} } from './${module}';`, `export type { ${list} };`];
            }),
      };
    },
    /** Throws unless each shared definition used is declared, under its name, in its owner's generated file. */
    check(files: ReadonlyMap<string, string>): void {
      for (const d of byRef.values()) {
        if (!usedModules.has(metaModule(d.file))) continue;
        const rel = `schemas/types/${metaModule(d.file)}.ts`;
        if (!new RegExp(`^export (type|interface) ${d.type}\\b`, 'm').test(files.get(rel) ?? '')) {
          throw new Error(`${rel} does not declare ${d.type} (schemas/meta/${d.file}#${d.fragment}, which other generated types import)`);
        }
      }
    },
  };
}
