// @vitest-environment node
// Scheduled and partial rollout of the UI documents (issue 29, server/publish/rollout.ts, migration 0035): a version
// served to a share of sessions, sticky per session on every instance (a hash of the session id); the kill switch;
// promote; a scheduled publish that goes live at its time (an injected clock, no sleeps); who may do it; the order's
// record of the version and the rollout's share.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { orders } from '../../server/db/tables';
import { sha256 } from '../../server/lib/ids';
import { inRollout, rolloutBucket } from '../../server/publish/rollout';
import { uiLive, uiRollouts } from '../../server/publish/schema';
import { startPublishingPair } from './publish-pair';
import { checkoutReadyShopper, Customer, drivers, GATEWAY_SECRET, PATHS, REQUIRED_CONSENTS, Shopper, type Harness } from './helpers';

const EN = 'schemas/messages/en.json';
const CONTACT = 'schemas/forms/contact.json';
const CONTACT_PAGE = '/Privatni/Korisnicka-zona/Kontakt';
const KEY = 'footer.addons';

describe('the rollout bucket of a session', () => {
  it('is deterministic, and a share of it picks about that share of many sessions', () => {
    const ids = Array.from({ length: 20_000 }, (_, i) => sha256(`session ${i}`));
    expect(rolloutBucket(7, ids[0])).toBe(rolloutBucket(7, ids[0]));
    for (const share of [1, 10, 50, 90]) {
      const picked = ids.filter((id) => inRollout({ id: 7, share }, id)).length / ids.length;
      expect(Math.abs(picked - share / 100)).toBeLessThan(0.01);
    }
    // another rollout picks other sessions (not always the same 10 % of shoppers)
    const a = new Set(ids.filter((id) => inRollout({ id: 1, share: 10 }, id)));
    const both = ids.filter((id) => inRollout({ id: 2, share: 10 }, id) && a.has(id)).length;
    expect(both / a.size).toBeLessThan(0.15);
    expect(ids.every((id) => inRollout({ id: 3, share: 100 }, id))).toBe(true);
  });
});

