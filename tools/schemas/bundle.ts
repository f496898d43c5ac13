/**
 * Makes one self-contained schema out of a schema and the files its $refs point into: every
 * external definition is copied into the root's $defs (as <file>_<name>) and the $refs rewritten.
 * json-schema-to-typescript then only meets internal refs (it mishandles external refs with
 * sibling keywords). Titles below definition level and annotations beside a $ref are dropped so
 * type names come from $defs keys and each definition becomes one type.
 * A definition the caller declares shared (`shared(file, fragment)` gives its TypeScript name) is not
 * copied: the $ref becomes `tsType: <name>`, and the caller imports that type from the generated file
 * that declares it, so one shape is declared once (issue 28).
 */
import { dirname, resolve } from 'node:path';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A `$ref` with nothing beside it but annotations (a title, a description). */
const isBareRef = (o: Json) => Object.keys(o).every((k) => ['$ref', 'title', 'description', 'markdownDescription'].includes(k));

/** The file (absolute path or $id; `file` itself for a local or unknown one) and fragment a `$ref` in `file` points to. */
function refTarget(ref: string, file: string, read: (fileOrId: string) => Json | undefined): [string, string] {
  const [urlPart, fragment = ''] = ref.split('#');
  const target = urlPart === '' ? file : /^[a-z]+:/i.test(urlPart) ? urlPart : resolve(dirname(file), urlPart);
  return [read(target) ? target : file, fragment];
}

function stem(file: string): string {
  return file.replace(/^.*[\\/]/, '').replace(/\.json$/, '').replace(/\.schema$/, '').replace(/[^A-Za-z0-9]+/g, '_');
}

function getAt(root: unknown, fragment: string): unknown {
  let cur = root;
  for (const raw of fragment.split('/').slice(1)) {
    const seg = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObj(cur) && !Array.isArray(cur)) return undefined;
    cur = (cur as Json)[seg];
  }
  return cur;
}

/** Is this a bare `$ref` to a schema that always holds (`true`, `{}`)? */
function alwaysHolds(member: unknown, file: string, read: (fileOrId: string) => Json | undefined): boolean {
  if (!isObj(member) || typeof member.$ref !== 'string' || !isBareRef(member)) return false;
  const [targetFile, fragment] = refTarget(member.$ref, file, read);
  const target = getAt(read(targetFile), fragment);
  return target === true || (isObj(target) && Object.keys(target).length === 0);
}

/**
 * @param rootFile absolute path of the root schema
 * @param read     absolute path or $id → schema (undefined when unknown)
 * @param shared   absolute path + "#" fragment of a definition in another file → the name of the type
 *                 declared for it elsewhere (undefined: copy the definition in)
 */
export function bundle(
  rootFile: string,
  root: Json,
  read: (fileOrId: string) => Json | undefined,
  shared: (file: string, fragment: string) => string | undefined = () => undefined,
): Json {
  const out = structuredClone(root);
  const defs: Json = isObj(out.$defs) ? out.$defs : {};
  const added = new Map<string, string>(); // file#fragment → def key

  const keyFor = (file: string, fragment: string): string => {
    const id = `${file}#${fragment}`;
    const known = added.get(id);
    if (known) return known;
    const last = fragment.split('/').filter(Boolean).pop() ?? stem(file);
    let key = `${stem(file)}_${last}`;
    for (let n = 2; key in defs; n++) key = `${stem(file)}_${last}${n}`;
    added.set(id, key);
    const doc = read(file);
    if (!doc) throw new Error(`cannot resolve $ref to ${file}`);
    const target = getAt(doc, fragment);
    if (target === undefined) throw new Error(`cannot resolve $ref to ${file}#${fragment}`);
    defs[key] = true; // reserve the key before walking (recursive definitions)
    // boolean schemas become objects (the type generator cannot reference booleans)
    const schema = target === true ? {} : target === false ? { not: {} } : structuredClone(target);
    defs[key] = rewrite(schema, file, true);
    return key;
  };

  const rewrite = (v: unknown, file: string, keepTitle: boolean): unknown => {
    if (Array.isArray(v)) return v.map((x) => rewrite(x, file, false));
    if (!isObj(v)) return v;
    const o: Json = {};
    for (const [k, x] of Object.entries(v)) {
      if (k === 'title' && !keepTitle) continue;
      if (k === '$id' || k === '$schema') continue;
      // the keys of `properties` are property names, not keywords: a property named "title" stays
      if ((k === 'properties' || k === 'patternProperties') && isObj(x)) {
        o[k] = Object.fromEntries(Object.entries(x).map(([name, s]) => [name, rewrite(s, file, false)]));
        continue;
      }
      if (k === '$defs' || k === 'definitions') {
        // the root's own definitions are rewritten in place; others are pulled in on demand
        if (file === rootFile && isObj(x)) {
          const d: Json = {};
          for (const [dk, dv] of Object.entries(x)) d[dk] = rewrite(dv, file, true);
          o[k] = d;
        }
        continue;
      }
      if (k === '$ref' && typeof x === 'string') {
        const [targetFile, fragment] = refTarget(x, file, read);
        // only a bare reference (annotations aside) to a shared definition becomes its type; one with other keywords beside it stays a copy
        const sharedName = targetFile === rootFile || !isBareRef(v) ? undefined : shared(targetFile, fragment);
        if (targetFile === rootFile) o.$ref = `#${fragment}`;
        else if (sharedName) return { tsType: sharedName };
        else o.$ref = `#/$defs/${keyFor(targetFile, fragment)}`;
        continue;
      }
      // an `allOf` member that always holds (the vocabulary's rules, `true` for the types) adds nothing to the type;
      // json-schema-to-typescript would make the object an alias of a numbered twin (ActionCall = ActionCall1)
      if (k === 'allOf' && Array.isArray(x)) {
        const members = x.filter((m) => !alwaysHolds(m, file, read));
        if (members.length > 0) o[k] = rewrite(members, file, false);
        continue;
      }
      o[k] = rewrite(x, file, false);
    }
    // a $ref with only annotations beside it: drop them, so every use of a definition is the
    // same schema and becomes the same type (instead of Condition1, Condition2, …)
    if (typeof o.$ref === 'string' && isBareRef(o)) return { $ref: o.$ref };
    return o;
  };

  const body = rewrite(out, rootFile, true) as Json;
  const ownDefs = isObj(body.$defs) ? body.$defs : {};
  body.$defs = { ...ownDefs, ...Object.fromEntries([...added.values()].map((k) => [k, defs[k]])) };
  if (Object.keys(body.$defs as Json).length === 0) delete body.$defs;
  return body;
}

