import { startShop, launchBrowser, newPage } from '../tests/e2e/lib.ts';
const shop = await startShop({}, { dev: true });
const browser = await launchBrowser();
try {
  const { page, problems } = await newPage(browser, {});
  page.on('request', (r) => { if (r.url().includes('/hybris/')) console.log('REQ', r.method(), r.url().replace(shop.url, '')); });
  await page.goto(`${shop.url}/Privatni/Tarife/ORBITA_PREPAID_ESIM`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForTimeout(1500);
  await page.getByRole('button', { name: 'Kupi tarifu' }).click();
  await page.waitForTimeout(3000);
  console.log('URL', page.url(), problems);
  await page.screenshot({ path: '/tmp/prepaid/dbg.png' });
} finally { await browser.close(); await shop.stop(); }
