// Routes typed and described by the contract (schemas/api/paths.json → schemas/types/api.operations.ts): a route's
// method, url and schema (its query, body and 200 response $refs) come from its paths.json entry, and its request
// types from the generated ApiOperations — so a contract change breaks the build at the route. (The reply is checked
// by the response schema's serializer at run time; typing it too needs the cart views typed by the contract first.)
import type { ApiOperations, OperationName } from '../../schemas/types/api.operations';
import type { ApiPaths, HttpMethod } from './paths';

/** Fastify's route generic of an operation: `app.route<RouteOf<'addToCart'>>({ ...contractRoute(paths, 'addToCart'), handler })`. */
export interface RouteOf<N extends OperationName> {
  Body: ApiOperations[N]['body'];
  Querystring: ApiOperations[N]['query'];
}

/** The body of an operation's request, e.g. for a service's parameter. */
export type BodyOf<N extends OperationName> = ApiOperations[N]['body'];
export type QueryOf<N extends OperationName> = ApiOperations[N]['query'];
export type ResponseOf<N extends OperationName> = ApiOperations[N]['response'];

/** `{ method, url, schema }` of an operation, from its paths.json entry. */
export function contractRoute(paths: ApiPaths, name: OperationName): { method: HttpMethod; url: string; schema: Record<string, unknown> } {
  const p = paths[name];
  if (!p) throw new Error(`schemas/api/paths.json has no call "${name}"`);
  const schema: Record<string, unknown> = {};
  if (p.query) schema.querystring = { $ref: p.query };
  if (p.body) schema.body = { $ref: p.body };
  if (p.response) schema.response = { 200: { $ref: p.response } };
  return { method: p.method, url: p.path, schema };
}
