// One factory for both drivers: PGlite (embedded, default) and PostgreSQL (DATABASE_URL).
// Both apply the same drizzle-kit migrations from server/db/migrations.
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { eq, getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './tables';
import { countingLogger, queryStatsEnabled } from './query-stats';
import { isDatabaseUnavailable } from './errors';
import { ensureJobSchema, type JobSql } from './jobs';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * A column as "table"."column" whatever the statement around it: in a one-table select drizzle writes columns bare, so
 * a SQL fragment one module builds for another's statement (a scalar subquery) names its columns with this.
 */
export const qualified = (c: AnyColumn): SQL => sql`${sql.identifier(getTableName(c.table))}.${sql.identifier(c.name)}`;

/**
 * `column = ANY($1)` with the values as one text array parameter: `inArray` writes a parameter a value, which drizzle
 * builds one by one (a page of 400 codes cost the catalogue's full rebuild a second of CPU at 10,000 products).
 */
export const anyOf = (c: AnyColumn, values: readonly string[]): SQL => sql`${c} = ANY(${sql.param(values)}::text[])`;

/**
 * The value of an app_meta key (the db module owns app_meta; other modules ask here, issue 28), made once: the first
 * caller's `value` is recorded (a concurrent caller's insert does nothing) and every caller answers the recorded one.
 */
export async function metaValueOnce(db: DbOrTx, key: string, value: string): Promise<string> {
  await db.insert(schema.appMeta).values({ key, value }).onConflictDoNothing();
  const [row] = await db.select({ value: schema.appMeta.value }).from(schema.appMeta).where(eq(schema.appMeta.key, key));
  return row.value;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  url?: string;
  /** PGlite data folder (default ./data/pglite). */
  dataDir?: string;
  /** In-memory PGlite (tests). */
  memory?: boolean;
  /** In-memory PGlite started from this data folder tar (a migrated and seeded template, `dumpDataDir`). */
  loadDataDir?: Blob;
  /** PostgreSQL only: the session timeouts of every connection (default `sessionTimeouts()`, from the environment). */
  timeouts?: Partial<SessionTimeouts>;
}

/** Limits every PostgreSQL connection of the shop runs with (docs/decisions/0003-security-limits.md). */
export interface SessionTimeouts {
  /** `lock_timeout`: a statement waiting longer than this for a row or table lock fails (55P03 → 503). */
  lockMs: number;
  /** `statement_timeout`: a statement running longer than this is cancelled (57014 → 503). */
  statementMs: number;
  /** `idle_in_transaction_session_timeout`: a connection idle inside an open transaction longer than this is closed
   *  by the server (a frozen instance does not hold its row locks for ever). */
  idleInTransactionMs: number;
  /** The pool's `connectionTimeoutMillis`: a request waits at most this long for a connection (then 503). */
  connectMs: number;
}

const envMs = (name: string, fallback: number): number => {
  const v = process.env[name];
  const n = v === undefined || v === '' ? NaN : Number(v);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
};

/** The defaults, each overridable by the environment: DB_LOCK_TIMEOUT_MS (5 s), DB_STATEMENT_TIMEOUT_MS (15 s),
 *  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS (30 s), DB_CONNECT_TIMEOUT_MS (10 s; a start's first connection is tried 5 times). 0 turns one off (PostgreSQL's meaning). */
export function sessionTimeouts(): SessionTimeouts {
  return {
    lockMs: envMs('DB_LOCK_TIMEOUT_MS', 5_000),
    statementMs: envMs('DB_STATEMENT_TIMEOUT_MS', 15_000),
    idleInTransactionMs: envMs('DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 30_000),
    connectMs: envMs('DB_CONNECT_TIMEOUT_MS', 10_000),
  };
}

/** The libpq `options` that set the timeouts as the session defaults of a connection (RESET returns to them). */
export function timeoutOptions(t: SessionTimeouts): string {
  return `-c lock_timeout=${t.lockMs} -c statement_timeout=${t.statementMs} -c idle_in_transaction_session_timeout=${t.idleInTransactionMs}`;
}

/** PostgreSQL's pool as the metrics read it (server/lib/metrics.ts): pg-pool's own counts and, kept by
 *  openDatabase, how many connections were taken and how long their takers waited in all. */
export interface PoolStats {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
  readonly acquires: number;
  readonly waitMs: number;
}

export interface Database {
  db: Db;
  /** PostgreSQL only: the pool's use and waits. */
  pool?: PoolStats;
  close: () => Promise<void>;
  dialect: 'pglite' | 'postgres';
  /** PGlite only: the data folder as an uncompressed tar (the tests' template database). */
  dumpDataDir?: () => Promise<Blob>;
  /** PostgreSQL only: the notifications of a channel on a connection of their own (see `listenTo`). */
  listen?: Listen;
  /** The job queue's SQL (pg-boss's `db` adapter, server/db/jobs.ts): the pool, or PGlite's connection. */
  jobSql: JobSql;
}

/** Subscribes to a channel's notifications: `message` per notification, `state` true once listening and false when
 *  the connection is lost (it is opened again a second later). Answers the function that stops listening. */
export type Listen = (channel: string, on: { message: (payload: string) => void; state: (live: boolean) => void }) => () => Promise<void>;

/** `Listen` on PostgreSQL: its own client (not the pool's), TCP keep-alive, reconnected a second after a loss. */
function listenTo(pgClient: new (o: { connectionString: string; keepAlive: boolean; options: string; connectionTimeoutMillis: number }) => import('pg').Client, url: string, t: SessionTimeouts): Listen {
  return (channel, on) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
    let stopped = false;
    let client: import('pg').Client | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    const connect = async () => {
      if (stopped) return;
      const c = new pgClient({ connectionString: url, keepAlive: true, options: timeoutOptions(t), connectionTimeoutMillis: t.connectMs });
      client = c;
      const lost = () => {
        if (client !== c) return;
        client = null;
        on.state(false);
        c.end().catch(() => {});
        if (!stopped) retry = setTimeout(() => void connect(), 1000);
      };
      c.on('notification', (n) => { if (n.channel === channel) on.message(n.payload ?? ''); });
      c.on('error', lost);
      c.on('end', lost);
      try {
        await c.connect();
        await c.query(`LISTEN ${channel}`);
        if (client === c && !stopped) on.state(true);
      } catch {
        lost();
      }
    };
    void connect();
    return async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    };
  };
}

