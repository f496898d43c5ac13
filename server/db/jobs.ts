// Durable background jobs on pg-boss (issue 30): one PostgreSQL job queue for both drivers. pg-boss keeps its own
// schema (`pgboss`, created by openDatabase beside the app's migrations, never by them); a job is written by the
// business transaction that makes it due (`enqueue`, so it exists exactly when that transaction committed), survives
// restarts, and is fetched with SKIP LOCKED by whichever instance polls first. A throwing handler is retried with
// exponential back-off; past the queue's retry limit it lands in the dead-letter queue `shop.dead` (metrics, ops page).
// Delivery is at least once (a job whose instance died mid-run is run again once it expires), so every handler
// guards its effect with a conditional update in the transaction that makes it — the effect happens once.
//
// PGlite: pg-boss 10 runs on it through its `db` adapter (`executeSql`): PGlite is one connection, so pg-boss's
// statements simply take their turn with the app's; its multi-statement maintenance (BEGIN; advisory lock; … COMMIT)
// is sent with `exec`, the parameterised statements with `query`.
import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';

/** The app's database or a transaction of it (server/db's DbOrTx, which imports this module: not imported back). */
export interface SqlRunner { execute(query: SQL): PromiseLike<unknown> }

/** What pg-boss runs its SQL through (its `db` option): the app's pool, or PGlite's one connection. */
export interface JobSql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export const JOB_SCHEMA = 'pgboss';
/** Where a job goes once its retries are spent (nothing works it: it waits for an operator, see docs/OPERATIONS.md). */
export const DEAD_LETTER_QUEUE = 'shop.dead';

/** The shop's queues and their retry policy (the delay doubles each retry with `retryBackoff`). */
export const QUEUES = {
  /** a number reservation's expiry: let the number go if the cart still holds it (server/numbers) */
  numberRelease: { name: 'numbers.release', retryLimit: 5, retryDelay: 30, retryBackoff: true },
  /** the end of a guest prepaid number's 24 h registration window: release the reserved funds (server/selfcare) */
  prepaidExpiry: { name: 'selfcare.prepaid-expiry', retryLimit: 5, retryDelay: 60, retryBackoff: true },
  /** a card payment's void the gateway did not answer: ask again (server/payment, server/selfcare) */
  paymentVoid: { name: 'payments.void', retryLimit: 8, retryDelay: 60, retryBackoff: true },
} as const satisfies Record<string, { name: string; retryLimit: number; retryDelay: number; retryBackoff: boolean }>;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]['name'];

/**
 * Creates pg-boss's schema (or migrates it to this pg-boss version) and the shop's queues, once per database. Run by
 * openDatabase after the app's migrations (PostgreSQL: under the migration lock, so instances starting together do it
 * once); cheap when everything is there.
 */
