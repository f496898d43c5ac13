// Routes typed and described by the contract (schemas/api/paths.json → schemas/types/api.operations.ts): a route's
// method, url and schema (its query, body and success response $refs) come from its paths.json entry, and its request
// and reply types from the generated ApiOperations — so a contract change breaks the build at the route: a handler
// returning (or `reply.code(n).send`-ing) a body that is not the contract's for that status does not compile.
import type { ApiOperations, OperationName } from '../../schemas/types/api.operations';
import type { ApiPaths, HttpMethod } from './paths';

/** Fastify's route generic of an operation: `app.route<RouteOf<'addToCart'>>({ ...contractRoute(paths, 'addToCart'), handler })`. */
export interface RouteOf<N extends OperationName> {
  Body: ApiOperations[N]['body'];
  Querystring: ApiOperations[N]['query'];
  /** Status-keyed (`{ 200: Cart }`, `{ 201: FnpAck }`, `{ 200: OrderResult; 400: ErrorResponse }`): what the handler
   *  returns is checked against the success body, `reply.code(n).send(x)` against the body of status n. */
  Reply: ApiOperations[N]['reply'];
}

/** The body of an operation's request, e.g. for a service's parameter. */
export type BodyOf<N extends OperationName> = ApiOperations[N]['body'];
export type QueryOf<N extends OperationName> = ApiOperations[N]['query'];
export type ResponseOf<N extends OperationName> = ApiOperations[N]['response'];
/** The body an operation answers with status S (`ReplyOf<'submitOrder', 400>`). */
export type ReplyOf<N extends OperationName, S extends keyof ApiOperations[N]['reply']> = ApiOperations[N]['reply'][S];

/** What the generated types make of an array with `maxItems` N (json-schema-to-typescript's tuple union): 0 to N items. */
export type UpTo<T, N extends number, Acc extends T[] = []> = Acc['length'] extends N ? Acc : Acc | UpTo<T, N, [...Acc, T]>;

/** The first `max` items, typed as the contract's bounded list (the slice is what makes the bound true). */
export function upTo<T, N extends number>(items: readonly T[], max: N): UpTo<T, N> {
  return items.slice(0, max) as UpTo<T, N>;
}

/** `{ method, url, schema }` of an operation, from its paths.json entry. */
export function contractRoute(paths: ApiPaths, name: OperationName): { method: HttpMethod; url: string; schema: Record<string, unknown> } {
  const p = paths[name];
  if (!p) throw new Error(`schemas/api/paths.json has no call "${name}"`);
  const schema: Record<string, unknown> = {};
  if (p.query) schema.querystring = { $ref: p.query };
  if (p.body) schema.body = { $ref: p.body };
  if (p.response) schema.response = { [p.status ?? 200]: { $ref: p.response } };
  return { method: p.method, url: p.path, schema };
}
