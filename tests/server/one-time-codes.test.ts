// @vitest-environment node
// One-time codes (server/outbox/codes.ts): hashed, single use, limited attempts, an expiry, a new code replaces the
// old one, and two concurrent spends of one code: exactly one succeeds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { issueCode, spendCode, CODE_ATTEMPTS, type CodeKey } from '../../server/outbox/index';
import { oneTimeCodes, outbox } from '../../server/outbox/schema';
import type { Requester } from '../../server/lib/limits';
import { drivers, RELAXED_LIMITS, startApp, type Harness } from './helpers';

describe.each(drivers)('one-time codes on %s', (_name, url) => {
  let h: Harness;
  // the send and wrong-code limits are tested in send-limits.test.ts; here they are out of the way
  beforeAll(async () => { h = await startApp(url, { limits: RELAXED_LIMITS }); }, 120_000);
  afterAll(async () => { await h?.close(); });

  let n = 0;
  const key = (): CodeKey => ({ purpose: 'TEST', subject: `kupac${++n}@primer.rs`, sessionId: `s${n}` });
  const sentCode = async (k: CodeKey) => {
    const [m] = await h.database.db.select().from(outbox).where(eq(outbox.recipient, k.subject)).orderBy(desc(outbox.id)).limit(1);
    return /\b(\d{6})\b/.exec(m!.body)![1]!;
  };
  const from = (): Requester => ({ limits: h.app.ctx.limits, ip: '192.0.2.1', sessionId: null });
  const send = (k: CodeKey, seconds = 300) => issueCode(h.database.db, from(), k, 'EMAIL', seconds, (c) => ({ subject: 'Kod', body: `Vaš kod je ${c}.` }));
  const reason = (p: Promise<unknown>) => p.then(() => 'ok', (e: { reason?: string }) => e.reason);

  it('keeps only a hash; the right code works once, then "must be sent"', async () => {
    const k = key();
    const { expiresInSeconds } = await send(k);
    expect(expiresInSeconds).toBe(300);
    const code = await sentCode(k);
    expect(Number(code)).toBeGreaterThanOrEqual(100000);
    const rows = await h.database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.subject, k.subject));
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(await reason(spendCode(h.database.db, h.app.ctx.limits, { ...k, sessionId: 'other' }, code, 'code'))).toBe('otpNotSent');
    expect(await spendCode(h.database.db, h.app.ctx.limits, k, code, 'code', async () => 'done')).toBe('done');
    expect(await reason(spendCode(h.database.db, h.app.ctx.limits, k, code, 'code'))).toBe('otpNotSent');
  });

  it('wrong codes count; after the limit even the right code is expired', async () => {
    const k = key();
    await send(k);
    const code = await sentCode(k);
    const wrong = code === '100000' ? '100001' : '100000';
    for (let i = 0; i < CODE_ATTEMPTS; i++) expect(await reason(spendCode(h.database.db, h.app.ctx.limits, k, wrong, 'code'))).toBe('otpWrong');
    expect(await reason(spendCode(h.database.db, h.app.ctx.limits, k, code, 'code'))).toBe('otpExpired');
  });

  it('an expired code is refused; a new code replaces the old one', async () => {
    const k = key();
    await send(k, 0);
    expect(await reason(spendCode(h.database.db, h.app.ctx.limits, k, await sentCode(k), 'code'))).toBe('otpExpired');
    await send(k);
    const first = await sentCode(k);
    await send(k);
    const second = await sentCode(k);
    if (first !== second) expect(await reason(spendCode(h.database.db, h.app.ctx.limits, k, first, 'code'))).toBe('otpWrong');
    expect(await reason(spendCode(h.database.db, h.app.ctx.limits, k, second, 'code'))).toBe('ok');
  });

  it('two concurrent spends of one code: exactly one succeeds', async () => {
    const k = key();
    await send(k);
    const code = await sentCode(k);
    const results = await Promise.all([1, 2, 3].map(() => reason(spendCode(h.database.db, h.app.ctx.limits, k, code, 'code'))));
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
  });
});