describe.each(drivers)('scheduled and partial rollout on %s', (_name, url) => {
  let clock = Date.now();
  const now = () => clock;
  let h: Harness;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let editor: Customer;
  let reviewer: Customer;
  let baselineEn: string;
  let close: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    ({ h, a, b, editor, reviewer, baselineEn, close } = await startPublishingPair(url, { now }));
  }, 180_000);
  afterAll(async () => { await close(); });

  const withText = (text: string) => baselineEn.replace(`"${KEY}": "Add-ons",`, `"${KEY}": ${JSON.stringify(text)},`);
  const draft = async (text: string) => {
    const source = (await editor.call('GET', `/studio/api/source?file=${EN}`)).json();
    const res = await editor.call('POST', '/studio/api/save', { file: EN, text: withText(text), revision: source.draft?.revision ?? null });
    expect(res.statusCode).toBe(200);
  };
  /** the manifest a session (its raw cookie) gets from an instance */
  const manifest = (app: FastifyInstance, raw: string) => app.inject({ method: 'GET', url: '/ui/manifest', headers: { cookie: `sid=${raw}` } });
  const versionFor = async (app: FastifyInstance, raw: string) => (await manifest(app, raw)).json().version as number;
  const enText = async (app: FastifyInstance, v: number) => (await app.inject({ method: 'GET', url: `/ui/messages/en?set=${v}` })).json()[KEY] as string;
  const cookies = Array.from({ length: 200 }, (_, i) => `shopper-cookie-${i}`);

  it('anonymous and customer sessions can neither roll out nor read, stop or promote rollouts; an editor cannot roll out', async () => {
    const anonymous = await new Shopper(a).login();
    const customer = await new Customer(a).login().then((c) => c.authorize('kupac@orbita.rs'));
    for (const s of [anonymous, customer]) {
      expect((await s.call('POST', '/studio/api/rollout', { share: 10 })).statusCode).toBe(403);
      expect((await s.call('GET', '/studio/api/rollouts')).statusCode).toBe(403);
      expect((await s.call('POST', '/studio/api/rollouts/1/stop', {})).statusCode).toBe(403);
      expect((await s.call('POST', '/studio/api/rollouts/1/promote', {})).statusCode).toBe(403);
    }
    const refused = await editor.call('POST', '/studio/api/rollout', { share: 10 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0]).toMatchObject({ type: 'ForbiddenError', reason: 'notReviewer' });
    expect((await editor.call('GET', '/studio/api/rollouts')).json()).toEqual({ rollouts: [] });
  });

  it('refuses bad input with a 400 in the user\'s language', async () => {
    await draft('Add-ons (B)');
    expect((await reviewer.call('POST', '/studio/api/rollout', { share: 0 })).statusCode).toBe(400);
    expect((await reviewer.call('POST', '/studio/api/rollout', { share: 10, startsAt: 'tomorrow' })).statusCode).toBe(400);
    const past = await reviewer.call('POST', '/studio/api/rollout', { share: 100 });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors[0].message).toContain('Za objavu za sve');
    const far = await reviewer.call('POST', '/studio/api/rollout', { share: 10, startsAt: new Date(clock + 200 * 86_400_000).toISOString() });
    expect(far.statusCode).toBe(400);
    expect((await reviewer.call('POST', '/studio/api/rollouts/99/stop', {})).statusCode).toBe(409);
  });

  it('a partial rollout serves its version to its share of sessions, the same answer on both instances', async () => {
    // the rollout changes a form's rules too: its validator differs between the versions
    const contact = (await editor.call('GET', `/studio/api/source?file=${CONTACT}`)).json();
    const changed = (contact.text as string).replace('"maxLength": 2000', '"maxLength": 1999');
    expect(changed).not.toBe(contact.text);
    expect((await editor.call('POST', '/studio/api/save', { file: CONTACT, text: changed, revision: contact.draft?.revision ?? null })).statusCode).toBe(200);
    const res = await reviewer.call('POST', '/studio/api/rollout', { share: 30, note: 'B for 30 %' });
    expect(res.statusCode).toBe(200);
    const { version, rollout } = res.json() as { version: number; rollout: number };
    expect(version).toBe(2);
    // the live pointer did not move; the drafts are done
    expect((await h.database.db.select().from(uiLive))[0].versionId).toBe(1);
    expect((await reviewer.call('GET', '/studio/api/drafts')).json().drafts).toEqual([]);
    await b.uiVersions!.sync();
    const onA = await Promise.all(cookies.map((c) => versionFor(a, c)));
    const onB = await Promise.all(cookies.map((c) => versionFor(b, c)));
    expect(onB).toEqual(onA);
    // which ones: exactly those the hash of their session id picks, again on a second look
    expect(onA).toEqual(cookies.map((c) => (inRollout({ id: rollout, share: 30 }, sha256(c)) ? 2 : 1)));
    expect(await Promise.all(cookies.map((c) => versionFor(a, c)))).toEqual(onA);
    const share = onA.filter((v) => v === 2).length / cookies.length;
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.4);
    // no session (a first request before the shop's token): the live version; the answer is the shopper's own
    const plain = await a.inject({ method: 'GET', url: '/ui/manifest' });
    expect(plain.json().version).toBe(1);
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    // a page on the rollout's version gets its documents by version, on both instances; the live set is untouched
    expect(await enText(a, 2)).toBe('Add-ons (B)');
    expect(await enText(b, 2)).toBe('Add-ons (B)');
    expect(await enText(b, 1)).toBe('Add-ons');
    expect((await a.inject({ method: 'GET', url: '/ui/messages/en' })).json()[KEY]).toBe('Add-ons');
    const list = (await editor.call('GET', '/studio/api/rollouts')).json().rollouts;
    expect(list[0]).toMatchObject({ id: rollout, versionId: 2, baseVersionId: 1, share: 30, state: 'active', createdBy: 'Dejan Ristić' });
  });

  it('a first visit during a rollout gets its session with the page, drawn for the version that session keeps', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'rollout-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="sr"><head><title>Orbita Telekom</title></head><body><div id="root"></div></body></html>');
    const c = await buildApp({ db: h.database.db, ui: h.app.ctx.ui, gatewaySecret: GATEWAY_SECRET, distDir: dist, now });
    try {
      const drawn = new Set<number>();
      // first visits until both versions were drawn (30 %: at most 100, one version only has a chance of 0.7^100)
      for (let i = 0; i < 100 && drawn.size < 2; i++) {
        const page = await c.inject({ method: 'GET', url: CONTACT_PAGE, headers: { accept: 'text/html' } });
        expect(page.statusCode).toBe(200);
        expect(page.headers['cache-control']).toBe('private, no-cache');
        const sid = page.cookies.find((k) => k.name === 'sid');
        expect(sid?.value).toBeTruthy();
        // the page carries the manifest of the version it was drawn for: the one its session gets from now on
        const version = Number(/"\/ui\/manifest":\{[\s\S]*?"version":(\d+)/.exec(page.body)?.[1]);
        expect(version).toBe(await versionFor(a, sid!.value));
        drawn.add(version);
        // its form's validator is asked for at that version (the rollout's form has other rules than the live one)
        const href = /href="(\/ui\/forms\/contact\/validator\.js[^"]*)"/.exec(page.body)?.[1].replaceAll('&amp;', '&');
        expect(href).toMatch(new RegExp(`&set=${version}$`));
        const validator = await c.inject({ method: 'GET', url: href! });
        expect(validator.statusCode).toBe(200);
        expect(validator.body.includes('1999')).toBe(version === 2);
        // the session is a real one: the shop's first call keeps it (no new cookie)
        const token = await c.inject({ method: 'GET', url: PATHS.token, headers: { cookie: `sid=${sid!.value}`, lang: '1' } });
        expect(token.statusCode).toBe(200);
        expect(token.cookies.find((k) => k.name === 'sid')).toBeUndefined();
      }
      expect([...drawn].sort()).toEqual([1, 2]);
    } finally { await c.close(); rmSync(dist, { recursive: true, force: true }); }
  });

  it('a publish or rollback while a rollout runs is refused (409), as is a second rollout', async () => {
    await draft('Add-ons (C)');
    for (const [path, body] of [['/studio/api/publish', {}], ['/studio/api/rollback', { version: 1 }], ['/studio/api/rollout', { share: 5 }]] as const) {
      const res = await reviewer.call('POST', path, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().errors[0].reason).toBe('rolloutActive');
    }
  });

  it('an order records the version it was placed under and the rollout\'s share', async () => {
    const place = async (uiVersion: string) => {
      const s = await checkoutReadyShopper(a);
      const res = await a.inject({
        method: 'POST', url: PATHS.submitOrder, payload: { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: null },
        headers: { lang: s.lang, authorization: `Bearer ${s.token}`, cookie: s.cookie, 'x-ui-version': uiVersion },
      });
      expect(res.statusCode).toBe(200);
    };
    await place('2');
    await place('1');
    const rows = await h.database.db.select({ v: orders.uiVersionId, r: orders.uiRolloutId, share: orders.uiRolloutShare }).from(orders).orderBy(orders.id);
    const [rollout] = await h.database.db.select().from(uiRollouts);
    expect(rows.slice(-2)).toEqual([{ v: 2, r: rollout.id, share: 30 }, { v: 1, r: null, share: null }]);
  });

  it('the kill switch puts every session back on the live version at once; pages on the rollout keep its documents', async () => {
    const picked = cookies.find((c) => inRollout({ id: 1, share: 30 }, sha256(c)))!;
    expect(await versionFor(b, picked)).toBe(2);
    expect((await editor.call('POST', '/studio/api/rollouts/1/stop', {})).statusCode).toBe(403);
    const res = await reviewer.call('POST', '/studio/api/rollouts/1/stop', {});
    expect(res.statusCode).toBe(200);
    expect(await versionFor(a, picked)).toBe(1);
    // B follows on the notification or its poll (sync); then every session is on 1 there too
    await b.uiVersions!.sync();
    expect(await Promise.all(cookies.map((c) => versionFor(b, c)))).toEqual(cookies.map(() => 1));
    expect(await enText(b, 2)).toBe('Add-ons (B)');
    // the manifest is a shared answer again
    expect((await a.inject({ method: 'GET', url: '/ui/manifest' })).headers['cache-control']).not.toContain('private');
    expect((await reviewer.call('POST', '/studio/api/rollouts/1/stop', {})).statusCode).toBe(409);
    const [row] = await h.database.db.select().from(uiRollouts).where(eq(uiRollouts.id, 1));
    expect(row).toMatchObject({ state: 'stopped', versionId: 2 });
  });

  it('promote makes the rollout\'s version live for all on both instances', async () => {
    const res = await reviewer.call('POST', '/studio/api/rollout', { share: 10 });
    expect(res.statusCode).toBe(200);
    const { version, rollout } = res.json() as { version: number; rollout: number };
    await b.uiVersions!.sync();
    expect((await Promise.all(cookies.map((c) => versionFor(b, c)))).filter((v) => v === version).length).toBeGreaterThan(0);
    const promoted = await reviewer.call('POST', `/studio/api/rollouts/${rollout}/promote`, {});
    expect(promoted.json()).toEqual({ promoted: rollout, version });
    await b.uiVersions!.sync();
    expect(new Set(await Promise.all(cookies.map((c) => versionFor(b, c))))).toEqual(new Set([version]));
    expect(await enText(a, version)).toBe('Add-ons (C)');
    expect((await h.database.db.select().from(uiLive))[0].versionId).toBe(version);
  });

  it('a scheduled version goes live at its time on whichever instance looks first', async () => {
    await draft('Add-ons (scheduled)');
    const live = (await h.database.db.select().from(uiLive))[0].versionId;
    const at = clock + 60_000;
    const res = await reviewer.call('POST', '/studio/api/rollout', { share: 100, startsAt: new Date(at).toISOString(), note: 'at noon' });
    expect(res.statusCode).toBe(200);
    const { version } = res.json() as { version: number };
    expect(await a.uiVersions!.sync()).toBe(live);
    expect(await b.uiVersions!.sync()).toBe(live);
    expect(await versionFor(a, cookies[0])).toBe(live);
    clock = at - 1;
    expect(await b.uiVersions!.sync()).toBe(live);
    clock = at;
    expect(await b.uiVersions!.sync()).toBe(version);
    expect(await a.uiVersions!.sync()).toBe(version);
    expect(new Set(await Promise.all(cookies.slice(0, 20).map((c) => versionFor(a, c))))).toEqual(new Set([version]));
    expect(await enText(a, version)).toBe('Add-ons (scheduled)');
    const [row] = await h.database.db.select().from(uiRollouts).where(eq(uiRollouts.versionId, version));
    expect(row).toMatchObject({ state: 'promoted', share: 100, endedBy: null });
  });
});