/** pg_advisory_lock keys (any constant bigint; the same in every instance). */
export const MIGRATION_LOCK = 804_001;
export const SEED_LOCK = 804_002;

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** True when the newest migration of the journal is recorded in drizzle's table: a start on an up-to-date
 *  database then costs one query instead of drizzle's CREATE SCHEMA/TABLE IF NOT EXISTS and per-migration checks. */
async function migrationsApplied(client: { query: (q: string) => Promise<{ rows: unknown[] }> }): Promise<boolean> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  const newest = Math.max(...journal.entries.map((e) => e.when));
  try {
    const { rows } = await client.query('SELECT max(created_at) AS at FROM drizzle.__drizzle_migrations');
    return Number((rows[0] as { at: unknown } | undefined)?.at ?? 0) >= newest;
  } catch {
    return false;
  }
}

export async function openDatabase(opts: OpenDatabaseOptions = {}): Promise<Database> {
  return opts.url ? openPostgres(opts.url, opts.timeouts) : openPglite(opts);
}

/** PostgreSQL: a pool with the session timeouts, its waits counted, migrated by one instance at a time. */
async function openPostgres(url: string, timeouts: Partial<SessionTimeouts> | undefined): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const t = { ...sessionTimeouts(), ...timeouts };
  const pool = new pg.Pool({
    connectionString: url, max: 10, keepAlive: true, options: timeoutOptions(t), connectionTimeoutMillis: t.connectMs,
  });
  survivePoolErrors(pool);
  const poolStats = countWaits(pool);
  const db = drizzle({ client: pool, schema, ...(queryStatsEnabled() ? { logger: countingLogger } : {}) });
  const jobSql: JobSql = { executeSql: async (text, values) => pool.query(text, values) };
  await migratePostgres(pool, jobSql);
  return { db: db as unknown as Db, pool: poolStats, close: () => pool.end(), dialect: 'postgres', listen: listenTo(pg.Client, url, t), jobSql };
}

