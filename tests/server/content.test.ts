// @vitest-environment node
// Content pages: screens served with their fragments expanded, and the PDFs printed from the same screens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inflateSync } from 'node:zlib';
import { openDatabase, type Database } from '../../server/db/index';
import { buildApp } from '../../server/app';
import { cmsComponents, consentTemplates } from '../../server/db/seed/catalog';
import { routeMatcher } from '../../tools/schemas/links';
import { loadUi } from './helpers';
import type { Node, TranslatedText } from '../../schemas/types/node';
import type { FastifyInstance } from 'fastify';

/** The text a PDF shows, decoded from the (uncompressed) Tj strings of its content streams. */
function pdfText(buf: Buffer): string {
  const s = buf.toString('latin1');
  const map: Record<number, string> = { 0x81: 'Č', 0x8d: 'č', 0x8f: 'Ć', 0x90: 'ć', 0x9d: 'Đ', 0x7f: 'đ', 0x8a: 'Š', 0x9a: 'š', 0x8e: 'Ž', 0x9e: 'ž', 0x96: '–', 0x97: '—', 0x84: '„', 0x93: '“', 0x94: '”', 0x92: '’', 0x95: '•', 0x85: '…' };
  const out: string[] = [];
  for (const m of s.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)) {
    const raw = m[1].replace(/\\([0-7]{3})/g, (_x, o: string) => String.fromCharCode(parseInt(o, 8))).replace(/\\(.)/g, '$1');
    out.push([...raw].map((ch) => map[ch.charCodeAt(0)] ?? ch).join(''));
  }
  void inflateSync;
  return out.join(' ');
}

/** Checks the cross-reference table: every offset points at "n 0 obj". */
function checkXref(buf: Buffer): number {
  const s = buf.toString('latin1');
  const start = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(s)![1]);
  expect(s.slice(start, start + 4)).toBe('xref');
  const [, count] = /xref\n0 (\d+)\n/.exec(s.slice(start))!.map(Number);
  const rows = s.slice(start).split('\n').slice(2, 2 + count);
  rows.slice(1).forEach((row, i) => {
    const off = Number(row.slice(0, 10));
    expect(s.slice(off, off + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
  });
  return count - 1;
}

describe('content pages and their PDFs', () => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    app = await buildApp({ db: database.db, ui: await loadUi() });
  }, 120_000);
  afterAll(async () => { await app?.close(); await database?.close(); });

  it('serves every document a checkout consent links to as a valid PDF of the page\'s text', async () => {
    const urls = consentTemplates.map((c) => c.documentUrl).filter((u): u is string => !!u);
    expect(urls).toEqual(['/media/docs/opsti-uslovi.pdf', '/media/docs/politika-privatnosti.pdf']);
    for (const url of urls) {
      const r = await app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type']).toBe('application/pdf');
      expect(r.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
      expect(checkXref(r.rawPayload)).toBeGreaterThan(5);
    }
    const terms = pdfText((await app.inject({ method: 'GET', url: '/media/docs/opsti-uslovi.pdf' })).rawPayload);
    expect(terms).toContain('Opšti uslovi pružanja usluga');
    expect(terms).toContain('5. Odustanak od ugovora');
    expect(terms).toMatch(/Strana 1 od \d/);
    const en = pdfText((await app.inject({ method: 'GET', url: '/media/docs/politika-privatnosti.pdf?lang=en' })).rawPayload);
    expect(en).toContain('Personal Data Processing Notice');
    expect(en).toContain('6. Your rights');
  });

  it('prints the same headings the page shows (the screen is the one source)', async () => {
    const screen = (await app.inject({ method: 'GET', url: '/ui/screens/legal-terms' })).json();
    expect(screen.pdf).toBe('/media/docs/opsti-uslovi.pdf');
    const headings: string[] = [];
    const walk = (nodes: Node[] | undefined) => nodes?.forEach((n) => { if (n.component === 'Heading') headings.push((n.props!.text as TranslatedText).message); walk(n.children); });
    walk(screen.body);
    expect(headings.length).toBe(8);
    const sr = (await app.inject({ method: 'GET', url: '/ui/messages/sr' })).json();
    const text = pdfText((await app.inject({ method: 'GET', url: '/media/docs/opsti-uslovi.pdf' })).rawPayload);
    for (const key of headings) expect(text).toContain(sr[key]);
  });

  it('answers 304 to a repeated request and a clear 404 for an unknown document', async () => {
    const first = await app.inject({ method: 'GET', url: '/media/docs/opsti-uslovi.pdf' });
    const again = await app.inject({ method: 'GET', url: '/media/docs/opsti-uslovi.pdf', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const missing = await app.inject({ method: 'GET', url: '/media/docs/nema.pdf' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].message).toBeTruthy();
    expect((await app.inject({ method: 'GET', url: '/media/docs/..%2Fx.pdf' })).statusCode).toBe(400);
  });

  it('serves the content screens with their fragments expanded', async () => {
    const manifest = (await app.inject({ method: 'GET', url: '/ui/manifest' })).json();
    for (const route of ['/dodaci', '/dodaci/roming', '/Digitalni-servisi', '/Privatni/Korisnicka-zona/Kontakt/Kako-do-nas', '/Privatni/Korisnicka-zona/Privatnost', '/Privatni/Korisnicka-zona/Uslovi-koriscenja', '/Privatni/Mobilna/Pripejd/Registracija-pripejd-broja']) {
      expect(manifest.routes.map((r: { route: string }) => r.route)).toContain(route);
    }
    const plp = await app.inject({ method: 'GET', url: '/ui/screens/plp-phones' });
    expect(plp.body).not.toContain('"fragment"');
    expect(plp.body).not.toContain('$param');
    expect(plp.json().body[0].component).toBe('Section');
  });

  it('every link in the CMS texts and the consent documents leads to a page the shop serves', async () => {
    const manifest = (await app.inject({ method: 'GET', url: '/ui/manifest' })).json() as { routes: Array<{ route: string; screen: string }> };
    const matchers = manifest.routes.filter((r) => r.screen !== 'not-found').map((r) => routeMatcher(r.route));
    const texts = cmsComponents.flatMap((c) => [c.headline, c.content, c.cta].filter((x): x is { sr: string; en: string } => x !== null).flatMap((x) => [x.sr, x.en]));
    const links = texts.flatMap((t) => [...t.matchAll(/\]\((\/[^)\s]*)\)|href="(\/[^"]*)"/g)].map((m) => m[1] ?? m[2]));
    for (const link of links) expect(matchers.some((re) => re.test(link.replace(/[?#].*$/, ''))), link).toBe(true);
    for (const c of cmsComponents) if (c.mediaUrl) expect((await app.inject({ method: 'GET', url: c.mediaUrl })).statusCode, c.mediaUrl).toBe(200);
    for (const t of consentTemplates) if (t.documentUrl) expect((await app.inject({ method: 'GET', url: t.documentUrl })).statusCode, t.documentUrl).toBe(200);
  });
});
