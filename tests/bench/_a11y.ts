import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { startShop } from '../e2e/lib';
const shop = await startShop();
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
try {
  const pages = ['/', '/Privatni/Uredjaji/Tip-uredjaja/telefoni', '/uredjaj/SAMSUNG_GALAXY_A56/awesome-graphite', '/kupovina/podaci-dostava', '/Prijava-b2c'];
  const cats = process.argv.includes('--perf') ? ['accessibility', 'performance'] : ['accessibility'];
  for (const p of pages) {
    const r = await lighthouse(shop.url + p, { port: chrome.port, onlyCategories: cats, logLevel: 'error' });
    const lhr = r!.lhr;
    const scores = cats.map((c) => `${c} ${Math.round((lhr.categories[c].score ?? 0) * 100)}`).join(' ');
    console.log(p, scores, 'CLS', lhr.audits['cumulative-layout-shift']?.numericValue?.toFixed(3) ?? '-');
    for (const a of Object.values(lhr.audits) as any[]) {
      if (a.score !== null && a.score < 1 && (lhr.categories.accessibility.auditRefs.some((x: any) => x.id === a.id && x.weight > 0))) {
        console.log('   FAIL', a.id, (a.details?.items ?? []).slice(0, 4).map((i: any) => i.node?.snippet ?? i.node?.selector ?? '').join(' | '));
      }
    }
  }
} finally { await chrome.kill(); await shop.stop(); }
