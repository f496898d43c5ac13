// @vitest-environment node
// Creating and deleting documents and message keys in the studio (issue 29, server/publish/routes.ts): a new document
// is a draft with its kind's template, a deletion is a draft the full checker refuses at publish while another
// document still names it (at that document's line), a message key is added to / removed from sr and en together.
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { Customer, drivers, Shopper, startApp, type Harness } from './helpers';

const SCREEN = 'schemas/screens/akcija-leto.json';

describe.each(drivers)('documents and message keys created and deleted in the studio on %s', (_name, url) => {
  let h: Harness;
  let editor: Customer;
  let reviewer: Customer;

  beforeAll(async () => {
    h = await startApp(url, { documents: 'database', documentsPollMs: 0 });
    editor = await new Customer(h.app).login().then((c) => c.authorize('urednik@orbita.rs'));
    reviewer = await new Customer(h.app).login().then((c) => c.authorize('recenzent@orbita.rs'));
  }, 180_000);
  afterAll(async () => { await h?.close(); });

  const drafts = async () => (await editor.call('GET', '/studio/api/drafts')).json().drafts as Array<{ file: string; revision: number; deleted: boolean; created: boolean }>;
  const publish = () => reviewer.call('POST', '/studio/api/publish', { note: 'test' });
  const doc = (path: string, v: number) => h.app.inject({ method: 'GET', url: `${path}?set=${v}` });

  it('anonymous and customer sessions can neither create nor delete documents or message keys', async () => {
    const anonymous = await new Shopper(h.app).login();
    const customer = await new Customer(h.app).login().then((c) => c.authorize('kupac@orbita.rs'));
    for (const s of [anonymous, customer]) {
      expect((await s.call('POST', '/studio/api/documents/new', { file: SCREEN })).statusCode).toBe(403);
      expect((await s.call('POST', '/studio/api/documents/delete', { file: 'schemas/screens/home.json' })).statusCode).toBe(403);
      expect((await s.call('POST', '/studio/api/messages', { key: 'promo.x', sr: 'a', en: 'a' })).statusCode).toBe(403);
      expect((await s.call('DELETE', '/studio/api/messages?key=footer.addons')).statusCode).toBe(403);
    }
    expect(await drafts()).toEqual([]);
  });

  it('a new screen starts from its template as a draft, and is served once published', async () => {
    const res = await editor.call('POST', '/studio/api/documents/new', { file: SCREEN });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.json().text)).toMatchObject({ $schema: '../meta/screen.schema.json', id: 'akcija-leto', route: '/akcija-leto' });
    expect((await editor.call('POST', '/studio/api/documents/new', { file: SCREEN })).json().errors[0].reason).toBe('exists');
    expect((await editor.call('POST', '/studio/api/documents/new', { file: 'schemas/messages/de.json' })).statusCode).toBe(400);
    expect((await editor.call('POST', '/studio/api/documents/new', { file: 'schemas/api/x.json' })).statusCode).toBe(400);
    expect(await drafts()).toMatchObject([{ file: SCREEN, created: true, deleted: false }]);
    const published = await publish();
    expect(published.statusCode).toBe(200);
    const v = published.json().version as number;
    expect((await doc('/ui/screens/akcija-leto', v)).statusCode).toBe(200);
    expect((await doc('/ui/manifest', v)).json().routes.some((r: { route: string }) => r.route === '/akcija-leto')).toBe(true);
  });

  it('every kind has a template: a modal and a form pass as they are; a fragment, a rule and a flow are told what they lack', async () => {
    for (const f of ['modals/m-novi', 'forms/forma-nova', 'fragments/f-novi', 'rules/pravilo-novo', 'flows/tok-novi']) {
      const res = await editor.call('POST', '/studio/api/documents/new', { file: `schemas/${f}.json` });
      expect(res.statusCode).toBe(200);
    }
    const refused = await publish();
    expect(refused.statusCode).toBe(400);
    const errors = refused.json().schemaErrors as Array<{ file: string; line?: number; pointer: string }>;
    // an unused fragment (include it somewhere), a rule id the shop does not read, a copied flow's checkout type
    expect(errors.find((e) => e.file === 'schemas/fragments/f-novi.json')).toMatchObject({ pointer: '/id', line: 3 });
    expect(errors.find((e) => e.file === 'schemas/rules/pravilo-novo.json')).toMatchObject({ pointer: '/id', line: 3 });
    expect(errors.some((e) => e.file === 'schemas/modals/m-novi.json' || e.file === 'schemas/forms/forma-nova.json')).toBe(false);
    for (const d of (await drafts()).filter((x) => !/m-novi|forma-nova/.test(x.file))) {
      expect((await editor.call('DELETE', `/studio/api/drafts?file=${d.file}&revision=${d.revision}`)).statusCode).toBe(200);
    }
    expect((await publish()).statusCode).toBe(200);
  });

  it('deleting a document another one names is refused at publish, at the line of that other document', async () => {
    const del = await editor.call('POST', '/studio/api/documents/delete', { file: 'schemas/fragments/text-section.json' });
    expect(del.statusCode).toBe(200);
    expect(del.json().draft.deleted).toBe(true);
    const source = (await editor.call('GET', '/studio/api/source?file=schemas/fragments/text-section.json')).json();
    expect(source.draft.deleted).toBe(true);
    const res = await publish();
    expect(res.statusCode).toBe(400);
    const errors = res.json().schemaErrors as Array<{ file: string; line?: number; message: string }>;
    const at = errors.find((e) => e.file.startsWith('schemas/screens/') && /text-section/.test(e.message));
    expect(at?.line).toBeGreaterThan(1);
    // discarded: the fragment stays
    expect((await editor.call('DELETE', `/studio/api/drafts?file=schemas/fragments/text-section.json&revision=${del.json().draft.revision}`)).statusCode).toBe(200);
  });

  it('deleting a document nothing names publishes a version without it', async () => {
    expect((await editor.call('POST', '/studio/api/documents/delete', { file: 'schemas/messages/en.json' })).statusCode).toBe(400);
    expect((await editor.call('POST', '/studio/api/documents/delete', { file: 'schemas/screens/nema-ga.json' })).statusCode).toBe(404);
    expect((await editor.call('POST', '/studio/api/documents/delete', { file: SCREEN })).statusCode).toBe(200);
    const res = await publish();
    expect(res.statusCode).toBe(200);
    const v = res.json().version as number;
    expect((await doc('/ui/screens/akcija-leto', v)).statusCode).toBe(404);
    const diff = (await editor.call('GET', `/studio/api/versions/${v}/diff`)).json();
    expect(diff.documents.map((d: { file: string; status: string }) => [d.file, d.status])).toEqual([[SCREEN, 'removed']]);
  });

  it('a message key is added to sr and en together (the rest of each file as it was) and removed from both', async () => {
    const live = (lang: string) => editor.call('GET', `/studio/api/source?file=schemas/messages/${lang}.json`).then((r) => r.json());
    const before = await live('en');
    const res = await editor.call('POST', '/studio/api/messages', { key: 'promo.summer.title', sr: 'Letnja akcija', en: 'Summer offer' });
    expect(res.statusCode).toBe(200);
    const [sr, en] = [await live('sr'), await live('en')];
    expect(JSON.parse(sr.text)['promo.summer.title']).toBe('Letnja akcija');
    expect(JSON.parse(en.text)['promo.summer.title']).toBe('Summer offer');
    // one line more, nothing else rewritten
    expect(en.text.split('\n').length).toBe(before.text.split('\n').length + 1);
    expect(en.text.split('\n').filter((l: string) => !before.text.split('\n').includes(l))).toEqual(['  "promo.summer.title": "Summer offer",']);
    expect((await editor.call('POST', '/studio/api/messages', { key: 'Not a key', sr: 'a', en: 'b' })).statusCode).toBe(400);
    expect((await editor.call('POST', '/studio/api/messages', { key: 'promo.x', sr: 'a' })).statusCode).toBe(400);
    let published = await publish();
    expect(published.statusCode).toBe(200);
    expect((await doc('/ui/messages/sr', published.json().version)).json()['promo.summer.title']).toBe('Letnja akcija');
    // an unknown key: 404, and no draft was made
    expect((await editor.call('DELETE', '/studio/api/messages?key=promo.none.here')).statusCode).toBe(404);
    expect(await drafts()).toEqual([]);
    expect((await editor.call('DELETE', '/studio/api/messages?key=promo.summer.title')).statusCode).toBe(200);
    published = await publish();
    expect(published.statusCode).toBe(200);
    expect((await doc('/ui/messages/en', published.json().version)).json()['promo.summer.title']).toBeUndefined();
  });

  it('removing a key that a document uses is refused at publish, at that document\'s line', async () => {
    expect((await editor.call('DELETE', '/studio/api/messages?key=footer.addons')).statusCode).toBe(200);
    const res = await publish();
    expect(res.statusCode).toBe(400);
    const errors = res.json().schemaErrors as Array<{ file: string; line?: number; message: string }>;
    expect(errors.some((e) => !e.file.startsWith('schemas/messages/') && (e.line ?? 0) > 0)).toBe(true);
  });
});
