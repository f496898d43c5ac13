// @vitest-environment node
/**
 * Reply types from the contract (issue 14): `RouteOf<'op'>` carries the operation's status-keyed reply map
 * (`ApiOperations[op]['reply']`, generated from schemas/api/paths.json `response`, `status` and `replies`), so a
 * handler that returns — or `reply.code(n).send`s — a body that is not the contract's for that status does not
 * compile. The `@ts-expect-error` lines below are checked by the typecheck (`npx tsc --noEmit -p tsconfig.json`):
 * if replies stopped being checked, each of them would be an unused directive and the build would fail. The handlers
 * are never run; the runtime tests check what contractRoute puts on the route.
 */
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { contractRoute, upTo, type ReplyOf, type ResponseOf, type RouteOf } from '../../../server/lib/contract';
import { loadPaths } from '../../../server/lib/paths';
import type { ApiOperations } from '../../../schemas/types/api.operations';
import type { Cart } from '../../../schemas/types/api.cart';
import type { ErrorResponse } from '../../../schemas/types/api.common';
import type { FnpAck } from '../../../schemas/types/api.home';

const paths = loadPaths(join(resolve(import.meta.dirname, '../../..'), 'schemas'));

const status: ResponseOf<'orderStatus'> = { code: '100001', status: 'PAID', paymentStatus: 'PAID', errorType: null, message: null };

/** Type-level only: registered on an app that is never started. */
// biome-ignore lint/suspicious/noExportsInTest: exported so the type-level check is not an unused function; never called
export function typedRoutes(app: FastifyInstance): void {
  // the contract's body compiles
  app.route<RouteOf<'orderStatus'>>({ ...contractRoute(paths, 'orderStatus'), handler: async () => status });

  app.route<RouteOf<'orderStatus'>>({
    ...contractRoute(paths, 'orderStatus'),
    // @ts-expect-error a status value the contract does not have
    handler: async () => ({ ...status, status: 'SHIPPED' }),
  });

  app.route<RouteOf<'orderStatus'>>({
    ...contractRoute(paths, 'orderStatus'),
    // @ts-expect-error a required field missing
    handler: async () => ({ code: '100001', status: 'PAID', paymentStatus: 'PAID', errorType: null }),
  });

  app.route<RouteOf<'cart'>>({
    ...contractRoute(paths, 'cart'),
    // @ts-expect-error another operation's body (an order status is not a Cart)
    handler: async () => status,
  });

  // a status the entry lists in `replies` (submitOrder: 400 ErrorResponse) is sent with its own body type
  app.route<RouteOf<'submitOrder'>>({
    ...contractRoute(paths, 'submitOrder'),
    handler: async (_req, reply) => reply.code(400).send({ errors: [{ type: 'CartValidationError', reason: 'noStock', message: 'Nema na stanju.' }] }),
  });
  app.route<RouteOf<'submitOrder'>>({
    ...contractRoute(paths, 'submitOrder'),
    // @ts-expect-error the 400 body is an ErrorResponse: at least one error
    handler: async (_req, reply) => reply.code(400).send({ errors: [] }),
  });
  app.route<RouteOf<'orderStatus'>>({
    ...contractRoute(paths, 'orderStatus'),
    // @ts-expect-error a status the contract does not list for the operation
    handler: async (_req, reply) => reply.code(409).send(status),
  });

  // fnpContact answers 201 (its entry's `status`): 201 with the FnpAck compiles, 200 does not
  const ack: FnpAck = { reference: 'FNP-0000ABCD', phoneNumber: '0111234567', status: 'RECEIVED', createdAt: '2026-01-01T00:00:00.000Z', message: 'Primljeno.' };
  app.route<RouteOf<'fnpContact'>>({ ...contractRoute(paths, 'fnpContact'), handler: async (_req, reply) => reply.code(201).send(ack) });
  app.route<RouteOf<'fnpContact'>>({
    ...contractRoute(paths, 'fnpContact'),
    // @ts-expect-error 200 is not the operation's status
    handler: async (_req, reply) => reply.code(200).send(ack),
  });
}

describe('contract replies', () => {
  it('types each operation\'s reply map from paths.json (status, replies)', () => {
    expectTypeOf<RouteOf<'cart'>['Reply']>().toEqualTypeOf<{ 200: Cart }>();
    expectTypeOf<ApiOperations['fnpContact']['reply']>().toEqualTypeOf<{ 201: FnpAck }>();
    expectTypeOf<ReplyOf<'submitOrder', 400>>().toEqualTypeOf<ErrorResponse>();
    expectTypeOf<ReplyOf<'submitOrder', 200>>().toEqualTypeOf<ResponseOf<'submitOrder'>>();
    expectTypeOf(upTo([1, 2, 3, 4], 2)).toEqualTypeOf<[] | [number] | [number, number]>();
  });

  it('puts the response schema on the operation\'s status (201 for fnpContact, 200 otherwise)', () => {
    expect(contractRoute(paths, 'fnpContact').schema.response).toEqual({ 201: { $ref: paths.fnpContact.response } });
    expect(contractRoute(paths, 'orderStatus').schema.response).toEqual({ 200: { $ref: paths.orderStatus.response } });
  });

  it('upTo keeps at most the bound', () => {
    expect(upTo([1, 2, 3, 4], 2)).toEqual([1, 2]);
    expect(upTo([1], 3)).toEqual([1]);
  });
});
