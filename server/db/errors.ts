// Database errors that say "not now" rather than "wrong": the connection was lost or refused (a restart, a failover,
// pg_terminate_backend), no connection was free in time, or a lock / statement timeout fired. A request that meets one
// answers 503 with Retry-After (server/app.ts); its transaction never committed, so nothing was half written.

/** Seconds a client is asked to wait before trying again (Retry-After of the 503). */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/** PostgreSQL error codes (SQLSTATE) of a lost or refused connection, an administrator's shutdown and the timeouts. */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend, a restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, recovery)
  '53300', // too_many_connections
  '55P03', // lock_not_available (lock_timeout)
  '57014', // query_canceled (statement_timeout)
  '25P03', // idle_in_transaction_session_timeout
]);

/** Node's socket errors on the way to the database. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** node-postgres (pg, pg-pool) errors without a code: a lost connection, a closed client, no connection in time, a
 *  broken client the pool took back before its holder released it (server/db/index.ts). */
const CONNECTION_MESSAGES = /^(Connection terminated|Release called on client which has already been released|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end)/;

/** True when `err` (or an error it wraps, e.g. drizzle's DrizzleQueryError `cause`) is one of those. */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 6 && e && typeof e === 'object'; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_CODES.has(code) || SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
    const errors = (e as { errors?: unknown }).errors; // AggregateError (a connect to every address refused)
    if (Array.isArray(errors) && errors.some((x) => isDatabaseUnavailable(x))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Codes and messages of an established connection that died under the app (a restart, a failover,
 *  pg_terminate_backend): the pool may still hold idle siblings of it that have not heard yet. */
const LOST_CODES = new Set(['57P01', '57P02', 'ECONNRESET', 'EPIPE']);
const LOST_MESSAGES = /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable)/;

/** True when `err` (or an error it wraps) says a pooled connection was lost — not a refused connection or a timeout.
 *  Asking again takes another connection (pg-pool drops the broken one), so a read may be retried. */
export function isLostConnection(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 6 && e && typeof e === 'object'; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && LOST_CODES.has(code)) return true;
    if (typeof message === 'string' && LOST_MESSAGES.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
