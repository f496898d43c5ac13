// npm run bench:a11y: Lighthouse (mobile) accessibility category on the issue-8 pages, the checkout data step
// with a phone in the cart (the same Chromium session, storage kept), listing every failing audit's elements;
// `--perf` adds the performance category (LCP element, TBT, CLS); `--plp` only the phone list and a phone page.
// Needs a production build (npx vite build).
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { startShop } from '../e2e/lib';

/** What the listing reads of an audit's details: the elements its rows name (the LCP element: a list of such tables). */
interface NodeRows { items?: Array<{ node?: { snippet?: string; selector?: string }; items?: NodeRows['items'] }> }

const shop = await startShop();
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
import { chromium } from 'playwright-core';
try {
  const pw = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const pg = await pw.contexts()[0].newPage();
  await pg.goto(shop.url + '/');
  await pg.evaluate(async () => {
    const tok = await (await fetch('/selfcare/b2c/auth/token', { credentials: 'include' })).json();
    const h = { 'content-type': 'application/json', authorization: `Bearer ${tok.data.token}`, lang: '1' };
    await fetch('/hybris/ecommerce/b2c/v1/users/carts/addservice', { method: 'POST', headers: h, body: JSON.stringify({ deviceCode: 'SAMSUNG_GALAXY_A56_AWESOME_GRAPHITE', chargeType: 'ONE_TIME_CHARGE' }) });
  });
  await pg.close();
  const pages = process.argv.includes('--plp') ? ['/Privatni/Uredjaji/Tip-uredjaja/telefoni', '/uredjaj/SAMSUNG_GALAXY_A56/awesome-graphite'] : ['/', '/Privatni/Uredjaji/Tip-uredjaja/telefoni', '/uredjaj/SAMSUNG_GALAXY_A56/awesome-graphite', '/kupovina/podaci-dostava', '/kupovina/pregled-placanje', '/Prijava-b2c', '/Privatni/Mobilna/Pripejd/Dopuni-kredit', '/placanje-racuna', '/Privatni/Kucni-paketi'];
  const cats = process.argv.includes('--perf') ? ['accessibility', 'performance'] : ['accessibility'];
  for (const p of pages) {
    const r = await lighthouse(shop.url + p, { port: chrome.port, onlyCategories: cats, logLevel: 'error', disableStorageReset: true });
    const lhr = r!.lhr;
    const scores = cats.map((c) => `${c} ${Math.round((lhr.categories[c].score ?? 0) * 100)}`).join(' ');
    if (cats.includes('performance')) console.log('   ', ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index'].map((k) => `${k} ${lhr.audits[k].displayValue}`).join(', '), 'LCP el:', JSON.stringify((lhr.audits['largest-contentful-paint-element']?.details as NodeRows | undefined)?.items?.[0]?.items?.[0]?.node?.snippet ?? ''));
    console.log(p, scores, 'CLS', lhr.audits['cumulative-layout-shift']?.numericValue?.toFixed(3) ?? '-');
    for (const a of Object.values(lhr.audits)) {
      if (a.score !== null && a.score < 1 && (lhr.categories.accessibility.auditRefs.some((x) => x.id === a.id && x.weight > 0))) {
        console.log('   FAIL', a.id, ((a.details as NodeRows | undefined)?.items ?? []).slice(0, 4).map((i) => i.node?.snippet ?? i.node?.selector ?? '').join(' | '));
      }
    }
  }
} finally { await chrome.kill(); await shop.stop(); }
