// Cart merge after login in the browser (seed 000 §4 "Cart merge after login", §7 GET cart merge): a customer's
// phone with a tariff waits in their cart; as a guest they add another phone with a tariff and sign in — only one
// postpaid tariff fits a cart, so the replace modal lists the customer's phone. "Zameni novim" sends
// mergeCart?productsNeedReplace=true (the mini cart then holds the guest's phone only), "Zadrži postojeći"
// sends false (the customer's phone stays, the guest's is dropped).
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { SHOTS } from './lib';
import { PLP, cards, suite } from './shopper';

const s = suite('merge');
const { test, open } = s;
const PASSWORD = 'Orbita2026!';

/** Phone list → the n-th phone → "Dodaj u korpu" (installments with the default tariff) → the notification. */
async function addPhone(page: Page, n: number): Promise<string> {
  await page.goto(`${s.url}${PLP}`);
  await cards(page).nth(n).click();
  await page.waitForURL(/\/uredjaj\/[^/]+\/[^/]+\/[^/]+$/);
  const name = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
  await page.getByRole('button', { name: 'Dodaj u korpu' }).click();
  await page.locator('.sdui-toast', { hasText: 'Proizvod je dodat u korpu.' }).first().waitFor();
  return name;
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.locator('.ot-account__btn').click();
  await page.getByLabel('Imejl ili korisničko ime').fill(email);
  await page.getByLabel('Lozinka', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Lozinka', { exact: true }).press('Enter');
}

async function signOut(page: Page): Promise<void> {
  await page.locator('.ot-account__btn').click();
  await page.getByRole('button', { name: 'Odjavi se' }).click();
  await page.locator('.sdui-toast', { hasText: 'Uspešno si se odjavio.' }).waitFor();
  await page.locator('.ot-minicart__badge').waitFor({ state: 'detached' });
}

const miniCart = (page: Page) => page.locator('.ot-minicart__panel');

/** The customer's cart: their phone with a tariff, then signed out. A guest then adds another phone with a tariff. */
async function customerThenGuest(page: Page, email: string, mine: number, theirs: number): Promise<{ own: string; guest: string }> {
  await page.goto(`${s.url}/`);
  await signIn(page, email);
  await page.locator('.ot-account__initial').waitFor();
  const own = await addPhone(page, mine);
  await signOut(page);
  const guest = await addPhone(page, theirs);
  assert.notEqual(own, guest);
  return { own, guest };
}

test('sign-in with a second postpaid bundle: the replace modal lists the customer\'s phone; "Zameni novim" keeps the guest\'s', async () => {
  const { page, problems } = await open();
  const { own, guest } = await customerThenGuest(page, 'kupac@orbita.rs', 0, 1);
  await signIn(page, 'kupac@orbita.rs');
  // the merge question (not the mini cart, itself a dialog, which may open as soon as the question is answered)
  const dialog = page.getByRole('dialog').filter({ hasText: 'Zadrži postojeći' });
  await dialog.getByText('Ovaj proizvod je već u korpi').waitFor();
  await dialog.getByText(own).first().waitFor();
  assert.equal(await dialog.getByText(guest).count(), 0, 'the modal lists what would be replaced, not what is added');
  await page.screenshot({ path: `${SHOTS}/merge-replace-modal.png` });

  await dialog.getByRole('button', { name: 'Zameni novim' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.locator('.sdui-toast', { hasText: 'Proizvod je dodat u korpu.' }).first().waitFor();
  await miniCart(page).waitFor();
  await miniCart(page).getByText(guest).first().waitFor();
  assert.equal(await miniCart(page).getByText(own).count(), 0, 'the customer\'s phone was replaced');
  await page.screenshot({ path: `${SHOTS}/merge-replaced-minicart.png` });

  // the decision is final: a reload shows the same cart, and no modal asks again
  await page.reload();
  await page.locator('.ot-account__initial').waitFor();
  await page.getByRole('button', { name: /Korpa, broj stavki/ }).click();
  await miniCart(page).getByText(guest).first().waitFor();
  assert.equal(await miniCart(page).getByText(own).count(), 0);
  assert.equal(await page.getByText('Ovaj proizvod je već u korpi').count(), 0, 'no replace modal asks again');
  assert.deepEqual(problems, []);
});

test('"Zadrži postojeći" keeps the customer\'s phone and drops the guest\'s', async () => {
  const { page, problems } = await open({ width: 375 });
  const { own, guest } = await customerThenGuest(page, 'staff@orbita.rs', 2, 3);
  await signIn(page, 'staff@orbita.rs');
  // the merge question (not the mini cart, itself a dialog, which may open as soon as the question is answered)
  const dialog = page.getByRole('dialog').filter({ hasText: 'Zadrži postojeći' });
  await dialog.getByText(own).first().waitFor();
  await page.screenshot({ path: `${SHOTS}/merge-replace-modal-375.png` });
  await dialog.getByRole('button', { name: 'Zadrži postojeći' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await miniCart(page).waitFor();
  await miniCart(page).getByText(own).first().waitFor();
  assert.equal(await miniCart(page).getByText(guest).count(), 0, 'the guest\'s phone was dropped');
  await page.screenshot({ path: `${SHOTS}/merge-kept-minicart-375.png` });
  assert.deepEqual(problems, []);
});