export async function ensureJobSchema(db: JobSql): Promise<void> {
  const names = [DEAD_LETTER_QUEUE, ...Object.values(QUEUES).map((q) => q.name)];
  try {
    const { rows } = await db.executeSql(`SELECT count(*)::int AS n FROM ${JOB_SCHEMA}.queue WHERE name = ANY($1::text[])`, [names]);
    if ((rows[0] as { n: number }).n === names.length) return;
  } catch { /* no schema yet */ }
  const boss = new PgBoss({ db: db as PgBoss.Db, schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: true });
  await boss.start();
  try {
    if (!(await boss.getQueue(DEAD_LETTER_QUEUE))) await boss.createQueue(DEAD_LETTER_QUEUE, { name: DEAD_LETTER_QUEUE, retryLimit: 0, retentionDays: 30 });
    for (const q of Object.values(QUEUES)) {
      if (!(await boss.getQueue(q.name))) await boss.createQueue(q.name, { ...q, deadLetter: DEAD_LETTER_QUEUE });
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}

/**
 * Writes a job in the caller's transaction (pg-boss's documented raw-SQL insert; the queue's retry policy and dead
 * letter are copied from its row, as `send` does): it runs at `startAfter` (default now) unless that transaction rolls
 * back. Answers the job's id.
 */
export async function enqueue(tx: SqlRunner, queue: QueueName, data: Record<string, unknown>, startAfter: Date = new Date()): Promise<string> {
  const res = await tx.execute(sql`
    INSERT INTO pgboss.job (name, data, start_after, retry_limit, retry_delay, retry_backoff, expire_in, keep_until, dead_letter, policy)
    SELECT q.name, ${JSON.stringify(data)}::jsonb, ${startAfter.toISOString()}::timestamptz, q.retry_limit, q.retry_delay, q.retry_backoff,
      COALESCE(q.expire_seconds, 900) * interval '1 second',
      ${startAfter.toISOString()}::timestamptz + COALESCE(q.retention_minutes, 20160) * interval '1 minute', q.dead_letter, q.policy
    FROM pgboss.queue q WHERE q.name = ${queue}
    RETURNING id`);
  const rows = (res as unknown as { rows?: Array<{ id: string }> }).rows ?? (res as unknown as Array<{ id: string }>);
  if (!rows[0]) throw new Error(`job queue ${queue} does not exist (ensureJobSchema creates it)`);
  return rows[0].id;
}

export type JobHandler = (data: Record<string, unknown>, job: { id: string; retryCount: number }) => Promise<unknown>;

export interface JobWorkersOptions {
  /** how often an idle worker asks for due jobs (pg-boss's polling; default JOBS_POLL_SECONDS or 2, at least 0.5) */
  pollSeconds?: number;
  /** how long a stop waits for the jobs running (then they fail and are retried elsewhere; default 10 s) */
  stopTimeoutMs?: number;
  log?: { error: (o: unknown, msg: string) => void; warn: (o: unknown, msg: string) => void };
}

/** Depth and age of a queue (metrics): jobs waiting to run (created or retry, due), and how long the oldest has waited. */
export interface QueueStats { queue: string; waiting: number; due: number; active: number; oldestDueSeconds: number }

/**
 * An instance's workers: `work` registers a handler before `start`; `stop` lets the running jobs finish (up to the
 * bound) and takes no new ones. Workers of any number of instances share the queues.
 */
export class JobWorkers {
  private boss: PgBoss | null = null;
  private readonly handlers = new Map<QueueName, JobHandler>();
  constructor(private readonly db: JobSql, private readonly opts: JobWorkersOptions = {}) {}

  work(queue: QueueName, handler: JobHandler): void { this.handlers.set(queue, handler); }

  get running(): boolean { return this.boss !== null; }

  async start(): Promise<void> {
    if (this.boss || this.handlers.size === 0) return;
    const env = Number(process.env.JOBS_POLL_SECONDS);
    const poll = Math.max(0.5, this.opts.pollSeconds ?? (Number.isFinite(env) && env > 0 ? env : 2));
    const boss = new PgBoss({ db: this.db as PgBoss.Db, schema: JOB_SCHEMA, migrate: false, schedule: false, supervise: true });
    boss.on('error', (e) => this.opts.log?.error(e, 'job queue'));
    await boss.start();
    this.boss = boss;
    for (const [queue, handler] of this.handlers) {
      await boss.work<Record<string, unknown>>(queue, { pollingIntervalSeconds: poll, batchSize: 1, includeMetadata: true }, async ([job]) => {
        try {
          return await handler(job.data, { id: job.id, retryCount: job.retryCount });
        } catch (e) {
          this.opts.log?.warn({ err: e, queue, job: job.id, retry: job.retryCount }, 'job failed (retried with back-off, then dead-lettered)');
          throw e;
        }
      });
    }
  }

  /** Takes no new job; waits for the running ones up to the bound. */
  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = null;
    await boss?.stop({ graceful: true, wait: true, close: false, timeout: this.opts.stopTimeoutMs ?? 10_000 });
  }
}

/** Every queue's depth and age (one query; `shop.dead`'s waiting jobs are the dead letters). */
export async function queueStats(db: JobSql): Promise<QueueStats[]> {
  const { rows } = await db.executeSql(`
    SELECT q.name AS queue,
      count(j.id) FILTER (WHERE j.state < 'active')::int AS waiting,
      count(j.id) FILTER (WHERE j.state < 'active' AND j.start_after <= now())::int AS due,
      count(j.id) FILTER (WHERE j.state = 'active')::int AS active,
      COALESCE(EXTRACT(epoch FROM now() - min(j.start_after) FILTER (WHERE j.state < 'active' AND j.start_after <= now())), 0)::float8 AS "oldestDueSeconds"
    FROM ${JOB_SCHEMA}.queue q LEFT JOIN ${JOB_SCHEMA}.job j ON j.name = q.name
    GROUP BY q.name ORDER BY q.name`, []);
  return rows as QueueStats[];
}
