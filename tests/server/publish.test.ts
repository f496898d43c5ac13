// @vitest-environment node
// The UI documents in the database (issue 29, server/publish, migration 0033): the baseline seeded from schemas/,
// drafts that shoppers never see, publish refused with the checker's file:line errors, an accepted publish switching
// two instances on one database (a page load during the switch sees one version), rollback, edit conflicts, the
// studio's permissions (anonymous, customer, editor, reviewer) and the version recorded with an order.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/index';
import { orders } from '../../server/db/tables';
import { uiLive, uiVersions } from '../../server/publish/schema';
import { contentHash, readDocumentFiles } from '../../server/publish/files';
import { ensureBaseline, publishVersion, versionFiles } from '../../server/publish/store';
import { ApiError } from '../../server/lib/errors';
import { exportVersion } from '../../tools/ui-export';
import { startPublishingPair } from './publish-pair';
import { checkoutReadyShopper, Customer, drivers, GATEWAY_SECRET, loadUi, PATHS, REQUIRED_CONSENTS, SCHEMAS_DIR, Shopper, type Harness } from './helpers';

const EN = 'schemas/messages/en.json';
const KEY = 'footer.addons';

describe.each(drivers)('UI documents published from the database on %s', (_name, url) => {
  let h: Harness;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let editor: Customer;
  let reviewer: Customer;
  let baselineEn: string;
  let close: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    ({ h, a, b, editor, reviewer, baselineEn, close } = await startPublishingPair(url));
  }, 180_000);
  afterAll(async () => { await close(); });

  const manifestOf = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/ui/manifest' })).json() as { version: number };
  const enText = async (app: FastifyInstance, v?: number) =>
    (await app.inject({ method: 'GET', url: `/ui/messages/en${v ? `?set=${v}` : ''}` })).json()[KEY] as string;
  const withText = (text: string) => baselineEn.replace(`"${KEY}": "Add-ons",`, `"${KEY}": ${JSON.stringify(text)},`);

  it('a fresh database is seeded with the files of schemas/ as version 1, which both instances serve', async () => {
    const versions = await h.database.db.select().from(uiVersions);
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ id: 1, kind: 'baseline', parentId: null });
    expect(versions[0].contentHash).toBe(contentHash(await readDocumentFiles(SCHEMAS_DIR)));
    expect((await manifestOf(a)).version).toBe(1);
    expect((await manifestOf(b)).version).toBe(1);
    expect(await enText(a)).toBe('Add-ons');
  });

  it('anonymous and customer sessions can neither read drafts nor save nor publish; an editor cannot publish', async () => {
    const anonymous = await new Shopper(a).login();
    const customer = await new Customer(a).login().then((c) => c.authorize('kupac@orbita.rs'));
    for (const s of [anonymous, customer]) {
      expect((await s.call('GET', '/studio/api/drafts')).statusCode).toBe(403);
      expect((await s.call('GET', `/studio/api/source?file=${EN}`)).statusCode).toBe(403);
      expect((await s.call('POST', '/studio/api/save', { file: EN, text: withText('X') })).statusCode).toBe(403);
      expect((await s.call('POST', '/studio/api/publish', {})).statusCode).toBe(403);
      expect((await s.call('POST', '/studio/api/rollback', { version: 1 })).statusCode).toBe(403);
    }
    const refused = await editor.call('POST', '/studio/api/publish', {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0]).toMatchObject({ type: 'ForbiddenError', reason: 'notReviewer' });
    expect((await editor.call('GET', '/studio/api/drafts')).json()).toEqual({ drafts: [] });
  });

  it('a draft is never served to shoppers; two editors on one draft get a 409 naming who changed it', async () => {
    const saved = await editor.call('POST', '/studio/api/save', { file: EN, text: withText('Add-ons (draft)'), revision: null });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().draft).toMatchObject({ revision: 1, author: 'Sanja Lazić', baseVersion: 1 });
    expect(await enText(a)).toBe('Add-ons');
    expect((await a.inject({ method: 'GET', url: '/ui/manifest' })).json().version).toBe(1);
    // the reviewer opened the live text before the editor's save: a stale start is refused
    const stale = await reviewer.call('POST', '/studio/api/save', { file: EN, text: withText('Other'), revision: null });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors[0]).toMatchObject({ type: 'ConflictError', reason: 'draftConflict' });
    expect(stale.json().errors[0].message).toContain('Sanja Lazić');
    // from the draft's revision: saved, revision 2; the editor's own older revision is now stale
    const source = (await reviewer.call('GET', `/studio/api/source?file=${EN}`)).json();
    expect(source.draft.revision).toBe(1);
    expect(JSON.parse(source.text)[KEY]).toBe('Add-ons (draft)');
    expect((await reviewer.call('POST', '/studio/api/save', { file: EN, text: withText('Add-ons, new'), revision: 1 })).json().draft.revision).toBe(2);
    const again = await editor.call('POST', '/studio/api/save', { file: EN, text: withText('Mine'), revision: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].message).toContain('Dejan Ristić');
    expect(await enText(a)).toBe('Add-ons');
  });

  it('publish refuses a set with errors (400, file:line:pointer), the live version unchanged', async () => {
    const broken = baselineEn.replace(`"${KEY}": "Add-ons",`, `"${KEY}": "Add-ons",,`);
    const line = baselineEn.slice(0, baselineEn.indexOf(`"${KEY}"`)).split('\n').length;
    const modal = 'schemas/messages/sr.json';
    // a second draft that is fine on its own, in another document
    const srSource = (await editor.call('GET', `/studio/api/source?file=${modal}`)).json();
    expect((await editor.call('POST', '/studio/api/save', { file: modal, text: srSource.text, revision: null })).statusCode).toBe(200);
    const en = (await editor.call('GET', `/studio/api/source?file=${EN}`)).json();
    expect((await editor.call('POST', '/studio/api/save', { file: EN, text: broken, revision: en.draft.revision })).statusCode).toBe(200);
    const res = await reviewer.call('POST', '/studio/api/publish', { note: 'broken' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors[0]).toMatchObject({ type: 'ValidationError', reason: 'schemaErrors' });
    expect(body.schemaErrors.length).toBeGreaterThan(0);
    // the parse error where it was written, and what it breaks elsewhere (keys the flows name), each with file:line:pointer
    expect(body.schemaErrors.find((e: { file: string }) => e.file === EN)).toMatchObject({ file: EN, line });
    expect(body.schemaErrors.find((e: { file: string }) => e.file === 'schemas/flows/guest.json')).toMatchObject({ pointer: '/steps/0/title/message', line: 14 });
    expect(await h.database.db.select().from(uiVersions)).toHaveLength(1);
    expect((await manifestOf(a)).version).toBe(1);
    // fixed: back to a good text
    const fixed = await editor.call('POST', '/studio/api/save', { file: EN, text: withText('Add-ons, published'), revision: en.draft.revision + 1 });
    expect(fixed.statusCode).toBe(200);
  });

  it('an accepted publish switches both instances; a page on the old version keeps getting its documents', async () => {
    const before = await manifestOf(b);
    expect(before.version).toBe(1);
    const res = await reviewer.call('POST', '/studio/api/publish', { note: 'new add-ons label' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: 2, files: ['schemas/messages/en.json', 'schemas/messages/sr.json'] });
    // A (the publishing instance) serves version 2 at once
    expect((await manifestOf(a)).version).toBe(2);
    expect(await enText(a)).toBe('Add-ons, published');
    // B has not read the pointer yet: its manifest and documents agree on version 1
    expect((await manifestOf(b)).version).toBe(1);
    expect(await enText(b)).toBe('Add-ons');
    // B follows the pointer (the notification or the poll does this): one swap, manifest and documents on 2
    expect(await b.uiVersions!.sync()).toBe(2);
    expect((await manifestOf(b)).version).toBe(2);
    expect(await enText(b)).toBe('Add-ons, published');
    // the page that loaded manifest 1 before the switch asks for version 1's documents and gets them
    expect(await enText(b, before.version)).toBe('Add-ons');
    expect(await enText(b, 2)).toBe('Add-ons, published');
    // the drafts are gone with the publish
    expect((await reviewer.call('GET', '/studio/api/drafts')).json().drafts).toEqual([]);
    const [version] = await h.database.db.select().from(uiVersions).where(eq(uiVersions.id, 2));
    expect(version).toMatchObject({ kind: 'publish', parentId: 1, note: 'new add-ons label' });
  });

  it('a publish conditional on a live version that moved meanwhile is refused with 409', async () => {
    const files = (await versionFiles(h.database.db, 2))!;
    await expect(publishVersion(h.database.db, files, 1, { authorId: null, note: 'late', kind: 'publish' }))
      .rejects.toSatisfy((e: unknown) => e instanceof ApiError && e.statusCode === 409 && e.reason === 'liveMoved');
    expect((await h.database.db.select().from(uiLive))[0].versionId).toBe(2);
  });

  it('history lists the versions with author and note, and a per-document diff', async () => {
    const list = (await editor.call('GET', '/studio/api/versions')).json().versions as Array<{ id: number; author: string | null; note: string; live: boolean }>;
    expect(list.map((v) => [v.id, v.author, v.note, v.live])).toEqual([[2, 'Dejan Ristić', 'new add-ons label', true], [1, null, 'baseline: schemas/', false]]);
    const diff = (await editor.call('GET', '/studio/api/versions/2/diff')).json();
    expect(diff.against).toBe(1);
    expect(diff.documents.map((d: { file: string; status: string }) => [d.file, d.status])).toEqual([[EN, 'changed']]);
    const lines = diff.documents[0].lines as Array<{ op: string; text: string }>;
    expect(lines.filter((l) => l.op === '-').map((l) => l.text.trim())).toEqual([`"${KEY}": "Add-ons",`]);
    expect(lines.filter((l) => l.op === '+').map((l) => l.text.trim())).toEqual([`"${KEY}": "Add-ons, published",`]);
  });

  it('an order records the version it was placed under (the page\'s X-UI-Version while served, else the live one)', async () => {
    const s = await checkoutReadyShopper(a);
    const order = await a.inject({
      method: 'POST', url: PATHS.submitOrder, payload: { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: null },
      headers: { lang: s.lang, authorization: `Bearer ${s.token}`, cookie: s.cookie, 'x-ui-version': '1' },
    });
    expect(order.statusCode).toBe(200);
    const other = await checkoutReadyShopper(a);
    expect((await other.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: null })).statusCode).toBe(200);
    const rows = await h.database.db.select({ v: orders.uiVersionId }).from(orders).orderBy(orders.id);
    expect(rows.slice(-2).map((r) => r.v)).toEqual([1, 2]);
  });

  it('rollback publishes an earlier version\'s content as a new version; both instances switch', async () => {
    const editorTry = await editor.call('POST', '/studio/api/rollback', { version: 1 });
    expect(editorTry.statusCode).toBe(403);
    const res = await reviewer.call('POST', '/studio/api/rollback', { version: 1, note: 'back' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: 3, rollbackOf: 1 });
    const [v3] = await h.database.db.select().from(uiVersions).where(eq(uiVersions.id, 3));
    const [v1] = await h.database.db.select().from(uiVersions).where(eq(uiVersions.id, 1));
    expect(v3).toMatchObject({ kind: 'rollback', rollbackOf: 1, parentId: 2, contentHash: v1.contentHash });
    expect(await enText(a)).toBe('Add-ons');
    expect(await b.uiVersions!.sync()).toBe(3);
    expect((await manifestOf(b)).version).toBe(3);
    expect(await enText(b)).toBe('Add-ons');
    expect((await reviewer.call('POST', '/studio/api/rollback', { version: 3 })).statusCode).toBe(400); // already live
    expect((await reviewer.call('POST', '/studio/api/rollback', { version: 99 })).statusCode).toBe(404);
  });

  it('a new release\'s files become a version only while the live version is the previous baseline', async () => {
    const db = h.database.db;
    const files = await readDocumentFiles(SCHEMAS_DIR);
    // live is version 3 (a rollback), not the baseline 1: files of a new release are not applied
    const release2 = new Map(files).set('messages/en.json', withText('Add-ons (release 2)'));
    const kept = await ensureBaseline(db, release2, async () => {});
    expect(kept.action).toBe('kept');
    expect(kept.live).toBe(3);
    expect('warning' in kept && kept.warning).toContain('npm run ui:export');
    // same files as the recorded baseline: nothing to do
    expect((await ensureBaseline(db, files, async () => {})).action).toBe('unchanged');
    // live back on the baseline itself (the pointer as a deploy right after seeding would find it)
    await db.update(uiLive).set({ versionId: 1 }).where(eq(uiLive.id, 1));
    const recorded = await ensureBaseline(db, release2, async () => {});
    expect(recorded).toEqual({ action: 'recorded', live: 4 });
    const [live] = await db.select().from(uiLive);
    expect(live).toMatchObject({ versionId: 4, baselineVersionId: 4, baselineHash: contentHash(release2) });
    // a refused check records nothing
    const release3 = new Map(files).set('messages/en.json', withText('Add-ons (release 3)'));
    await expect(ensureBaseline(db, release3, async () => { throw new Error('does not pass'); })).rejects.toThrow('does not pass');
    expect(await db.select().from(uiVersions)).toHaveLength(4);
  });

  it('npm run ui:export writes a version back to files: changed documents written, documents it lacks removed', async () => {
    const out = mkdtempSync(join(tmpdir(), 'p-ui-export-'));
    try {
      for (const [path, text] of await readDocumentFiles(SCHEMAS_DIR)) {
        mkdirSync(join(out, path, '..'), { recursive: true });
        writeFileSync(join(out, path), text);
      }
      writeFileSync(join(out, 'screens', 'gone.json'), '{}');
      const r = await exportVersion(h.database.db, out, 2);
      expect(r).toEqual({ version: 2, written: 1, removed: 1 });
      expect(JSON.parse(readFileSync(join(out, 'messages', 'en.json'), 'utf8'))[KEY]).toBe('Add-ons, published');
      expect(existsSync(join(out, 'screens', 'gone.json'))).toBe(false);
      expect(contentHash(await readDocumentFiles(out))).toBe((await h.database.db.select().from(uiVersions).where(eq(uiVersions.id, 2)))[0].contentHash);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it.runIf(url !== undefined)('PostgreSQL: an instance listening to ui_published switches on the notification alone (no poll)', async () => {
    const database = await openDatabase({ url: h.dbUrl! });
    const c = await buildApp({ db: database.db, ui: await loadUi(), gatewaySecret: GATEWAY_SECRET, authRateLimit: 10000, documents: 'database', documentsPollMs: 0, listen: database.listen });
    try {
      await c.ready();
      // (C's start found the files of schemas/ differ from the baseline "release 2" of the test above while the live
      // version was that baseline: it recorded them as a new version — the rule of ensureBaseline)
      const live = await a.uiVersions!.sync();
      expect((await manifestOf(c)).version).toBe(live);
      const res = await reviewer.call('POST', '/studio/api/rollback', { version: 2, note: 'again' });
      expect(res.statusCode).toBe(200);
      const next = res.json().version as number;
      expect(await c.uiVersions!.serving(next)).toBe(next);
      expect((await manifestOf(c)).version).toBe(next);
      expect(await enText(c)).toBe('Add-ons, published');
    } finally {
      await c.close();
      await database.close();
    }
  });
});
