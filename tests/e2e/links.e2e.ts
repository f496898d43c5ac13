// No link of the shop ends on the not-found page: from the home page, every internal link of every page reached
// is followed (in Serbian, and the header, footer and content pages again in English); a PDF link must answer a
// PDF. Addresses on schemas/meta/pending-links.json (pages other work is building) are reported, not followed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT, SHOTS } from './lib';
import { suite } from './shopper';

const shop = suite('links');
const { test } = shop;

const pending = new Set(Object.keys((JSON.parse(readFileSync(join(ROOT, 'schemas', 'meta', 'pending-links.json'), 'utf8')) as { links: Record<string, string> }).links).map((l) => l.toLowerCase()));
const NOT_FOUND = { sr: 'Stranica nije pronađena', en: 'Page not found' };

/** Opens `path` and waits until its page is drawn: a first-level heading, or the not-found text. */
async function visit(page: Page, path: string, lang: 'sr' | 'en'): Promise<{ notFound: boolean; links: string[] }> {
  await page.goto(`${shop.url}${path}`);
  const h1 = page.locator('main h1, h1').first();
  const nf = page.getByText(NOT_FOUND[lang], { exact: true }).first();
  await h1.or(nf).first().waitFor({ timeout: 20_000 });
  const notFound = await nf.isVisible().catch(() => false);
  const links = await page.$$eval('a[href]', (as) => as.map((a) => a.getAttribute('href') ?? ''));
  return { notFound, links };
}

const pathOf = (href: string) => href.replace(/[?#].*$/, '') || '/';

async function crawl(page: Page, start: string[], lang: 'sr' | 'en', follow: (path: string, from: string) => boolean) {
  const queue: Array<{ path: string; from: string }> = start.map((p) => ({ path: p, from: '(start)' }));
  const seen = new Set(start);
  const visited: string[] = [];
  const broken: string[] = [];
  const pdfs = new Map<string, string>();
  let devicePages = 0;
  while (queue.length) {
    const { path, from } = queue.shift()!;
    const r = await visit(page, path, lang);
    visited.push(path);
    if (r.notFound) broken.push(`${path} (linked from ${from})`);
    for (const href of r.links) {
      if (!href.startsWith('/') || href.startsWith('//')) continue;
      const p = pathOf(href);
      if (seen.has(p)) continue;
      seen.add(p);
      if (p.endsWith('.pdf')) { pdfs.set(p, path); continue; }
      if (pending.has(p.toLowerCase())) continue;
      // one screen answers every device page: three of them are enough
      if (p.startsWith('/uredjaj/') && ++devicePages > 3) continue;
      if (follow(p, path)) queue.push({ path: p, from: path });
    }
  }
  for (const [pdf, from] of pdfs) {
    const res = await page.request.get(`${shop.url}${pdf}${lang === 'en' ? '?lang=en' : ''}`);
    if (res.status() !== 200 || res.headers()['content-type'] !== 'application/pdf') broken.push(`${pdf} (linked from ${from}): HTTP ${res.status()} ${res.headers()['content-type']}`);
  }
  return { visited, broken, pdfs: [...pdfs.keys()] };
}

test('every internal link reachable from the home page leads to a page (Serbian)', async () => {
  const { page } = await shop.open();
  // the check can fail: an address no screen serves is seen as the not-found page
  assert.equal((await visit(page, '/nema-je', 'sr')).notFound, true);
  const { visited, broken, pdfs } = await crawl(page, ['/'], 'sr', () => true);
  assert.deepEqual(broken, [], `links that end on the not-found page:\n${broken.join('\n')}`);
  // the crawl really went through the header, the footer and the content pages
  for (const p of ['/Privatni/Uredjaji/Tip-uredjaja/telefoni', '/Privatni/Tarife/Uredjaji', '/dodaci', '/dodaci/roming', '/Digitalni-servisi', '/Privatni/Korisnicka-zona/Kontakt/Kako-do-nas',
    '/Privatni/Korisnicka-zona/Uslovi-koriscenja', '/Privatni/Korisnicka-zona/Privatnost', '/Privatni/Mobilna/Pripejd/Registracija-pripejd-broja', '/Prijava-b2c']) {
    assert.ok(visited.includes(p), `${p} was not reached (visited: ${visited.join(', ')})`);
  }
  assert.deepEqual(pdfs.sort(), ['/media/docs/opsti-uslovi.pdf', '/media/docs/politika-privatnosti.pdf']);
  await page.goto(`${shop.url}/dodaci`);
  await page.screenshot({ path: `${SHOTS}/links-dodaci.png`, fullPage: true });
});

test('in English the header, footer and content pages lead to pages too', async () => {
  const { page } = await shop.open({ width: 375, height: 800 });
  await page.context().addCookies([{ name: 'b2c_enFlow', value: 'true', url: shop.url }]);
  // header, footer and the content pages they reach; the catalogue was crawled above
  const { visited, broken } = await crawl(page, ['/'], 'en', (p) => !p.startsWith('/uredjaj/') && !p.includes('/page/'));
  assert.deepEqual(broken, [], `links that end on the not-found page in English:\n${broken.join('\n')}`);
  assert.ok(visited.includes('/Privatni/Korisnicka-zona/Privatnost'));
  await page.goto(`${shop.url}/Privatni/Korisnicka-zona/Privatnost`);
  assert.equal(await page.locator('h1').first().textContent(), 'Personal Data Processing Notice');
});

test('the product list names its pages for crawlers: canonical, prev/next and a title per page', async () => {
  const { page } = await shop.open();
  const PLP = '/Privatni/Uredjaji/Tip-uredjaja/telefoni';
  const head = () => page.evaluate(() => Object.fromEntries(['canonical', 'prev', 'next'].map((rel) => [rel, document.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`)?.getAttribute('href') ?? null])));
  await page.goto(`${shop.url}${PLP}`);
  await page.waitForFunction(() => document.querySelector('link[rel="next"]'));
  assert.deepEqual(await head(), { canonical: `${shop.url}${PLP}`, prev: null, next: `${shop.url}${PLP}/page/2` });
  const firstTitle = await page.title();
  await page.getByRole('navigation', { name: 'Stranice' }).getByRole('link', { name: 'Stranica 2' }).click();
  await page.waitForURL(new RegExp(`${PLP}/page/2$`));
  await page.waitForFunction(() => document.querySelector('link[rel="prev"]'));
  assert.deepEqual(await head(), { canonical: `${shop.url}${PLP}/page/2`, prev: `${shop.url}${PLP}`, next: null });
  assert.equal(await page.title(), `${firstTitle} — Stranica 2`);
  // the crawler form answers directly too
  await page.goto(`${shop.url}${PLP}/page/2`);
  await page.waitForFunction(() => document.querySelector('link[rel="prev"]'));
  assert.equal((await head()).canonical, `${shop.url}${PLP}/page/2`);
  // leaving the list removes them
  await page.getByRole('navigation').getByRole('link', { name: 'Tarife' }).first().click();
  await page.waitForURL(/\/Privatni\/Tarife\/Uredjaji$/);
  await page.waitForFunction(() => !document.querySelector('link[rel="prev"]'));
  assert.equal((await head()).next, null);
});
