// @vitest-environment node
// Prepaid registration (seed 001 §4, §5, §7, §9): the /blinking checks, registration with document, code, consent
// and a video slot (one registration per slot, concurrently), bad input → 400, and the 24-hour window: the expiry
// job (claimed with SKIP LOCKED, run twice at once) releases the reserved funds once — with a controllable clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { openPrepaidRegistration, registrationOf, runDueJobs } from '../../server/selfcare/prepaid';
import { selfcareSubscribers } from '../../server/selfcare/schema';
import { drivers, GATEWAY_SECRET, loadUi, Shopper, startApp, type Harness } from './helpers';

const CHECK = '/hybris/selfcare/b2c/v1/blinking/users/prepaid/check';
const CUSTOMER = '/hybris/selfcare/b2c/v1/customerid/check';
const CLOSING = '/hybris/selfcare/b2c/v1/closing-time';
const REGISTER = '/hybris/selfcare/b2c/v1/blinking';
const JMBG = '0101990710008';

describe.each(drivers)('prepaid registration on %s', (_name, url) => {
  let h: Harness;
  let app: FastifyInstance;
  let now = new Date();
  let s: Shopper;
  beforeAll(async () => {
    h = await startApp(url);
    app = await buildApp({ db: h.database.db, ui: await loadUi(), gatewaySecret: GATEWAY_SECRET, authRateLimit: 10000, selfcare: { now: () => now, jobPollMs: 0 } });
    await app.ready();
    s = await new Shopper(app).login();
  }, 120_000);
  afterAll(async () => { await app?.close(); await h?.close(); });

  const get = (u: string) => app.inject({ method: 'GET', url: u });
  const slots = async (msisdn: string) => (await get(`${CLOSING}?msisdn=${msisdn}`)).json().slots as string[];
  const body = (msisdn: string, code: string, videoSlot: string, extra: Record<string, unknown> = {}) => ({
    msisdn, code, customerId: JMBG, firstName: 'Ana', lastName: 'Marković', documentType: 'ID_CARD', documentNumber: '009876543', consent: true, videoSlot, ...extra,
  });

  it('checks: a number awaiting registration, its deadline, the customer id and the video hours', async () => {
    const res = (await get(`${CHECK}?msisdn=${encodeURIComponent('+381641111111')}`)).json();
    expect(res).toMatchObject({ msisdn: '064 1111111', isPrePaid: true, status: 'PENDING', registrationRequired: true });
    expect(Date.parse(res.deadline) - Date.now()).toBeGreaterThan(21 * 3_600_000);
    expect((await get(`${CHECK}?msisdn=0641234567`)).json()).toMatchObject({ status: 'NOT_REQUIRED', registrationRequired: false });
    expect((await get(`${CHECK}?msisdn=12`)).json().errors[0].message).toBe('Broj nije validan.');
    expect((await get(`${CUSTOMER}?customerId=${JMBG}`)).json()).toMatchObject({ valid: true, adult: true });
    expect((await get(`${CUSTOMER}?customerId=0101990710009`)).statusCode).toBe(400);
    const minor = (await get(`${CUSTOMER}?customerId=0101015710005`)).json();
    expect(minor.errors[0].message).toBe('Uneti JMBG je od maloletnog lica');
    const c = (await get(CLOSING)).json();
    expect(c).toMatchObject({ openingTime: '08:00', closingTime: '20:00' });
    expect(c.slots.length).toBe(8);
  });

  it('bad input → 400: code length, wrong code, no consent, unknown slot, malformed body', async () => {
    const slot = (await slots('0641111112'))[0];
    const post = (b: unknown) => s.call('POST', REGISTER, b);
    expect((await post(body('0641111112', 'ORB11', slot))).json().errors[0].message).toBe('Kod mora imati 6 karaktera.');
    expect((await post(body('0641111112', 'XXXXXX', slot))).json().errors[0].reason).toBe('wrongCode');
    expect((await post(body('0641111112', 'ORB112', slot, { consent: false }))).json().errors[0].reason).toBe('consentRequired');
    expect((await post(body('0641111112', 'ORB112', '2026-01-01T03:00:00.000Z'))).json().errors[0].reason).toBe('invalidSlot');
    expect((await post(body('0641111112', 'ORB112', slot, { documentType: 'DRIVING' }))).statusCode).toBe(400);
    expect((await post(body('0641111112', 'ORB112', slot, { videoSlot: 'soon' }))).statusCode).toBe(400);
    expect((await post({ msisdn: '0641111112' })).statusCode).toBe(400);
    expect((await post(body('0641234567', 'ORB112', slot))).statusCode).toBe(409);
    expect((await registrationOf(h.database.db, '0641111112'))!.status).toBe('PENDING');
  });

  it('registers once; two numbers racing for one slot: one gets it, the other is told to choose again', async () => {
    const slot = (await slots('0641111113'))[0];
    const [a, b] = await Promise.all([
      s.call('POST', REGISTER, body('0641111113', 'orb113', slot)),
      s.call('POST', REGISTER, body('0641111114', 'ORB114', slot)),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().errors[0].reason).toBe('slotTaken');
    const winner = a.statusCode === 200 ? '0641111113' : '0641111114';
    expect((await registrationOf(h.database.db, winner))).toMatchObject({ status: 'REGISTERED', firstName: 'Ana', documentType: 'ID_CARD' });
    expect((await slots('0641111112'))).not.toContain(slot);
    const again = await s.call('POST', REGISTER, body(winner, winner.endsWith('3') ? 'ORB113' : 'ORB114', (await slots(winner))[0]));
    expect(again.json().errors[0].reason).toBe('alreadyRegistered');
  });

  it('after 24 hours the expiry job releases the reserved funds once; a registered number keeps them', async () => {
    const purchasedAt = new Date();
    await h.database.db.insert(selfcareSubscribers).values([{ msisdn: '381649990001', kind: 'PREPAID' }, { msisdn: '381649990002', kind: 'PREPAID' }]);
    await openPrepaidRegistration(h.database.db, { msisdn: '381649990001', code: 'AAA111', purchasedAt, reservedAmount: 99_900 });
    await openPrepaidRegistration(h.database.db, { msisdn: '381649990002', code: 'BBB222', purchasedAt, reservedAmount: 99_900 });
    // one registers in time
    now = new Date(purchasedAt.getTime() + 60_000);
    const slot = (await slots('0649990002'))[0];
    expect((await s.call('POST', REGISTER, body('0649990002', 'BBB222', slot))).statusCode).toBe(200);
    // nothing is due before the deadline
    expect((await runDueJobs(h.database.db, now)).filter((j) => j.subject.startsWith('38164999'))).toEqual([]);
    now = new Date(purchasedAt.getTime() + 24 * 3_600_000 + 1);
    const late = await s.call('POST', REGISTER, body('0649990001', 'AAA111', slot));
    expect(late.statusCode).toBe(409);
    expect(late.json().errors[0].message).toContain('24');
    const runs = await Promise.all([runDueJobs(h.database.db, now), runDueJobs(h.database.db, now)]);
    const mine = runs.flat().filter((j) => j.subject.startsWith('38164999'));
    expect(mine.sort((x, y) => x.subject.localeCompare(y.subject))).toEqual([
      { subject: '381649990001', result: 'released' }, { subject: '381649990002', result: 'registered' },
    ]);
    expect(await registrationOf(h.database.db, '0649990001')).toMatchObject({ status: 'EXPIRED', reservedAmount: 0 });
    expect(await registrationOf(h.database.db, '0649990002')).toMatchObject({ status: 'REGISTERED', reservedAmount: 99_900 });
    expect((await runDueJobs(h.database.db, now)).filter((j) => j.subject.startsWith('38164999'))).toEqual([]);
    expect((await get(`${CHECK}?msisdn=0649990001`)).json().status).toBe('EXPIRED');
  });
});
