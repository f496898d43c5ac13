// @vitest-environment node
// Which database errors answer 503 (server/db/errors.ts) and how an error is logged (server/lib/log-safety.ts).
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../server/db/errors';
import { safeError } from '../../server/lib/log-safety';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('database unavailable', () => {
  it('is a lost or refused connection, an administrator shutdown, a lock or statement timeout — also as a cause', () => {
    for (const code of ['08006', '08001', '57P01', '57P02', '57P03', '55P03', '57014', '25P03', '53300', 'ECONNREFUSED', 'ECONNRESET']) {
      expect(isDatabaseUnavailable(coded(code)), code).toBe(true);
      expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: coded(code) })), code).toBe(true);
    }
    for (const message of ['Connection terminated unexpectedly', 'Connection terminated due to connection timeout', 'timeout exceeded when trying to connect', 'Client has encountered a connection error and is not queryable']) {
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(true);
    }
    expect(isDatabaseUnavailable(new AggregateError([coded('ECONNREFUSED')]))).toBe(true);
  });

  it('is not a wrong value, a constraint or a programming error', () => {
    for (const code of ['22P02', '23505', '23503', '42P01', '40001', 'ERR_INVALID_ARG_TYPE']) expect(isDatabaseUnavailable(coded(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe('logged errors', () => {
  it('keep the statement, not its parameters, and a database error by SQLSTATE and names, not by its message', () => {
    const pgErr = Object.assign(new Error('invalid input syntax for type integer: "marija@example.rs"'), { severity: 'ERROR', code: '22P02', routine: 'pg_strtoint32_safe' });
    const drizzle = Object.assign(new Error('Failed query: select $1::int\nparams: marija@example.rs', { cause: pgErr }), { query: 'select $1::int', params: ['marija@example.rs'] });
    const out = JSON.stringify(safeError(drizzle));
    expect(out).not.toContain('marija');
    expect(out).toContain('Failed query: select $1::int');
    expect(out).toContain('PostgreSQL error 22P02 (routine pg_strtoint32_safe)');
  });
});
