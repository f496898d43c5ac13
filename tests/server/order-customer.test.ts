// @vitest-environment node
// Every order has its customer (issue 27): an order of each checkout type, placed through the steps its flow declares
// (schemas/flows/), carries who it is for — name, e-mail, phone — and, for a postpaid contract (mobile or home), the
// personal data and ID document; the stored order and the confirmation show them. A guest whose cart holds a home
// package is not let through the guest steps (the flow's signInRequired, answered with the cart as
// checkoutSignInRequired): the shop offers the login.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { orders } from '../../server/db/tables';
import { outbox } from '../../server/outbox/schema';
import { jmbgFor } from '../../server/user/index';
import { orderCustomer } from '../../server/workflows/place-order';
import type { ApiError } from '../../server/lib/errors';
import { customerWithEmptyCart, drivers, okJson, GUEST, PATHS, REQUIRED_CONSENTS, RELAXED_LIMITS, Shopper, startApp, type Harness } from './helpers';
import { Customer } from './commerce-helpers';
import type { OrderCustomerInfo, ValidateResponse } from '../../schemas/types/api.cart';

const V = '/hybris/ecommerce/b2c/v1';
const P = {
  info: `${V}/checkout/customerinfo`, contact: `${V}/checkout/customerinfo/contact`, create: `${V}/checkout/addresses/delivery/create`,
  newNumber: `${V}/users/phone/carts/msisdns/new`, setAddress: `${V}/checkout/addresses/installationaddress`, setNumber: `${V}/checkout/homeline/number`,
  installation: `${V}/checkout/addresses/delivery/installation`, esimOtp: `${V}/checkout/esim/requestotp`, esim: `${V}/checkout/esim`,
};
const ADULT = jmbgFor(new Date(Date.UTC(1985, 2, 15)));
/** The personal-data step of a postpaid contract, ordered for someone else than the account holder. */
const PERSONAL = {
  orderFor: 'OTHER', firstName: 'Ivana', lastName: 'Marković', jmbg: ADULT, primaryContactDocumentIdNum: '012345678',
  primaryContactDocumentIdIssueAuthority: 'PU za grad Beograd', primaryContactDocumentIdIssueDate: '2022-03-15T01:00:00+01:00',
  contactEmail: 'ivana.markovic@example.rs', msisdn: '0647778899',
};
const TARIFF = { code: 'ORBITA_FLEX_20', subscriptionTermId: 'ORBITA_FLEX_20_T24' };
type Step = ValidateResponse['checkoutSteps'][number];

