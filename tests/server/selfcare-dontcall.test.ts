// @vitest-environment node
// Do-not-call register (seed 001 §7, §9): a code sent to the number confirms adding or removing a mobile number or a
// fixed line; the entry takes effect from the next day (Belgrade, controllable clock); wrong, expired and reused
// codes; bad input; two concurrent adds list the number once. The contact form (POST /contactMts) is stored and
// acknowledged with a ticket; the shops of "Kako do nas" come from the stores table (GET /stores).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { oneTimeCodes, outbox } from '../../server/outbox/schema';
import { selfcareContactMessages, selfcareDontCall } from '../../server/selfcare/schema';
import { stores, storeView } from '../../server/selfcare/index';
import { drivers, GATEWAY_SECRET, loadUi, Shopper, startApp, type Harness } from './helpers';

const B = '/hybris/ecommerce/b2c/v1';
const OTP = `${B}/users/dontcall/requestotp`;
const MSISDN_ADD = `${B}/users/dontcall/msisdn/add`;
const MSISDN_REMOVE = `${B}/users/dontcall/msisdn/remove`;
const HOME_ADD = `${B}/users/dontcall/homeline/add`;
const HOME_REMOVE = `${B}/users/dontcall/homeline/remove`;
const STATUS = `${B}/users/dontcall/status`;
const EN_NOT_SENT = (JSON.parse(readFileSync(new URL('../../schemas/messages/en.json', import.meta.url), 'utf8')) as Record<string, string>)['otp.error.otpNotSent'];

