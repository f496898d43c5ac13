// Shared by the browser benches: puts a phone (Galaxy A56, one-off) in the cart of the page's session through the
// API and validates the cart, so the checkout step opens without clicking through the shop.
import type { Page } from 'playwright-core';

export async function fillCart(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const tok = await (await fetch('/selfcare/b2c/auth/token', { credentials: 'include' })).json();
    const h = { 'content-type': 'application/json', authorization: `Bearer ${tok.data.token}`, lang: '1' };
    const det = await (await fetch('/hybris/ecommerce/b2c/v1/products/single?productCode=SAMSUNG_GALAXY_A56', { headers: h })).json();
    const variant = det.variants.find((v: { stock: { stockLevelStatus: string } }) => v.stock.stockLevelStatus !== 'outOfStock');
    await fetch('/hybris/ecommerce/b2c/v1/users/carts/addservice', {
      method: 'POST', headers: h, body: JSON.stringify({ deviceCode: variant.code, chargeType: 'ONE_TIME_CHARGE' }),
    });
    await fetch('/hybris/ecommerce/b2c/v1/users/carts/validate', { method: 'POST', headers: h, body: JSON.stringify({ justSteps: false, v2: true }) });
  });
}