/** Connections lost (idle or checked out) must not end the process, nor keep a pool slot for ever. */
function survivePoolErrors(pool: import('pg').Pool): void {
  // An idle client dropped by the server (restart, admin shutdown) must not crash the process.
  pool.on('error', (err: Error & { code?: string }) => {
    if (err.code !== '57P01') console.error(`PostgreSQL idle client error: ${err.message}`);
  });
  // A client checked out by a request or a job whose connection is lost (restart, failover, pg_terminate_backend)
  // emits 'error' too, and an 'error' nobody listens to ends the process. The pending query rejects with the same
  // error (the request answers 503, server/db/errors.ts; its transaction never committed), and pg-pool drops the
  // broken client when it is released, so this listener only keeps the process alive.
  const checkedOut = new WeakSet<object>();
  pool.on('acquire', (client) => { checkedOut.add(client); });
  pool.on('release', (_err, client) => { checkedOut.delete(client); });
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      // reported by the query that was running. One path never gives the client back: drizzle's transaction runs
      // its BEGIN before its try/finally, so a connection lost at BEGIN would keep a pool slot for ever (ten such
      // blips and every request waits for a connection). A broken client still out after 5 s is given back here.
      if (!checkedOut.has(client)) return;
      setTimeout(() => {
        if (checkedOut.has(client)) {
          try { client.release(err); } catch { /* given back meanwhile */ }
        }
      }, 5000).unref();
    });
  });
}

/** The pool's stats, counting how long connections are waited for (pg-pool's query() takes its connection through
 *  connect(callback) too). */
function countWaits(pool: import('pg').Pool): PoolStats {
  const waits = { acquires: 0, waitMs: 0 };
  // biome-ignore lint/suspicious/noConfusingVoidType: pg's connect() is overloaded: with a callback it returns void
  const connect = pool.connect.bind(pool) as (cb?: (err: Error | undefined, client: unknown, release: unknown) => void) => Promise<unknown> | void;
  const timed = (cb?: (err: Error | undefined, client: unknown, release: unknown) => void) => {
    const t0 = performance.now();
    const took = () => { waits.acquires += 1; waits.waitMs += performance.now() - t0; };
    if (typeof cb === 'function') return connect((err, client, release) => { took(); cb(err, client, release); });
    return (connect() as Promise<unknown>).then((c) => { took(); return c; }, (e: unknown) => { took(); throw e; });
  };
  (pool as unknown as { connect: typeof timed }).connect = timed;
  return {
    get totalCount() { return pool.totalCount; }, get idleCount() { return pool.idleCount; }, get waitingCount() { return pool.waitingCount; },
    get acquires() { return waits.acquires; }, get waitMs() { return waits.waitMs; },
  };
}

/** Instances starting at the same moment on one database: one migrates, the others wait for it and then find
 *  every migration applied (drizzle's own CREATE SCHEMA/TABLE IF NOT EXISTS is not safe when run concurrently). */
async function migratePostgres(pool: import('pg').Pool, jobSql: JobSql): Promise<void> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // the first connection is tried a few times: a database still starting, or an event loop busy with the rest of
  // the start (the schema set is checked side by side) past the connect timeout, does not fail the start at once
  let client: import('pg').PoolClient | undefined;
  for (let attempt = 1; !client; attempt++) {
    try {
      client = await pool.connect();
    } catch (err) {
      if (attempt >= 5 || !isDatabaseUnavailable(err)) { await pool.end().catch(() => {}); throw err; }
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }
  try {
    // another instance may be migrating: wait for it as long as it takes (the session defaults return at RESET)
    await client.query('SET lock_timeout = 0; SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    if (!(await migrationsApplied(client))) await migrate(drizzle({ client }), { migrationsFolder });
    // pg-boss's own schema and the shop's queues, beside (never inside) the app's migrations
    await ensureJobSchema(jobSql);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.query('RESET lock_timeout; RESET statement_timeout').catch(() => {});
    client.release();
  }
}

/** PGlite: in memory (optionally from a template) or in a data folder, migrated. */
async function openPglite(opts: OpenDatabaseOptions): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let client: InstanceType<typeof PGlite>;
  if (opts.memory) {
    client = opts.loadDataDir ? new PGlite({ loadDataDir: opts.loadDataDir }) : new PGlite();
  } else {
    const dir = resolve(opts.dataDir ?? './data/pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  const db = drizzle({ client, schema, ...(queryStatsEnabled() ? { logger: countingLogger } : {}) });
  if (!(await migrationsApplied(client))) await migrate(db, { migrationsFolder });
  // pg-boss on PGlite's one connection: a statement list without parameters (its BEGIN; …; COMMIT maintenance and
  // schema migration) goes through `exec`, the rest through `query`
  const pglite = client;
  const jobSql: JobSql = {
    executeSql: async (text, values) => {
      if (!values || values.length === 0) return { rows: (await pglite.exec(text)).at(-1)?.rows ?? [] };
      return { rows: (await pglite.query(text, values as unknown[])).rows };
    },
  };
  await ensureJobSchema(jobSql);
  return { db: db as unknown as Db, close: () => client.close(), dialect: 'pglite', dumpDataDir: () => client.dumpDataDir('none'), jobSql };
}