describe.each(drivers)('do-not-call register and contact on %s', (_name, url) => {
  let h: Harness;
  let clocked: FastifyInstance;
  // 23:30 in Belgrade on 25 November (22:30 UTC): "the next day" is 26 November
  const now = Date.parse('2026-11-25T22:30:00Z');
  let s: Shopper;
  beforeAll(async () => {
    h = await startApp(url);
    clocked = await buildApp({ db: h.database.db, ui: await loadUi(), gatewaySecret: GATEWAY_SECRET, authRateLimit: 10000, selfcare: { now: () => new Date(now), jobPollMs: 0 } });
    await clocked.ready();
    s = await new Shopper(clocked).login();
  }, 120_000);
  afterAll(async () => { await clocked?.close(); await h?.close(); });

  const db = () => h.database.db;
  const lastCode = async (recipient: string) => {
    const [m] = await db().select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id)).limit(1);
    return /\b(\d{6})\b/.exec(m!.body)![1]!;
  };
  const openRows = (number: string) => db().select().from(selfcareDontCall).where(and(eq(selfcareDontCall.number, number), isNull(selfcareDontCall.removedAt)));
  const wrongOf = (code: string) => (code === '100000' ? '100001' : '100000');

  it('adds a mobile number confirmed by the code sent to it (by SMS); effective from the next day in Belgrade', async () => {
    const otp = await s.call('POST', OTP, { kind: 'MSISDN', action: 'ADD', number: '+381 64 555 0001' });
    expect(otp.statusCode, otp.body).toBe(200);
    expect(otp.json()).toEqual({ number: '064 5550001', expiresInSeconds: 60 });
    const [sms] = await db().select().from(outbox).where(eq(outbox.recipient, '381645550001')).orderBy(desc(outbox.id)).limit(1);
    expect(sms!.channel).toBe('SMS');
    const code = await lastCode('381645550001');
    const res = await s.call('POST', MSISDN_ADD, { msisdn: '0645550001', code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'MSISDN', number: '064 5550001', listed: true, effective: false, effectiveFrom: '2026-11-26' });
    expect(res.json().message).toBe('Broj 064 5550001 biće u registru „Ne zovi” od 26.11.2026.');
    expect(await openRows('381645550001')).toHaveLength(1);
    const st = await s.call('GET', `${STATUS}?kind=MSISDN&number=0645550001`);
    expect(st.json()).toMatchObject({ listed: true, effective: false, effectiveFrom: '2026-11-26' });
  });

  it('the code is single use: the same code again is refused and the number stays listed once', async () => {
    await s.call('POST', OTP, { kind: 'MSISDN', action: 'ADD', number: '0645550002' });
    const code = await lastCode('381645550002');
    expect((await s.call('POST', MSISDN_ADD, { msisdn: '0645550002', code })).statusCode).toBe(200);
    const again = await s.call('POST', MSISDN_ADD, { msisdn: '0645550002', code });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0]).toMatchObject({ type: 'ValidationError', reason: 'alreadyListed' });
    // asking for a new code to add it again is refused too
    const otp = await s.call('POST', OTP, { kind: 'MSISDN', action: 'ADD', number: '0645550002' });
    expect(otp.statusCode).toBe(400);
    expect(otp.json().errors[0].message).toBe('Broj 064 5550002 je već u registru „Ne zovi”.');
    expect(await openRows('381645550002')).toHaveLength(1);
  });

  it('a wrong code, a code never sent, a code of another session and an expired code are refused with their messages', async () => {
    const number = '0645550003';
    const none = await s.call('POST', MSISDN_ADD, { msisdn: number, code: '123456' });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0]).toMatchObject({ reason: 'otpNotSent', message: 'Potrebno je poslati kod.' });
    await s.call('POST', OTP, { kind: 'MSISDN', action: 'ADD', number });
    const code = await lastCode('381645550003');
    const wrong = await s.call('POST', MSISDN_ADD, { msisdn: number, code: wrongOf(code) });
    expect(wrong.json().errors[0]).toMatchObject({ reason: 'otpWrong', subject: 'code', message: 'Kod nije ispravan.' });
    const other = await new Shopper(clocked).login();
    expect((await other.call('POST', MSISDN_ADD, { msisdn: number, code })).json().errors[0].reason).toBe('otpNotSent');
    await db().update(oneTimeCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(and(eq(oneTimeCodes.subject, '381645550003'), isNull(oneTimeCodes.usedAt)));
    const expired = await s.call('POST', MSISDN_ADD, { msisdn: number, code });
    expect(expired.json().errors[0]).toMatchObject({ reason: 'otpExpired', message: 'Kod je istekao. Pošalji novi kod.' });
    expect(await openRows('381645550003')).toHaveLength(0);
    // English
    const en = await new Shopper(clocked, '2').login();
    expect((await en.call('POST', MSISDN_ADD, { msisdn: number, code })).json().errors[0].message).toBe(EN_NOT_SENT);
  });

  it('removes a seeded fixed line (effective to the next day); removing it again is refused', async () => {
    const otp = await s.call('POST', OTP, { kind: 'HOMELINE', action: 'REMOVE', number: '011 300-4000' });
    expect(otp.statusCode, otp.body).toBe(200);
    expect(otp.json().number).toBe('011 3004000');
    const code = await lastCode('0113004000');
    const res = await s.call('POST', HOME_REMOVE, { homeLineNumber: '0113004000', code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'HOMELINE', listed: false, effectiveTo: '2026-11-26' });
    expect(res.json().message).toContain('26.11.2026.');
    expect(await openRows('0113004000')).toHaveLength(0);
    const again = await s.call('POST', OTP, { kind: 'HOMELINE', action: 'REMOVE', number: '0113004000' });
    expect(again.json().errors[0]).toMatchObject({ reason: 'notListed', message: 'Broj 011 3004000 nije u registru „Ne zovi”.' });
  });

  it('adds a fixed line and removes a seeded mobile number', async () => {
    await s.call('POST', OTP, { kind: 'HOMELINE', action: 'ADD', number: '0215550001' });
    const add = await s.call('POST', HOME_ADD, { homeLineNumber: '0215550001', code: await lastCode('0215550001') });
    expect(add.json()).toMatchObject({ number: '021 5550001', listed: true, effectiveFrom: '2026-11-26' });
    const before = await s.call('GET', `${STATUS}?kind=MSISDN&number=0621234567`);
    expect(before.json()).toMatchObject({ listed: true, effective: true, effectiveFrom: '2026-01-15' });
    await s.call('POST', OTP, { kind: 'MSISDN', action: 'REMOVE', number: '0621234567' });
    const rm = await s.call('POST', MSISDN_REMOVE, { msisdn: '0621234567', code: await lastCode('381621234567') });
    expect(rm.statusCode, rm.body).toBe(200);
    expect((await s.call('GET', `${STATUS}?kind=MSISDN&number=0621234567`)).json().listed).toBe(false);
  });

  it('two concurrent adds of one number (two sessions, each with its code) list it once', async () => {
    const a = await new Shopper(clocked).login();
    const b = await new Shopper(clocked).login();
    await a.call('POST', OTP, { kind: 'MSISDN', action: 'ADD', number: '0645550009' });
    const codeA = await lastCode('381645550009');
    await b.call('POST', OTP, { kind: 'MSISDN', action: 'ADD', number: '0645550009' });
    const codeB = await lastCode('381645550009');
    const [ra, rb] = await Promise.all([
      a.call('POST', MSISDN_ADD, { msisdn: '0645550009', code: codeA }),
      b.call('POST', MSISDN_ADD, { msisdn: '0645550009', code: codeB }),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 400]);
    expect(await openRows('381645550009')).toHaveLength(1);
  });

  it('refuses bad input with 400 and a message: malformed numbers, a mobile number as a fixed line, missing code, unknown kind', async () => {
    const cases: Array<[string, unknown, string]> = [
      [OTP, { kind: 'MSISDN', action: 'ADD', number: '0112345678' }, 'Potrebno je uneti validni broj mobilnog telefona.'],
      [OTP, { kind: 'MSISDN', action: 'ADD', number: '06x' }, 'Potrebno je uneti validni broj mobilnog telefona.'],
      [OTP, { kind: 'HOMELINE', action: 'ADD', number: '0641234567' }, 'Potrebno je uneti validan broj fiksne linije sa pozivnim brojem (npr. 011 3004000).'],
      [OTP, { kind: 'HOMELINE', action: 'ADD', number: '011' }, 'Potrebno je uneti validan broj fiksne linije sa pozivnim brojem (npr. 011 3004000).'],
    ];
    for (const [path, body, message] of cases) {
      const res = await s.call('POST', path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].message).toBe(message);
    }
    for (const [path, body] of [[OTP, { kind: 'FAX', action: 'ADD', number: '0641234567' }], [MSISDN_ADD, { msisdn: '0641234567' }], [HOME_ADD, { homeLineNumber: 'x'.repeat(21), code: '123456' }], [OTP, { kind: 'MSISDN', action: 'ADD', number: '0641234567', extra: 1 }]] as const) {
      const res = await s.call('POST', path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].type).toBe('ValidationError');
    }
    const anon = await clocked.inject({ method: 'POST', url: OTP, payload: { kind: 'MSISDN', action: 'ADD', number: '0641234567' } });
    expect(anon.statusCode).toBe(401);
  });

  it('stores a contact message with a ticket, sends a confirmation e-mail and acknowledges it in the shopper\'s language', async () => {
    const body = { topic: 'BILLING', firstName: 'Ana', lastName: 'Marić', email: 'ana.maric@primer.rs', phone: '0641112233', message: 'Račun za oktobar mi nije stigao.' };
    const res = await s.call('POST', `${B}/contactMts/general`, body);
    expect(res.statusCode, res.body).toBe(200);
    const { ticket, message } = res.json();
    expect(ticket).toMatch(/^KT\d{8}$/);
    expect(message).toBe(`Tvoja poruka je zavedena pod brojem ${ticket}. Potvrdu smo poslali na ana.maric@primer.rs, a odgovor stiže u roku od jednog radnog dana.`);
    const [row] = await db().select().from(selfcareContactMessages).where(eq(selfcareContactMessages.ticket, ticket));
    expect(row).toMatchObject({ topic: 'BILLING', firstName: 'Ana', email: 'ana.maric@primer.rs', phone: '0641112233', lang: 'sr' });
    const [mail] = await db().select().from(outbox).where(eq(outbox.recipient, 'ana.maric@primer.rs'));
    expect(mail!.subject).toContain(ticket);
    const en = await new Shopper(clocked, '2').login();
    const r2 = await en.call('POST', `${B}/contactMts/general`, { ...body, phone: undefined, message: 'Where is my October bill?' });
    expect(r2.json().message).toMatch(/^Your message is filed under number KT\d{8}\./);
  });

  it('refuses a bad contact message with the field and the message', async () => {
    const ok = { topic: 'GENERAL', firstName: 'Ana', lastName: 'Marić', email: 'ana@primer.rs', message: 'Dovoljno duga poruka.' };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ email: 'ana@primer' }, 'email', 'Unesi validnu imejl adresu.'],
      [{ email: 'ćana@primer.rs' }, 'email', 'Unesi validnu imejl adresu.'],
      [{ phone: '06412' }, 'phone', 'Potrebno je uneti validni broj mobilnog telefona.'],
      [{ firstName: 'Ana1' }, 'firstName', 'Uneti karakter nije slovo.'],
      [{ message: 'Kratko' }, 'message', 'Polje mora imati između 10 i 2000 karaktera.'],
      [{ message: '          x' }, 'message', 'Polje mora imati između 10 i 2000 karaktera.'],
    ];
    for (const [patch, subject, message] of cases) {
      const res = await s.call('POST', `${B}/contactMts/general`, { ...ok, ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ type: 'ValidationError', subject, message });
    }
    for (const patch of [{ topic: 'SPAM' }, { message: 'x'.repeat(2001) }, { firstName: '' }]) {
      expect((await s.call('POST', `${B}/contactMts/general`, { ...ok, ...patch })).statusCode, JSON.stringify(patch)).toBe(400);
    }
  });

  it('answers the seeded shops from the stores table in both languages; stores() gives delivery the pickup points', async () => {
    const sr = (await s.call('GET', `${B}/stores`)).json().stores;
    expect(sr.length).toBeGreaterThanOrEqual(5);
    expect(sr[0]).toMatchObject({ code: 'BG-BULEVAR', name: 'Beograd — Bulevar', address: 'Bulevar kralja Aleksandra 73, 11000 Beograd', hours: ['Radnim danima 8–20', 'Subotom 9–15'], pickup: true });
    const en = (await new Shopper(clocked, '2').login().then((x) => x.call('GET', `${B}/stores`))).json().stores;
    expect(en[0]).toMatchObject({ name: 'Belgrade — Bulevar', address: 'Bulevar kralja Aleksandra 73, 11000 Belgrade', hours: ['Weekdays 8–20', 'Saturdays 9–15'] });
    const pickup = await stores(db(), { pickupOnly: true });
    expect(pickup.map((r) => storeView(r, 'sr').code)).toContain('NS-CENTAR');
    // the one list of shops: every city of the former delivery list too (Subotica, Čačak), with its address parts
    expect(sr.map((x: { code: string }) => x.code)).toEqual(['BG-BULEVAR', 'BG-USCE', 'NS-CENTAR', 'NI-CENTAR', 'KG-CENTAR', 'SU-KORZO', 'CA-CENTAR']);
    expect(pickup.find((r) => r.code === 'BG-USCE')).toMatchObject({ street: 'Bulevar Mihajla Pupina', streetNumber: '4', suburb: 'TC Ušće' });
  });
});
