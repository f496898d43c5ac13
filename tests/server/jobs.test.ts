// @vitest-environment node
// Durable jobs on pg-boss (issue 30, server/db/jobs.ts), on PGlite and on PostgreSQL (TEST_DATABASE_URL): a job
// written by one instance survives its close and is run by another; a failing job is retried, then lands in the
// dead-letter queue; two instances working one queue (and a job delivered twice) make each effect once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/index';
import { DEAD_LETTER_QUEUE, enqueue, JobWorkers, QUEUES, queueStats } from '../../server/db/jobs';
import { openGuestPrepaidPurchase, runPrepaidJob } from '../../server/selfcare/prepaid';
import { selfcareJobs, selfcarePrepaidRegistrations } from '../../server/selfcare/schema';
import { drivers, GATEWAY_SECRET, loadUi, startApp, type Harness } from './helpers';

const DAY = 24 * 3_600_000;

/** Waits for `check` to hold (polling the database; the bound only ends a hung test). */
async function until(check: () => Promise<boolean>, what: string, boundMs = 60_000): Promise<void> {
  const end = Date.now() + boundMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`never happened: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(drivers)('pg-boss jobs on %s', (_name, url) => {
  let h: Harness;
  let second: Database | null = null;
  /** the second instance's database: its own pool on PostgreSQL, the same PGlite */
  const other = () => second ?? h.database;
  beforeAll(async () => {
    h = await startApp(url);
    if (h.dbUrl) second = await openDatabase({ url: h.dbUrl });
  }, 120_000);
  afterAll(async () => { await second?.close(); await h?.close(); });

  const registration = async (msisdn: string, dueInMs: number) => {
    await openGuestPrepaidPurchase(h.database.db, { msisdn, code: 'JOB123', purchasedAt: new Date(Date.now() - DAY + dueInMs), reservedAmount: 50_000 });
    const [job] = await h.database.db.select().from(selfcareJobs).where(eq(selfcareJobs.subject, msisdn));
    return job.id;
  };
  const statusOf = async (msisdn: string) => (await h.database.db.select().from(selfcarePrepaidRegistrations).where(eq(selfcarePrepaidRegistrations.msisdn, msisdn)))[0];
  const jobRows = async (text: string, values: unknown[]) => (await h.database.jobSql.executeSql(text, values)).rows as Array<Record<string, unknown>>;

  it('a job written by instance A, closed before it is due, is run by instance B', async () => {
    const ui = await loadUi();
    const build = (db: Database) => buildApp({ db: db.db, ui, gatewaySecret: GATEWAY_SECRET, authRateLimit: 10000, jobs: db.jobSql, jobPollSeconds: 0.5 });
    const a: FastifyInstance = await build(h.database);
    await a.ready(); // A's workers run
    const msisdn = '381649991001';
    // due in 3 s: written in the registration's transaction, the pg-boss job is in the database, not in A
    await registration(msisdn, 3_000);
    await a.close(); // A stops (its workers after their current job)
    expect((await statusOf(msisdn)).status).toBe('PENDING');
    const b = await build(other());
    await b.ready();
    try {
      await until(async () => (await statusOf(msisdn)).status === 'EXPIRED', 'instance B released the window');
      const [row] = await h.database.db.select().from(selfcareJobs).where(eq(selfcareJobs.subject, msisdn));
      expect(row).toMatchObject({ status: 'DONE', result: 'released' });
      expect((await statusOf(msisdn)).reservedAmount).toBe(0);
      // pg-boss recorded the job as completed
      await until(async () => (await jobRows(`SELECT state FROM pgboss.job WHERE name = $1 AND data->>'jobId' = $2`, [QUEUES.prepaidExpiry.name, String(row.id)]))[0]?.state === 'completed', 'job completed');
    } finally {
      await b.close();
    }
  }, 120_000);

  it('a failing job is retried, then moved to the dead-letter queue', async () => {
    const id = await enqueue(h.database.db, QUEUES.paymentVoid.name, { kind: 'order', paymentId: `dead-${Date.now()}` });
    // the queue's own delay (a minute, doubling) made short for the test: 2 retries at once
    await h.database.jobSql.executeSql('UPDATE pgboss.job SET retry_limit = 2, retry_delay = 0, retry_backoff = false WHERE id = $1', [id]);
    const tries: number[] = [];
    const workers = new JobWorkers(other().jobSql, { pollSeconds: 0.5 });
    workers.work(QUEUES.paymentVoid.name, async (data, job) => {
      if (job.id === id) tries.push(job.retryCount);
      throw new Error('gateway unreachable');
    });
    await workers.start();
    try {
      await until(async () => (await jobRows('SELECT state FROM pgboss.job WHERE id = $1', [id]))[0]?.state === 'failed', 'the job failed for good');
    } finally {
      await workers.stop();
    }
    expect(tries).toEqual([0, 1, 2]); // the first run and two retries
    const [failed] = await jobRows('SELECT data, output FROM pgboss.job WHERE id = $1', [id]);
    expect((failed.output as { message: string }).message).toBe('gateway unreachable');
    // the dead letter: the same data in shop.dead, waiting for an operator (no worker takes it)
    const dead = await jobRows(`SELECT state, data FROM pgboss.job WHERE name = $1 AND data->>'paymentId' = $2`, [DEAD_LETTER_QUEUE, (failed.data as { paymentId: string }).paymentId]);
    expect(dead).toEqual([{ state: 'created', data: failed.data }]);
    const stats = await queueStats(h.database.jobSql);
    expect(stats.find((q) => q.queue === DEAD_LETTER_QUEUE)!.waiting).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it('two instances working one queue, and a job delivered twice, make each effect once', async () => {
    const msisdns = Array.from({ length: 8 }, (_, i) => `38164999200${i}`);
    const ids: number[] = [];
    for (const m of msisdns) ids.push(await registration(m, -1_000)); // due already
    // each job once more, as a redelivery would (an instance that died mid-run: its job expires and runs again)
    for (const id of ids) await enqueue(h.database.db, QUEUES.prepaidExpiry.name, { jobId: id });
    const effects: Array<{ instance: string; jobId: number; result: string | null }> = [];
    const instance = (name: string, db: Database) => {
      const w = new JobWorkers(db.jobSql, { pollSeconds: 0.5 });
      w.work(QUEUES.prepaidExpiry.name, async (data) => {
        const jobId = Number(data.jobId);
        const result = await runPrepaidJob(db.db, jobId, new Date());
        if (ids.includes(jobId)) effects.push({ instance: name, jobId, result });
      });
      return w;
    };
    const a = instance('A', h.database);
    const b = instance('B', other());
    await Promise.all([a.start(), b.start()]);
    try {
      await until(async () => effects.length === ids.length * 2, 'every delivery ran');
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    // each row's effect once: one delivery released it, the other found it done
    for (const id of ids) {
      const runs = effects.filter((e) => e.jobId === id);
      expect(runs.map((r) => r.result).sort()).toEqual([null, 'released']);
    }
    const regs = await h.database.db.select().from(selfcarePrepaidRegistrations).where(inArray(selfcarePrepaidRegistrations.msisdn, msisdns));
    expect(regs.map((r) => r.status)).toEqual(msisdns.map(() => 'EXPIRED'));
  }, 120_000);
});