describe.each(drivers)('every order has its customer on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url, { limits: RELAXED_LIMITS }); }, 120_000);
  afterAll(async () => { await h?.close(); });

  const ok = okJson;
  const customer = (email: string) => customerWithEmptyCart(h.app, email);
  const steps = async (s: Shopper) => (await s.call('POST', PATHS.validate, { justSteps: true, v2: true })).json();
  /** Places the order (on delivery for a signed-in customer, by card for a guest) and answers the stored order and its confirmation. */
  async function place(s: Shopper, paymentMode: 'Delivery' | 'CreditCard') {
    await ok(s.call('PUT', PATHS.setPaymentType, { paymentMode, ...(paymentMode === 'CreditCard' ? { creditCardPaymentType: 'NEW_CARD' } : {}) }), 'payment');
    const placed = await ok(s.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: false }), 'submit');
    const [row] = await h.database.db.select().from(orders).where(eq(orders.code, placed.code));
    const confirmation = await ok(s.call('GET', `${PATHS.confirmation}?orderCode=${placed.code}`), 'confirmation');
    return { stored: row.snapshot.orderCustomerInfo as OrderCustomerInfo, checkoutType: row.snapshot.checkoutType, shown: confirmation.order.orderCustomerInfo as OrderCustomerInfo };
  }
  /** The home-line step: a covered address with a new number. */
  async function homeSetup(c: Shopper, pkg: string) {
    await ok(c.call('POST', P.setAddress, { option: 'HOME_ADDRESS', addressType: 'OTHER_ADDRESS', addressCode: 'TIS-1003-40', entrance: 'B', flatNum: '7', packageId: pkg }), 'installation address');
    await ok(c.call('PUT', P.setNumber, { homeLine: { numberOption: 'NEW_NUMBER' } }), 'home number');
  }
  const contractData = { jmbg: ADULT, primaryContactDocumentIdNum: '012345678', primaryContactDocumentIdIssueAuthority: 'PU za grad Beograd' };

  it('GUEST and STANDALONE: the guest data', async () => {
    for (const [add, type] of [
      [{ path: PATHS.addBundle, body: { deviceCode: 'GOOGLE_PIXEL_9A', tariffCode: 'ORBITA_FLEX_20', subscriptionTermId: 'ORBITA_FLEX_20_T24', chargeType: 'ONE_TIME_CHARGE' } }, 'GUEST'],
      [{ path: PATHS.addBundle, body: { deviceCode: 'ACC_USBC_CABLE', chargeType: 'ONE_TIME_CHARGE' } }, 'STANDALONE'],
    ] as const) {
      const s = await new Shopper(h.app).login();
      expect(await ok(s.call('GET', PATHS.fullCart), 'empty cart')).toMatchObject({ checkoutType: null, checkoutSignInRequired: false });
      await ok(s.call('POST', add.path, add.body), 'add');
      expect((await steps(s)).checkoutType).toBe(type);
      expect((await ok(s.call('GET', PATHS.fullCart), 'cart')).checkoutSignInRequired).toBe(false);
      await ok(s.call('POST', PATHS.guestInfo, GUEST), 'guest data');
      const o = await place(s, 'CreditCard');
      expect(o.checkoutType).toBe(type);
      for (const info of [o.stored, o.shown]) expect(info).toMatchObject(GUEST.customerData);
    }
  });

  it('MOBILE: the personal data (JMBG, ID document) and the delivery contact', async () => {
    const c = await customer('kupac@orbita.rs');
    await ok(c.call('POST', PATHS.addToCart, TARIFF), 'tariff');
    expect((await steps(c)).checkoutType).toBe('MOBILE');
    await ok(c.call('POST', P.info, { userInfo: PERSONAL }), 'personal data');
    await ok(c.call('POST', P.newNumber, {}), 'number');
    await ok(c.call('POST', P.create, { address: { tisAddressCode: 'TIS-1003-40', entrance: 'B' } }), 'delivery address');
    await ok(c.call('PUT', P.contact, { contactPhone: '651112233' }), 'delivery contact');
    expect((await steps(c)).checkoutSteps.every((s: Step) => s.done)).toBe(true);
    const o = await place(c, 'Delivery');
    expect(o.checkoutType).toBe('MOBILE');
    for (const info of [o.stored, o.shown]) {
      expect(info).toMatchObject({ firstName: 'Ivana', lastName: 'Marković', contactEmail: 'ivana.markovic@example.rs', contactPhone: '651112233', ...contractData });
    }
  });

  it('HOME_FIXED: package setup, then the personal data step (declared in the flow), delivery to the installation address', async () => {
    const c = await customer('kupac@orbita.rs');
    await ok(c.call('POST', PATHS.addToCart, { code: 'BOX_PLUS', subscriptionTermId: 'BOX_PLUS_T24' }), 'box');
    const v = await steps(c);
    expect(v.checkoutType).toBe('HOME_FIXED');
    expect(v.checkoutSteps.map((s: Step) => s.code)).toEqual(['CONNECT_HOME_DATA', 'ADDITIONAL_CUSTOMER_DATA', 'SUGGESTED_TV_ADDONS', 'SUGGESTED_PRODUCTS', 'DELIVERY', 'PAYMENT_AND_CART_CONFIRMATION']);
    await homeSetup(c, 'BOX_PLUS');
    const personal = () => v.checkoutSteps && steps(c).then((x) => x.checkoutSteps.find((s: Step) => s.code === 'ADDITIONAL_CUSTOMER_DATA').done);
    expect(await personal()).toBe(false);
    await ok(c.call('POST', P.info, { userInfo: PERSONAL }), 'personal data');
    expect(await personal()).toBe(true);
    await ok(c.call('PUT', P.installation), 'delivery to the installation address');
    // the delivery step is done only with the courier's phone
    expect((await steps(c)).checkoutSteps.find((s: Step) => s.code === 'DELIVERY').done).toBe(false);
    await ok(c.call('PUT', P.contact, { contactPhone: '651112233' }), 'delivery contact');
    expect((await steps(c)).checkoutSteps.every((s: Step) => s.done)).toBe(true);
    const o = await place(c, 'Delivery');
    expect(o.checkoutType).toBe('HOME_FIXED');
    for (const info of [o.stored, o.shown]) {
      expect(info).toMatchObject({ firstName: 'Ivana', lastName: 'Marković', contactEmail: 'ivana.markovic@example.rs', contactPhone: '651112233', ...contractData });
    }
  });

  it('HOME_MOBILE: package setup, personal data, the mobile number, delivery', async () => {
    const c = await customer('staff@orbita.rs');
    await ok(c.call('POST', PATHS.addToCart, { code: 'BOX_START', subscriptionTermId: 'BOX_START_T24' }), 'box');
    await ok(c.call('POST', PATHS.addToCart, TARIFF), 'tariff');
    const v = await steps(c);
    expect(v.checkoutType).toBe('HOME_MOBILE');
    expect(v.checkoutSteps.map((s: Step) => s.code)).toEqual(['CONNECT_HOME_DATA', 'ADDITIONAL_CUSTOMER_DATA', 'SUGGESTED_TV_ADDONS', 'CONNECT_MSISDN', 'SUGGESTED_PRODUCTS', 'DELIVERY', 'PAYMENT_AND_CART_CONFIRMATION']);
    await homeSetup(c, 'BOX_START');
    await ok(c.call('POST', P.info, { userInfo: { ...PERSONAL, orderFor: 'SELF', firstName: 'Jelena', lastName: 'Jovanović', contactEmail: 'staff@orbita.rs' } }), 'personal data');
    await ok(c.call('POST', P.newNumber, {}), 'number');
    await ok(c.call('PUT', P.installation), 'delivery to the installation address');
    await ok(c.call('PUT', P.contact, { contactPhone: '651234567' }), 'delivery contact');
    expect((await steps(c)).checkoutSteps.every((s: Step) => s.done)).toBe(true);
    const o = await place(c, 'Delivery');
    expect(o.checkoutType).toBe('HOME_MOBILE');
    for (const info of [o.stored, o.shown]) {
      expect(info).toMatchObject({ firstName: 'Jelena', lastName: 'Jovanović', contactEmail: 'staff@orbita.rs', contactPhone: '651234567', ...contractData });
    }
  });

  it('MOBILE_PREPAID and MOBILE_PREPAID_GUEST: the verified e-mail and the name; a signed-in customer\'s phone from the account', async () => {
    const lastCode = async (email: string) => {
      const [m] = await h.database.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id)).limit(1);
      return /\b(\d{6})\b/.exec(m.body)![1];
    };
    const c = await customer('kupac@orbita.rs');
    await ok(c.call('POST', PATHS.addToCart, { code: 'ORBITA_PREPAID_NET' }), 'prepaid');
    await ok(c.call('POST', P.esimOtp, { email: 'marko.esim@example.rs' }), 'code');
    await ok(c.call('POST', P.esim, { email: 'marko.esim@example.rs', otpCode: await lastCode('marko.esim@example.rs') }), 'verify');
    const signed = await place(c, 'CreditCard');
    expect(signed.checkoutType).toBe('MOBILE_PREPAID');
    for (const info of [signed.stored, signed.shown]) expect(info).toMatchObject({ firstName: 'Marko', lastName: 'Petrović', contactEmail: 'marko.esim@example.rs', contactPhone: '641234567' });

    const g = await new Shopper(h.app).login();
    await ok(g.call('POST', PATHS.addToCart, { code: 'ORBITA_PREPAID_ESIM' }), 'prepaid');
    await ok(g.call('POST', P.esimOtp, { email: 'jovana.esim@example.rs' }), 'code');
    await ok(g.call('POST', P.esim, { email: 'jovana.esim@example.rs', otpCode: await lastCode('jovana.esim@example.rs'), firstName: 'Jovana', lastName: 'Ilić', prepaidGuestTermsConsent: true }), 'verify');
    const guest = await place(g, 'CreditCard');
    expect(guest.checkoutType).toBe('MOBILE_PREPAID_GUEST');
    for (const info of [guest.stored, guest.shown]) expect(info).toMatchObject({ firstName: 'Jovana', lastName: 'Ilić', contactEmail: 'jovana.esim@example.rs' });
  });

  it('a guest with a home package: HOME_FIXED, its guest data and order refused (403, in the shopper\'s language); signed in, the same cart goes on', async () => {
    const g = await new Customer(h.app).login();
    await ok(g.call('POST', PATHS.addToCart, { code: 'BOX_PLUS', subscriptionTermId: 'BOX_PLUS_T24' }), 'box');
    // the cart says so (its flow's signInRequired): the browser offers the login, not the guest checkout
    expect(await ok(g.call('GET', PATHS.fullCart), 'cart')).toMatchObject({ checkoutType: 'HOME_FIXED', checkoutSignInRequired: true });
    const data = await g.call('POST', PATHS.guestInfo, GUEST);
    expect(data.statusCode).toBe(403);
    expect(data.json().errors[0]).toMatchObject({ type: 'ForbiddenError', reason: 'signInRequired' });
    expect(data.json().errors[0].message).toMatch(/^Ovu kupovinu može da završi samo prijavljeni korisnik/);
    g.lang = '2';
    const order = await g.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: false });
    expect(order.statusCode).toBe(403);
    expect(order.json().errors[0].message).toMatch(/^Only a signed-in customer can complete this purchase/);
    g.lang = '1';
    expect((await ok(g.call('GET', PATHS.guestCart), 'guest cart')).orderCustomerInfo ?? null).toBe(null);
    // after signing in (the cart merges) the home checkout starts with the package setup
    await g.signIn('kupac@orbita.rs');
    const v = await steps(g);
    expect(v.checkoutType).toBe('HOME_FIXED');
    expect(v.checkoutSteps[0]).toMatchObject({ code: 'CONNECT_HOME_DATA', done: false });
  });

  it('who the order is for: a signed-in customer\'s missing name, e-mail and phone come from the account; without them the order is refused', async () => {
    const c = await customer('staff@orbita.rs');
    await ok(c.call('POST', PATHS.addBundle, { deviceCode: 'ACC_USBC_CABLE', chargeType: 'ONE_TIME_CHARGE' }), 'accessory');
    // the delivery step alone (no name or e-mail on the cart): the account's
    await ok(c.call('POST', P.create, { address: { tisAddressCode: 'TIS-1003-40', entrance: 'B' } }), 'delivery address');
    await ok(c.call('PUT', P.contact, { contactPhone: '651119999' }), 'delivery contact');
    const o = await place(c, 'Delivery');
    expect(o.stored).toMatchObject({ firstName: 'Jelena', lastName: 'Jovanović', contactEmail: 'staff@orbita.rs', contactPhone: '651119999' });
    // no account to take them from: refused, naming the missing field; a prepaid guest's phone is the number bought
    const refusal = (info: Record<string, unknown>, type: 'GUEST' | 'MOBILE_PREPAID_GUEST') => { try { orderCustomer(info, null, type); return null; } catch (e) { return e as ApiError; } };
    expect(refusal({ firstName: 'Ana', lastName: 'Ilić', contactEmail: 'ana@example.rs' }, 'GUEST')).toMatchObject({ statusCode: 400, reason: 'customerInfoMissing', subject: 'orderCustomerInfo/contactPhone' });
    expect(refusal({ firstName: 'Ana', lastName: ' ', contactEmail: 'ana@example.rs', contactPhone: '641234567' }, 'GUEST')).toMatchObject({ subject: 'orderCustomerInfo/lastName' });
    expect(refusal({ firstName: 'Ana', lastName: 'Ilić', contactEmail: 'ana@example.rs' }, 'MOBILE_PREPAID_GUEST')).toBe(null);
  });
});
