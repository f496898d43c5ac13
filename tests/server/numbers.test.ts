// @vitest-environment node
// The MSISDN calls (seed 001 §7 /users/phone/carts/msisdns…) of server/numbers/: lists, reservation held in the
// database (two carts never hold one number; a hold expires and the release job claims its row), own numbers, port-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { msisdnReservations, numberJobs, cartNumberChoices } from '../../server/numbers/schema';
import { outbox } from '../../server/outbox/schema';
import { runDueNumberJobs, nationalMsisdn, formatMsisdn } from '../../server/numbers/service';
import { drivers, givePersonalData, GUEST, PATHS, RELAXED_LIMITS, REQUIRED_CONSENTS, Shopper, startApp, type Harness } from './helpers';
import { Customer } from './commerce-helpers';

const B = '/hybris/ecommerce/b2c/v1/users/phone/carts/msisdns';
const N = {
  list: B, registered: `${B}/registered/mobile`, check: `${B}/check`, portIn: `${B}/portin`, otp: `${B}/requestotp`,
  reserve: `${B}/reserve`, new: `${B}/new`, registeredNew: `${B}/registered/mobile/new`, choice: `${B}/new/checkout`,
};

describe('number formats (seed 001 §9 prefixes)', () => {
  it('reads the usual ways of writing a mobile number and refuses other prefixes', () => {
    expect(nationalMsisdn('+381 64 123 4567')).toBe('0641234567');
    expect(nationalMsisdn('00381641234567')).toBe('0641234567');
    expect(nationalMsisdn('381-65-1234567')).toBe('0651234567');
    expect(nationalMsisdn('0676123123')).toBe('0676123123');
    expect(nationalMsisdn('0675123123')).toBe(null); // 0675 is not a mobile prefix
    expect(nationalMsisdn('0111234567')).toBe(null);
    expect(formatMsisdn('0641234567')).toBe('064 123 4567');
    expect(formatMsisdn('0676123123')).toBe('0676 123 123');
  });
});

