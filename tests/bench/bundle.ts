// npm run bench:bundle (and npm run bench): builds for production and prints the gzip size of the JavaScript that the phone
// list page and a checkout step actually load in Chromium (measured from the network, gzipped
// with zlib level 9 as a static server would). Also prints the number of requests and whether
// the form libraries (RJSF, AJV) were loaded.
import { execSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { ROOT, startShop, launchBrowser, newPage } from '../e2e/lib';
import type { Page, Response } from 'playwright-core';
import type { ProductDetails } from '../../schemas/types/api.catalog';

const BUDGET_PLP_KB = 150;
const BUDGET_CHECKOUT_KB = 215;

function gz(body: Buffer): number {
  return gzipSync(body, { level: 9 }).length;
}

/** Every JavaScript response of a fresh load of `url` (built chunks and server-served modules alike). */
async function jsLoadedBy(page: Page, url: string) {
  const bodies: Promise<{ file: string; body: Buffer } | null>[] = [];
  const onResponse = (r: Response) => {
    const u = new URL(r.url());
    const type = r.headers()['content-type'] ?? '';
    if (u.pathname.endsWith('.js') || type.includes('javascript')) {
      bodies.push(r.body().then((body) => ({ file: u.pathname + u.search, body }), () => null));
    }
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  page.off('response', onResponse);
  const got = (await Promise.all(bodies)).filter((b): b is { file: string; body: Buffer } => b !== null);
  const sizes = got.map(({ file, body }) => ({ file, gzip: gz(body), raw: body.length }));
  const total = sizes.reduce((a, s) => a + s.gzip, 0);
  const forms = sizes.some((s) => /rjsf|ajv|Form|validator/i.test(s.file));
  return { sizes, total, forms };
}

async function main() {
  if (!process.argv.includes('--no-build')) {
    console.log('building for production…');
    execSync('npx vite build --logLevel warn', { cwd: ROOT, stdio: 'inherit' });
  }
  const shop = await startShop();
  const browser = await launchBrowser();
  try {
    const { page } = await newPage(browser);
    const plp = await jsLoadedBy(page, `${shop.url}/Privatni/Uredjaji/Tip-uredjaja/telefoni`);

    // A checkout step: fill the cart through the API of the same browser session, then load the step fresh.
    const { page: page2 } = await newPage(browser);
    await page2.goto(`${shop.url}/`, { waitUntil: 'networkidle' });
    await page2.evaluate(async () => {
      const tok = await (await fetch('/selfcare/b2c/auth/token', { credentials: 'include' })).json();
      const h = { 'content-type': 'application/json', authorization: `Bearer ${tok.data.token}`, lang: '1' };
      const list = await (await fetch('/hybris/ecommerce/b2c/v1/products/search?categoryCode=telefoni&pageSize=1', { headers: h })).json();
      const code = list.products[0].code;
      const det = await (await fetch(`/hybris/ecommerce/b2c/v1/products/single?productCode=${code}`, { headers: h })).json();
      const variant = det.variants.find((v: ProductDetails['variants'][number]) => v.stock.stockLevelStatus !== 'outOfStock');
      await fetch('/hybris/ecommerce/b2c/v1/users/carts/addservice', {
        method: 'POST', headers: h, body: JSON.stringify({ deviceCode: variant.code, chargeType: 'ONE_TIME_CHARGE' }),
      });
      await fetch('/hybris/ecommerce/b2c/v1/users/carts/validate', { method: 'POST', headers: h, body: JSON.stringify({ justSteps: false, v2: true }) });
    });
    const step = await jsLoadedBy(page2, `${shop.url}/kupovina/podaci-dostava`);

    const kb = (n: number) => (n / 1024).toFixed(1);
    console.log('\nJS loaded (gzip, level 9):');
    for (const [name, r] of [['phone list /Privatni/Uredjaji/Tip-uredjaja/telefoni', plp], ['checkout step /kupovina/podaci-dostava', step]] as const) {
      console.log(`\n  ${name}: ${kb(r.total)} kB in ${r.sizes.length} file(s); form libraries loaded: ${r.forms ? 'yes' : 'no'}`);
      for (const s of r.sizes.sort((a, b) => b.gzip - a.gzip)) console.log(`    ${kb(s.gzip).padStart(7)} kB gz  ${kb(s.raw).padStart(7)} kB raw  ${s.file}`);
    }
    const plpOk = plp.total / 1024 <= BUDGET_PLP_KB && !plp.forms;
    const stepOk = step.total / 1024 <= BUDGET_CHECKOUT_KB;
    console.log(`\nbudget: phone list ≤ ${BUDGET_PLP_KB} kB gzip and no form libraries → ${kb(plp.total)} kB (${(plp.total / 1024 / BUDGET_PLP_KB).toFixed(2)} of budget) ${plpOk ? 'within budget' : 'OVER BUDGET'}`);
    console.log(`budget: checkout step with a form ≤ ${BUDGET_CHECKOUT_KB} kB gzip → ${kb(step.total)} kB (${(step.total / 1024 / BUDGET_CHECKOUT_KB).toFixed(2)} of budget) ${stepOk ? 'within budget' : 'OVER BUDGET'}`);
    if (!plpOk || !stepOk) process.exitCode = 1;
  } finally {
    await browser.close();
    await shop.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
