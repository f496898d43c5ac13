// The request id (issue 30): taken from the load balancer's `X-Request-Id` when it is short and of a safe charset,
// else generated; returned on every answer, bound to every log line of the request (pino's `requestId`) and kept
// with what the request sends (the outbox rows and the e-mails of server/outbox/service.ts), which read it from
// this AsyncLocalStorage store.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
/** What is accepted from a balancer: 1–64 characters of letters, digits and `._:-` (a UUID, a hex trace id …). */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

export function validRequestId(v: unknown): string | null {
  return typeof v === 'string' && SAFE_ID.test(v) ? v : null;
}

/** Fastify's `genReqId`: the balancer's id when valid, else a new UUID (an invalid one is replaced, never echoed). */
export function requestIdOf(req: IncomingMessage): string {
  return validRequestId(req.headers[REQUEST_ID_HEADER]) ?? randomUUID();
}

const store = new AsyncLocalStorage<{ requestId: string }>();

/** Runs the rest of a request's handling with its id in the store (a Fastify onRequest hook calls it). */
export function runWithRequestId(requestId: string, fn: () => void): void {
  store.run({ requestId }, fn);
}

/** The id of the request being handled, or null (a background job, a start). */
export function currentRequestId(): string | null {
  return store.getStore()?.requestId ?? null;
}
