// @vitest-environment node
// The installation bill of the home checkouts (seed 001 §9 "installations go on the installation address, another
// address, or an e-bill"; server/home/checkout.ts setInstallationBill): stored on the cart's home-line setup, checked
// (400 with the reason and message), enforced by the table's CHECK, kept with the order; and the setup of a cart that
// no longer holds a home package is released (server/workflows/cart-numbers.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { cartHomeSetups } from '../../server/home/schema';
import { drivers, givePersonalData, GUEST, PATHS, REQUIRED_CONSENTS, type Harness, startApp } from './helpers';
import { Customer } from './commerce-helpers';

const B = '/hybris/ecommerce/b2c/v1';
const H = { setAddress: `${B}/checkout/addresses/installationaddress`, setNumber: `${B}/checkout/homeline/number`, setup: `${B}/checkout/homeline`, bill: `${B}/checkout/homeline/bill` };
const COVERED = { option: 'HOME_ADDRESS', addressType: 'OTHER_ADDRESS', addressCode: 'TIS-1003-40', entrance: 'B', flatNum: '7' };

describe.each(drivers)('the installation bill on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url); }, 120_000);
  afterAll(async () => { await h?.close(); });

  /** A signed-in customer with exactly this home package in the cart (and, if asked, a complete setup). */
  async function customerWith(email: string, code = 'BOX_NET_TV_L', setup = true) {
    const c = await new Customer(h.app).login();
    await c.signIn(email);
    await c.call('DELETE', PATHS.deleteCart);
    const add = await c.call('POST', PATHS.addToCart, { code, subscriptionTermId: `${code}_T24` });
    expect(add.statusCode, add.body).toBe(200);
    if (setup) {
      expect((await c.call('POST', H.setAddress, COVERED)).statusCode).toBe(200);
      expect((await c.call('PUT', H.setNumber, { homeLine: { numberOption: 'NEW_NUMBER' } })).statusCode).toBe(200);
    }
    return c;
  }
  const cartIdOf = async (c: Customer) => {
    const code = (await c.call('GET', PATHS.cart)).json().code as string;
    const r = await h.database.db.execute(sql`SELECT id FROM carts WHERE code = ${code}`);
    return Number((r as unknown as { rows: Array<{ id: number }> }).rows[0].id);
  };

  it('needs the setup first; then each option is stored and shown with the setup', async () => {
    const c = await customerWith('kupac@orbita.rs', 'BOX_NET_TV_L', false);
    const first = await c.call('PUT', H.bill, { billOption: 'INSTALLATION_ADDRESS' });
    expect(first.statusCode).toBe(400);
    expect(first.json().errors[0]).toMatchObject({ type: 'CartError', reason: 'addressFirst', message: 'Najpre proveri adresu instalacije.' });

    expect((await c.call('POST', H.setAddress, COVERED)).statusCode).toBe(200);
    expect((await c.call('GET', H.setup)).json().homeLine.installationBill).toBeNull();

    const inst = await c.call('PUT', H.bill, { billOption: 'INSTALLATION_ADDRESS' });
    expect(inst.statusCode, inst.body).toBe(200);
    expect(inst.json().homeLine.installationBill).toEqual({
      option: 'INSTALLATION_ADDRESS', addressCode: null, entrance: null, flatNum: null, formattedAddress: 'Krunska 40/B, stan 7, 11000 Beograd', email: null,
    });

    const other = await c.call('PUT', H.bill, { billOption: 'OTHER_ADDRESS', addressCode: 'TIS-1001-77', flatNum: '3' });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().homeLine.installationBill).toEqual({
      option: 'OTHER_ADDRESS', addressCode: 'TIS-1001-77', entrance: null, flatNum: '3', formattedAddress: 'Bulevar kralja Aleksandra 77, stan 3, 11000 Beograd', email: null,
    });

    const ebill = await c.call('PUT', H.bill, { billOption: 'E_BILL', email: ' racuni@example.rs ' });
    expect(ebill.json().homeLine.installationBill).toEqual({ option: 'E_BILL', addressCode: null, entrance: null, flatNum: null, formattedAddress: null, email: 'racuni@example.rs' });
    // a later address of the setup keeps the bill choice (it is the cart's, not the address's)
    expect((await c.call('POST', H.setAddress, { ...COVERED, flatNum: '8' })).json().homeLine.installationBill).toMatchObject({ option: 'E_BILL' });
    // in English
    c.lang = '2';
    expect((await c.call('PUT', H.bill, { billOption: 'INSTALLATION_ADDRESS' })).json().homeLine.installationBill.formattedAddress).toBe('Krunska 40/B, flat 8, 11000 Beograd');
    c.lang = '1';
  });

  it('bad input: 400 with the field and a clear message; nothing stored', async () => {
    const c = await customerWith('staff@orbita.rs');
    const cases: Array<[unknown, string, string]> = [
      [{ billOption: 'E_BILL', email: 'not-an-email' }, 'email', 'Unesi ispravnu imejl adresu za e-račun.'],
      [{ billOption: 'E_BILL' }, 'email', 'Unesi ispravnu imejl adresu za e-račun.'],
      [{ billOption: 'OTHER_ADDRESS' }, 'addressCode', 'Izaberi adresu na koju šaljemo račun za instalaciju.'],
      [{ billOption: 'OTHER_ADDRESS', addressCode: 'TIS-9999-1' }, 'addressCode', 'Adresa nije pronađena u adresnom sistemu.'],
      [{ billOption: 'OTHER_ADDRESS', addressCode: 'TIS-1001-77' }, 'flatNum', ''],
    ];
    for (const [body, subject, message] of cases) {
      const r = await c.call('PUT', H.bill, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().errors[0]).toMatchObject({ type: 'ValidationError', subject });
      if (message) expect(r.json().errors[0].message).toBe(message);
      else expect(r.json().errors[0].message.length).toBeGreaterThan(10);
    }
    for (const body of [{ billOption: 'PAPER' }, {}, { billOption: 'E_BILL', email: 'a@b.rs', extra: 1 }, { billOption: 'E_BILL', email: `${'a'.repeat(120)}@b.rs` }]) {
      const r = await c.call('PUT', H.bill, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().errors[0].type).toBeTruthy();
      expect(r.json().errors[0].message).toBeTruthy();
    }
    expect((await c.call('GET', H.setup)).json().homeLine.installationBill).toBeNull();
  });

  it('the database refuses a bill that does not carry what its option needs (CHECK)', async () => {
    const c = await customerWith('staff@orbita.rs');
    const cartId = await cartIdOf(c);
    const db = h.database.db;
    await expect(db.update(cartHomeSetups).set({ billOption: 'E_BILL', billEmail: null }).where(eq(cartHomeSetups.cartId, cartId))).rejects.toThrow();
    await expect(db.update(cartHomeSetups).set({ billOption: 'OTHER_ADDRESS' }).where(eq(cartHomeSetups.cartId, cartId))).rejects.toThrow();
    await expect(db.update(cartHomeSetups).set({ billOption: 'INSTALLATION_ADDRESS', billEmail: 'x@y.rs' }).where(eq(cartHomeSetups.cartId, cartId))).rejects.toThrow();
  });

  it('the order keeps the installation and its bill (confirmation data); no choice → the installation address', async () => {
    async function order(c: Customer) {
      expect((await c.call('POST', PATHS.guestInfo, GUEST)).statusCode).toBe(200);
      await givePersonalData(c);
      expect((await c.call('PUT', PATHS.setPaymentType, { paymentMode: 'Delivery' })).statusCode).toBe(200);
      const placed = await c.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: false });
      expect(placed.statusCode, placed.body).toBe(200);
      const code = placed.json().code as string;
      const conf = await c.call('GET', `${PATHS.confirmation}?orderCode=${code}`);
      expect(conf.statusCode, conf.body).toBe(200);
      return conf.json().order;
    }
    const c = await customerWith('kupac@orbita.rs');
    expect((await c.call('PUT', H.bill, { billOption: 'E_BILL', email: 'racuni.petrovic@orbita.rs' })).statusCode).toBe(200);
    expect((await order(c)).homeLine).toEqual({
      option: 'HOME_ADDRESS', formattedAddress: 'Krunska 40/B, stan 7, 11000 Beograd', numberOption: 'NEW_NUMBER', homeLineFormatted: null, operator: null,
      installationBill: { option: 'E_BILL', formattedAddress: null, email: 'racuni.petrovic@orbita.rs' },
    });
    const d = await customerWith('staff@orbita.rs');
    expect((await order(d)).homeLine.installationBill).toEqual({ option: 'INSTALLATION_ADDRESS', formattedAddress: 'Krunska 40/B, stan 7, 11000 Beograd', email: null });
  });

  it('an emptied cart, or one whose last home package is removed, releases its home-line setup', async () => {
    const setupOf = async (c: Customer) => (await h.database.db.select().from(cartHomeSetups).where(eq(cartHomeSetups.cartId, await cartIdOf(c))))[0];
    // emptied
    const c = await customerWith('kupac@orbita.rs');
    expect((await c.call('PUT', H.bill, { billOption: 'E_BILL', email: 'a@example.rs' })).statusCode).toBe(200);
    const cartId = await cartIdOf(c);
    expect((await c.call('DELETE', PATHS.deleteCart)).statusCode).toBe(200);
    expect((await h.database.db.select().from(cartHomeSetups).where(eq(cartHomeSetups.cartId, cartId)))).toEqual([]);
    expect((await c.call('GET', H.setup)).json()).toEqual({ homeLine: null });

    // the package removed while an accessory stays; the accessory removed first keeps the setup
    const d = await customerWith('staff@orbita.rs');
    expect((await d.call('POST', PATHS.addBundle, { deviceCode: 'NOKIA_105_4G_BLUE', chargeType: 'ONE_TIME_CHARGE' })).statusCode).toBe(200);
    const entries = () => d.call('GET', PATHS.fullCart).then((r) => r.json().entries as Array<{ entryNumber: number; product: { code: string } }>);
    const phone = (await entries()).find((e) => e.product.code.startsWith('NOKIA'))!;
    expect((await d.call('DELETE', `${PATHS.deleteEntry}?entryNumber=${phone.entryNumber}`)).statusCode).toBe(200);
    expect(await setupOf(d)).toBeDefined();
    expect((await d.call('POST', PATHS.addBundle, { deviceCode: 'NOKIA_105_4G_BLUE', chargeType: 'ONE_TIME_CHARGE' })).statusCode).toBe(200);
    const pkg = (await entries()).find((e) => e.product.code === 'BOX_NET_TV_L')!;
    expect((await d.call('DELETE', `${PATHS.deleteEntry}?entryNumber=${pkg.entryNumber}`)).statusCode).toBe(200);
    expect((await entries()).map((e) => e.product.code)).toEqual(['NOKIA_105_4G_BLUE']);
    expect(await setupOf(d)).toBeUndefined();
  });
});
