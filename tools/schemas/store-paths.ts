/**
 * The places of the shop's state a `$bind` may read (`/account/recovery/channel`): the stores as they start
 * (actions/stores createStores), written into schemas/meta/vocabulary.json ("stores") by `npm run schemas:types` — the
 * checker and the server read that file and never import actions/ themselves. A store's fields are known; below a
 * field only what its first value shows: an object's fields, else nothing (a value set later, a list, a dictionary
 * that starts empty) — there the checker cannot know, and says nothing.
 */
import { suggest } from './suggest.js';

/** Field → what is known below it: its own fields, or `true` (a value; nothing known below). */
export interface StoreShape { [field: string]: StoreShape | true }

type Obj = Record<string, unknown>;
const MAX_DEPTH = 4;

/** The names of an object's fields: own and inherited (a store's getters), without methods and the constructor. */
function fieldNames(v: object): string[] {
  const names = new Set<string>();
  for (let o: object | null = v; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    for (const n of Object.getOwnPropertyNames(o)) {
      if (n === 'constructor' || names.has(n)) continue;
      let x: unknown;
      try {
        x = (v as Obj)[n];
      } catch {
        continue;
      }
      if (typeof x !== 'function') names.add(n);
    }
  }
  return [...names].sort();
}

function shapeOf(v: unknown, depth: number): StoreShape | true {
  if (depth >= MAX_DEPTH || v === null || typeof v !== 'object' || Array.isArray(v) || v instanceof Map || v instanceof Set || v instanceof Date) return true;
  const names = fieldNames(v);
  if (names.length === 0) return true;
  return Object.fromEntries(names.map((n) => [n, shapeOf((v as Obj)[n], depth + 1)]));
}

/** The shape of the stores (store name → the store object as it starts). */
export function storeShape(stores: Record<string, object>): StoreShape {
  return Object.fromEntries(Object.keys(stores).sort().map((name) => [name, shapeOf(stores[name], 0)])) as StoreShape;
}

/**
 * Why `pointer` is no place of the shop's state (a did-you-mean where one is near), or null: it is one, or the
 * checker cannot know (below a value whose inside the stores do not show from the start).
 */
export function storePathProblem(shape: StoreShape, pointer: string): { message: string; suggestion?: string } | null {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let at: StoreShape | true = shape;
  for (const [i, name] of parts.entries()) {
    if (at === true) return null;
    if (!Object.hasOwn(at, name)) {
      const known = Object.keys(at);
      const s = suggest(name, known);
      const near = s === undefined ? undefined : `/${[...parts.slice(0, i), s, ...parts.slice(i + 1)].map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
      const where = i === 0 ? 'the shop\'s state has no store' : `"/${parts.slice(0, i).join('/')}" has no field`;
      const list = i === 0 ? ` (stores: ${known.join(', ')})` : '';
      return { message: `"${pointer}" is no place of the shop's state: ${where} "${name}"${list}${near ? ` — did you mean "${near}"?` : ''}`, ...(near ? { suggestion: near } : {}) };
    }
    at = at[name];
  }
  return null;
}