describe.each(drivers)('numbers on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url); }, 120_000);
  afterAll(async () => { await h?.close(); });

  it('lists free numbers at no charge and nice numbers priced in RSD; the search tab filters by digits', async () => {
    const s = await new Shopper(h.app).login();
    const free = (await s.call('GET', `${N.list}?type=FREE&pageSize=50`)).json().msisdns;
    expect(free.length).toBeGreaterThan(20);
    expect(free.every((n: { type: string; price: { value: number } }) => n.type === 'FREE' && n.price.value === 0)).toBe(true);
    const nice = (await s.call('GET', `${N.list}?type=NICE`)).json().msisdns;
    expect(nice.find((n: { msisdn: string }) => n.msisdn === '0647777777')).toMatchObject({ msisdnFormatted: '064 777 7777', price: { value: 6990, formattedValue: '6.990,00 RSD' }, esimCapable: true });
    const found = (await s.call('GET', `${N.list}?query=7777777`)).json().msisdns;
    expect(found.map((n: { msisdn: string }) => n.msisdn)).toEqual(['0647777777']);
  });

  it('bad input → 400 with errors[0].type and a message in the shopper\'s language', async () => {
    const s = await new Shopper(h.app).login();
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', N.reserve, { msisdn: '0111234567' }, 'ValidationError'],
      ['POST', N.reserve, { msisdn: '0641111111', extra: 1 }, 'ValidationError'],
      ['POST', N.reserve, {}, 'ValidationError'],
      ['GET', `${N.list}?type=GOLD`, undefined, 'ValidationError'],
      ['GET', N.check, undefined, 'ValidationError'],
      ['POST', N.portIn, { msisdn: '0631112233', operator: 'A1', simSerialNumber: '8938101234567890123', puk: '1234', otpCode: '123456' }, 'ValidationError'],
      ['POST', N.portIn, { msisdn: '0631112233', operator: 'Telenor', simSerialNumber: '8938101234567890123', puk: '12345678', otpCode: '123456' }, 'ValidationError'],
    ];
    for (const [method, path, body, type] of cases) {
      const r = await s.call(method as 'GET', path, body);
      expect(r.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(r.json().errors[0].type).toBe(type);
      expect(r.json().errors[0].message).toBeTruthy();
    }
    const prefix = (await s.call('POST', N.reserve, { msisdn: '0111234567' })).json().errors[0];
    expect(prefix.message).toMatch(/^Unesi mobilni broj koji počinje sa 060, 061/);
    const puk = (await s.call('POST', N.portIn, { msisdn: '0631112233', operator: 'A1', simSerialNumber: '8938101234567890123', puk: '1234', otpCode: '1' })).json().errors[0];
    expect(puk.message).toBe('PUK kod mora imati 8 cifara.');
    const noCode = (await s.call('POST', N.portIn, { msisdn: '0631112233', operator: 'Yettel', simSerialNumber: '8938101234567890123', puk: '12345678', otpCode: '123456' })).json().errors[0];
    expect(noCode.message).toBe('Potrebno je poslati kod.');
    const en = new Shopper(h.app, '2');
    await en.login();
    expect((await en.call('POST', N.reserve, { msisdn: '0111234567' })).json().errors[0].message).toMatch(/^Enter a mobile number/);
    expect((await s.call('POST', N.reserve, { msisdn: '0640000001' })).statusCode).toBe(404);
  });

  it('a reserved number is held for its cart: another cart gets 409 "taken", does not see it listed, check says unavailable', async () => {
    const a = await new Shopper(h.app).login();
    const b = await new Shopper(h.app).login();
    const r = await a.call('POST', N.reserve, { msisdn: '064 222 2222' });
    expect(r.statusCode).toBe(200);
    expect(r.json().choice).toMatchObject({ option: 'MOBILE_NEW_SELECTION', msisdn: '0642222222', msisdnFormatted: '064 222 2222', price: { value: 4990 } });
    expect(Date.parse(r.json().choice.expiresAt)).toBeGreaterThan(Date.now());
    const taken = await b.call('POST', N.reserve, { msisdn: '0642222222' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0]).toMatchObject({ type: 'CartError', reason: 'numberTaken', message: 'Izabrani broj je zauzet. Izaberi drugi broj.' });
    expect((await b.call('GET', `${N.list}?type=NICE&pageSize=50`)).json().msisdns.map((n: { msisdn: string }) => n.msisdn)).not.toContain('0642222222');
    expect((await a.call('GET', `${N.list}?type=NICE&pageSize=50`)).json().msisdns.map((n: { msisdn: string }) => n.msisdn)).toContain('0642222222');
    expect((await b.call('GET', `${N.check}?msisdn=0642222222`)).json()).toMatchObject({ available: false });
    expect((await a.call('GET', `${N.check}?msisdn=0642222222`)).json()).toMatchObject({ available: true });
    // a second number for the same cart lets the first go
    expect((await a.call('POST', N.reserve, { msisdn: '0663333333' })).statusCode).toBe(200);
    expect((await b.call('POST', N.reserve, { msisdn: '0642222222' })).statusCode).toBe(200);
    expect((await a.call('GET', N.choice)).json().choice).toMatchObject({ msisdn: '0663333333' });
  });

  it('two carts racing for one number: exactly one wins, the database holds one reservation', async () => {
    for (const msisdn of ['0655555555', '0698888888', '0633456789']) {
      const shoppers = await Promise.all([0, 1, 2, 3].map(() => new Shopper(h.app).login()));
      const answers = await Promise.all(shoppers.map((s) => s.call('POST', N.reserve, { msisdn })));
      const codes = answers.map((x) => x.statusCode).sort();
      expect(codes).toEqual([200, 409, 409, 409]);
      const rows = await h.database.db.select().from(msisdnReservations).where(eq(msisdnReservations.msisdn, msisdn));
      expect(rows).toHaveLength(1);
    }
  });

  it('a hold that ran out no longer holds: another cart takes it; the release job (SKIP LOCKED) deletes expired holds and their choices once', async () => {
    const a = await new Shopper(h.app).login();
    const b = await new Shopper(h.app).login();
    expect((await a.call('POST', N.reserve, { msisdn: '0601212121' })).statusCode).toBe(200);
    const past = sql`now() - interval '1 minute'`;
    await h.database.db.update(msisdnReservations).set({ expiresAt: past }).where(eq(msisdnReservations.msisdn, '0601212121'));
    expect((await a.call('GET', N.choice)).json().choice).toBe(null); // the shopper picks again
    expect((await b.call('POST', N.reserve, { msisdn: '0601212121' })).statusCode).toBe(200);

    expect((await a.call('POST', N.reserve, { msisdn: '0611001001' })).statusCode).toBe(200);
    await h.database.db.update(msisdnReservations).set({ expiresAt: past }).where(eq(msisdnReservations.msisdn, '0611001001'));
    await h.database.db.update(numberJobs).set({ runAt: past }).where(eq(numberJobs.msisdn, '0611001001'));
    // two pollers at once: each due row is claimed by one of them
    const [x, y] = await Promise.all([runDueNumberJobs(h.database.db), runDueNumberJobs(h.database.db)]);
    expect(x + y).toBeGreaterThanOrEqual(1);
    expect(await h.database.db.select().from(msisdnReservations).where(eq(msisdnReservations.msisdn, '0611001001'))).toHaveLength(0);
    const open = await h.database.db.select().from(numberJobs).where(and(eq(numberJobs.msisdn, '0611001001'), sql`${numberJobs.doneAt} IS NULL`));
    expect(open).toHaveLength(0);
    // b's hold of 0601212121 (taken over, still valid) is untouched by a's old job
    await h.database.db.update(numberJobs).set({ runAt: past }).where(eq(numberJobs.msisdn, '0601212121'));
    await runDueNumberJobs(h.database.db);
    expect(await h.database.db.select().from(msisdnReservations).where(eq(msisdnReservations.msisdn, '0601212121'))).toHaveLength(1);
    expect((await b.call('GET', N.choice)).json().choice).toMatchObject({ msisdn: '0601212121' });
  });

  it('own numbers need a signed-in customer; only the customer\'s own number can be chosen; MOBILE_NEW lets a held number go', async () => {
    const anon = await new Shopper(h.app).login();
    const r = await anon.call('GET', N.registered);
    expect(r.statusCode).toBe(403);
    expect(r.json().errors[0]).toMatchObject({ type: 'ForbiddenError', message: 'Za ovu radnju je potrebno da se prijaviš.' });
    const c = await new Customer(h.app).login();
    await c.signIn('kupac@orbita.rs');
    const own = (await c.call('GET', N.registered)).json().msisdns;
    expect(own.map((n: { msisdnFormatted: string }) => n.msisdnFormatted)).toEqual(['064 123 4567', '065 987 6543']);
    const notOwn = await c.call('POST', N.registeredNew, { msisdn: '0651234567' });
    expect(notOwn.statusCode).toBe(400);
    expect(notOwn.json().errors[0].message).toBe('Broj 065 123 4567 nije tvoj broj.');
    expect((await c.call('POST', N.registeredNew, { msisdn: '0659876543' })).json().choice).toMatchObject({ option: 'MOBILE_EXISTING', msisdn: '0659876543' });
    expect((await c.call('POST', N.reserve, { msisdn: '0649090909' })).statusCode).toBe(200);
    expect((await c.call('POST', N.new, {})).json().choice).toMatchObject({ option: 'MOBILE_NEW', msisdn: null });
    expect((await anon.call('POST', N.reserve, { msisdn: '0649090909' })).statusCode).toBe(200);
  });

  it('port-in: the code goes to the number (outbox), a wrong code is refused, the right one records operator and SIM', async () => {
    const s = await new Shopper(h.app).login();
    const sent = await s.call('POST', N.otp, { msisdn: '063 111 2233' });
    expect(sent.json()).toEqual({ msisdn: '0631112233', otpSent: true, expiresInSeconds: 60 });
    const [msg] = await h.database.db.select().from(outbox).where(eq(outbox.recipient, '0631112233')).orderBy(desc(outbox.id)).limit(1);
    expect(msg.channel).toBe('SMS');
    const code = /(\d{6})/.exec(msg.body)![1];
    const body = { msisdn: '0631112233', operator: 'Yettel', simSerialNumber: '8938101234567890123', puk: '87654321' };
    const wrong = await s.call('POST', N.portIn, { ...body, otpCode: code === '111111' ? '222222' : '111111' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].message).toBe('Kod nije ispravan.');
    const ok = await s.call('POST', N.portIn, { ...body, otpCode: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().choice).toMatchObject({ option: 'MOBILE_PORT_IN', msisdn: '0631112233', operator: 'Yettel' });
    // a used code does not work twice
    expect((await s.call('POST', N.portIn, { ...body, otpCode: code })).json().errors[0].message).toBe('Potrebno je poslati kod.');
    const rows = await h.database.db.select().from(cartNumberChoices).where(eq(cartNumberChoices.msisdn, '0631112233'));
    expect(rows[0]).toMatchObject({ simSerialNumber: '8938101234567890123' });
    expect(JSON.stringify(rows[0])).not.toContain('87654321'); // the PUK is not stored
  });
  it('port-in refuses a number already ours (the customer\'s own, a subscriber line, a pool number) and one in another open order', async () => {
    const body = { operator: 'A1', simSerialNumber: '8938101234567890123', puk: '87654321', otpCode: '123456' };
    const c = await new Customer(h.app).login();
    await c.signIn('kupac@orbita.rs');
    const sentBefore = (await h.database.db.select().from(outbox)).length;
    // issue 27: the customer's own number was accepted as coming from another operator
    for (const [msisdn, formatted] of [['0641234567', '064 123 4567'], ['0601234567', '060 123 4567'], ['0647777777', '064 777 7777'], ['0651234567', '065 123 4567']]) {
      const otp = await c.call('POST', N.otp, { msisdn });
      expect(otp.statusCode, msisdn).toBe(400);
      expect(otp.json().errors[0]).toMatchObject({ type: 'ValidationError', reason: 'numberAlreadyOurs', subject: 'msisdn' });
      expect(otp.json().errors[0].message).toBe(`Broj ${formatted} je već u mreži Orbita Telekom, pa se ne prenosi. Ako je tvoj, izaberi „Postojeći broj“.`);
      const port = await c.call('POST', N.portIn, { ...body, msisdn });
      expect(port.json().errors[0].reason, msisdn).toBe('numberAlreadyOurs');
    }
    expect((await h.database.db.select().from(outbox)).length).toBe(sentBefore); // no code went to our numbers
    const en = await new Shopper(h.app, '2').login();
    expect((await en.call('POST', N.otp, { msisdn: '0641234567' })).json().errors[0].message).toBe('The number 064 123 4567 is already on the Orbita Telekom network, so it cannot be ported in. If it is yours, choose "Existing number".');

    // two shoppers port in the same foreign number (send limits relaxed: one SMS per number a minute); the first one's
    // order takes it
    const r = await startApp(url, { limits: RELAXED_LIMITS });
    try {
      const portIn = async (s: Shopper, msisdn: string) => {
        expect((await s.call('POST', N.otp, { msisdn })).statusCode).toBe(200);
        const [msg] = await r.database.db.select().from(outbox).where(eq(outbox.recipient, msisdn)).orderBy(desc(outbox.id)).limit(1);
        return s.call('POST', N.portIn, { ...body, msisdn, otpCode: /(\d{6})/.exec(msg.body)![1] });
      };
      const first = await new Customer(r.app).login();
      await first.signIn('staff@orbita.rs');
      await first.call('DELETE', PATHS.deleteCart);
      expect((await first.call('POST', PATHS.addBundle, { deviceCode: 'SAMSUNG_GALAXY_A56_AWESOME_GRAPHITE', tariffCode: 'ORBITA_MAX_M', subscriptionTermId: 'ORBITA_MAX_M_T24', chargeType: 'ONE_TIME_CHARGE' })).statusCode).toBe(200);
      expect((await first.call('POST', PATHS.guestInfo, GUEST)).statusCode).toBe(200);
      await givePersonalData(first); // a postpaid contract's personal data (its flow's step)
      expect((await first.call('PUT', PATHS.setPaymentType, { paymentMode: 'CreditCard', creditCardPaymentType: 'NEW_CARD' })).statusCode).toBe(200);
      const second = await new Customer(r.app).login();
      await second.signIn('kupac@orbita.rs');
      await second.call('DELETE', PATHS.deleteCart);
      expect((await second.call('POST', PATHS.addBundle, { deviceCode: 'SAMSUNG_GALAXY_A56_AWESOME_GRAPHITE', tariffCode: 'ORBITA_MAX_M', subscriptionTermId: 'ORBITA_MAX_M_T24', chargeType: 'ONE_TIME_CHARGE' })).statusCode).toBe(200);
      expect((await second.call('POST', PATHS.guestInfo, GUEST)).statusCode).toBe(200);
      await givePersonalData(second); // a postpaid contract's personal data (its flow's step)
      expect((await second.call('PUT', PATHS.setPaymentType, { paymentMode: 'CreditCard', creditCardPaymentType: 'NEW_CARD' })).statusCode).toBe(200);
      expect((await portIn(first, '0637771122')).statusCode).toBe(200);
      expect((await portIn(second, '0637771122')).statusCode).toBe(200); // no order has it yet
      const placed = await first.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: false });
      expect(placed.statusCode, placed.body).toBe(200);
      // the second cart's order is refused, and a new port-in of the number too
      const late = await second.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: false });
      expect(late.statusCode).toBe(409);
      expect(late.json().errors[0]).toMatchObject({ type: 'CartError', reason: 'numberInOpenOrder', message: 'Izabrani broj je zauzet. Izaberi drugi broj.' });
      const again = await second.call('POST', N.otp, { msisdn: '063 777 1122' });
      expect(again.statusCode).toBe(409);
      expect(again.json().errors[0]).toMatchObject({ reason: 'numberInOpenOrder', subject: 'msisdn' });
    } finally {
      await r.close();
    }
  });

  it('two orders porting in the same number at the same moment: exactly one is placed', async () => {
    const body = { operator: 'A1', simSerialNumber: '8938101234567890123', puk: '87654321' };
    const r = await startApp(url, { limits: RELAXED_LIMITS });
    try {
      const ready = async (email: string) => {
        const s = await new Customer(r.app).login();
        await s.signIn(email);
        await s.call('DELETE', PATHS.deleteCart);
        expect((await s.call('POST', PATHS.addBundle, { deviceCode: 'SAMSUNG_GALAXY_A56_AWESOME_GRAPHITE', tariffCode: 'ORBITA_MAX_M', subscriptionTermId: 'ORBITA_MAX_M_T24', chargeType: 'ONE_TIME_CHARGE' })).statusCode).toBe(200);
        expect((await s.call('POST', PATHS.guestInfo, GUEST)).statusCode).toBe(200);
        await givePersonalData(s); // a postpaid contract's personal data (its flow's step)
        expect((await s.call('PUT', PATHS.setPaymentType, { paymentMode: 'CreditCard', creditCardPaymentType: 'NEW_CARD' })).statusCode).toBe(200);
        expect((await s.call('POST', N.otp, { msisdn: '0637771133' })).statusCode).toBe(200);
        const [msg] = await r.database.db.select().from(outbox).where(eq(outbox.recipient, '0637771133')).orderBy(desc(outbox.id)).limit(1);
        expect((await s.call('POST', N.portIn, { ...body, msisdn: '0637771133', otpCode: /(\d{6})/.exec(msg.body)![1] })).statusCode).toBe(200);
        return s;
      };
      const a = await ready('staff@orbita.rs');
      const b = await ready('kupac@orbita.rs');
      const placed = await Promise.all([a, b].map((s) => s.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: false })));
      expect(placed.map((p) => p.statusCode).sort()).toEqual([200, 409]);
      expect(placed.find((p) => p.statusCode === 409)!.json().errors[0]).toMatchObject({ reason: 'numberInOpenOrder', subject: 'msisdn' });
    } finally {
      await r.close();
    }
  });

  it('a MOBILE order needs a number; the chosen number stays held for the order', async () => {
    const c = await new Customer(h.app).login();
    await c.signIn('staff@orbita.rs');
    await c.call('DELETE', PATHS.deleteCart);
    expect((await c.call('POST', PATHS.addBundle, { deviceCode: 'SAMSUNG_GALAXY_A56_AWESOME_GRAPHITE', tariffCode: 'ORBITA_MAX_M', subscriptionTermId: 'ORBITA_MAX_M_T24', chargeType: 'ONE_TIME_CHARGE' })).statusCode).toBe(200);
    expect((await c.call('POST', PATHS.validate, { justSteps: true, v2: true })).json().checkoutType).toBe('MOBILE');
    expect((await c.call('POST', PATHS.guestInfo, GUEST)).statusCode).toBe(200);
    await givePersonalData(c); // a postpaid contract's personal data (its flow's step)
    expect((await c.call('PUT', PATHS.setPaymentType, { paymentMode: 'CreditCard', creditCardPaymentType: 'NEW_CARD' })).statusCode).toBe(200);
    const none = await c.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: false });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0]).toMatchObject({ type: 'CartError', reason: 'numberRequired', message: 'Potrebno je izabrati broj telefona.' });
    expect((await c.call('POST', N.reserve, { msisdn: '0622000200' })).statusCode).toBe(200);
    const placed = await c.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: false });
    expect(placed.statusCode, placed.body).toBe(200);
    const [hold] = await h.database.db.select().from(msisdnReservations).where(eq(msisdnReservations.msisdn, '0622000200'));
    expect(hold.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });
});
