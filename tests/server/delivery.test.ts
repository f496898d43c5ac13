// @vitest-environment node
// The personal-data and delivery steps of a signed-in checkout (server/delivery/): checkout user data with the adult
// check, the e-mail one-time code (seed 001 §4: customer info and e-mail code saved together), saved addresses, a new
// address from the address system (seed 001 §7), pickup stores, renewal by e-mail, the delivery options of the flow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { outbox } from '../../server/outbox/schema';
import { jmbgFor } from '../../server/user/index';
import { drivers, GUEST_CONTRACT, PATHS, Shopper, startApp, type Harness } from './helpers';
import { Customer } from './commerce-helpers';

const V = '/hybris/ecommerce/b2c/v1';
const D = {
  user: `${V}/users/user`, info: `${V}/checkout/customerinfo`, contact: `${V}/checkout/customerinfo/contact`, otp: `${V}/otp/email`,
  addresses: `${V}/users/addresses`, stores: `${V}/users/addresses/pickupstores`, create: `${V}/checkout/addresses/delivery/create`,
  replace: `${V}/checkout/addresses/delivery/replace`, pickup: `${V}/checkout/addresses/pickup`, email: `${V}/checkout/addresses/email`,
  municipalities: `${V}/users/homeaddresses/municipalities`, locations: `${V}/users/homeaddresses/locations`,
  streets: `${V}/users/homeaddresses/streets`, numbers: `${V}/users/homeaddresses/streetnumbers`,
};
const BUNDLE = { deviceCode: 'SAMSUNG_GALAXY_A56_AWESOME_GRAPHITE', tariffCode: 'ORBITA_MAX_M', subscriptionTermId: 'ORBITA_MAX_M_T24', chargeType: 'ONE_TIME_CHARGE' };
const ADULT = jmbgFor(new Date(Date.UTC(1985, 2, 15)));
const INFO = {
  orderFor: 'SELF', firstName: 'Marko', lastName: 'Petrović', jmbg: ADULT, primaryContactDocumentIdNum: '012345678',
  primaryContactDocumentIdIssueAuthority: 'PU za grad Beograd', primaryContactDocumentIdIssueDate: '2022-03-15T01:00:00+01:00',
  contactEmail: 'kupac@orbita.rs', msisdn: '0641234567',
};

describe.each(drivers)('personal data and delivery on %s', (_name, url) => {
  let h: Harness;
  beforeAll(async () => { h = await startApp(url); }, 120_000);
  afterAll(async () => { await h?.close(); });

  async function customer(email = 'kupac@orbita.rs') {
    const c = await new Customer(h.app).login();
    await c.signIn(email);
    await c.call('DELETE', PATHS.deleteCart);
    expect((await c.call('POST', PATHS.addBundle, BUNDLE)).statusCode).toBe(200);
    return c;
  }
  const lastCode = async (to: string) => {
    const [m] = await h.database.db.select().from(outbox).where(eq(outbox.recipient, to)).orderBy(desc(outbox.id)).limit(1);
    return /(\d{6})/.exec(m.body)![1];
  };

  it('the address system has at least 10 municipalities and 300 streets, each step answering its list', async () => {
    const s = await new Shopper(h.app).login();
    const m = (await s.call('GET', D.municipalities)).json().municipalities;
    expect(m.length).toBeGreaterThanOrEqual(10);
    expect(m.map((x: { name: string }) => x.name)).toEqual(expect.arrayContaining(['Subotica', 'Čačak', 'Novi Sad', 'Beograd-Stari grad']));
    const [{ n }] = ((await h.database.db.execute(sql`SELECT count(*)::int AS n FROM home_streets`)) as unknown as { rows: Array<{ n: number }> }).rows;
    expect(n).toBeGreaterThanOrEqual(300);
    const loc = (await s.call('GET', `${D.locations}?municipalityCode=80438`)).json().locations;
    expect(loc).toEqual([{ code: '80438-1', name: 'Subotica' }]);
    const streets = (await s.call('GET', `${D.streets}?municipalityCode=80438&localityCode=80438-1`)).json().streets;
    expect(streets.find((x: { name: string }) => x.name === 'Korzo')).toBeTruthy();
    const korzo = streets.find((x: { name: string }) => x.name === 'Korzo').code;
    const nums = (await s.call('GET', `${D.numbers}?municipalityCode=80438&streetCode=${korzo}`)).json().streetnumbers;
    expect(nums.length).toBeGreaterThanOrEqual(3);
    expect(nums[0].tisAddressCode).toMatch(/^TIS-/);
    // a street of another municipality gives an empty list, not an error
    expect((await s.call('GET', `${D.numbers}?municipalityCode=70092&streetCode=${korzo}`)).json().streetnumbers).toEqual([]);
  });

  it('checkout user data: prefilled from the account; saved with the adult check and the issue date; delivery options come from the flow', async () => {
    const c = await customer();
    const pre = (await c.call('GET', D.user)).json();
    expect(pre).toMatchObject({ firstName: 'Marko', lastName: 'Petrović', jmbg: ADULT, contactEmail: 'kupac@orbita.rs', msisdn: '0641234567', accountFull: true, accountEmail: 'kupac@orbita.rs' });
    const steps = (await c.call('POST', PATHS.validate, { justSteps: true, v2: true })).json();
    expect(steps.checkoutType).toBe('MOBILE');
    expect(steps.checkoutSteps.map((s: { code: string; done: boolean }) => [s.code, s.done])[0]).toEqual(['ADDITIONAL_CUSTOMER_DATA', false]);
    const saved = await c.call('POST', D.info, { userInfo: INFO });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().cart.orderCustomerInfo).toMatchObject({ jmbg: ADULT, primaryContactDocumentIdIssueDate: '2022-03-15T01:00:00+01:00', orderFor: 'SELF' });
    const after = (await c.call('POST', PATHS.validate, { justSteps: true, v2: true })).json();
    expect(after.checkoutSteps[0]).toMatchObject({ code: 'ADDITIONAL_CUSTOMER_DATA', done: true });
    expect((await c.call('GET', D.user)).json().primaryContactDocumentIdNum).toBe('012345678');
    const opts = (await c.call('GET', `${PATHS.options}?checkoutStep=DELIVERY`)).json().options.deliveryOptions;
    expect(opts.map((o: { code: string }) => o.code)).toEqual(['DELIVERY_ADDRESS_EXISTING', 'DELIVERY_ADDRESS_NEW', 'PICKUP_ADDRESS', 'DELIVERY_EMAIL_ADDRESS']);
    expect(opts[2].name).toBe('Preuzimanje u prodajnom mestu');
  });

  it('bad input → 400 with errors[0].type and a message in the shopper\'s language', async () => {
    const c = await customer();
    const minor = jmbgFor(new Date(Date.UTC(new Date().getUTCFullYear() - 16, 0, 10)));
    const cases: Array<[string, string, unknown, string, string?]> = [
      ['POST', D.info, { userInfo: { ...INFO, jmbg: minor } }, 'ValidationError', 'Uneti JMBG je od maloletnog lica'],
      ['POST', D.info, { userInfo: { ...INFO, jmbg: ADULT.slice(0, 12) + ((Number(ADULT[12]) + 1) % 10) } }, 'ValidationError', 'JMBG nije ispravan.'],
      ['POST', D.info, { userInfo: { ...INFO, primaryContactDocumentIdIssueDate: '2099-01-01T01:00:00+01:00' } }, 'ValidationError', 'Datum izdavanja dokumenta nije ispravan.'],
      ['POST', D.info, { userInfo: { ...INFO, primaryContactDocumentIdIssueDate: '2022-02-30T01:00:00+01:00' } }, 'ValidationError', 'Datum izdavanja dokumenta nije ispravan.'],
      ['POST', D.info, { userInfo: { ...INFO, primaryContactDocumentIdIssueDate: '15.03.2022' } }, 'ValidationError'],
      ['POST', D.info, { userInfo: { ...INFO, msisdn: '064-123-4567' } }, 'ValidationError'],
      ['POST', D.info, { userInfo: { ...INFO, contactEmail: 'marko@šuma.rs' } }, 'ValidationError'],
      ['POST', D.info, { userInfo: { ...INFO, extra: 1 } }, 'ValidationError'],
      ['PUT', D.contact, { contactPhone: '0641234567' }, 'ValidationError'],
      ['POST', D.otp, { email: 'not-an-email' }, 'ValidationError'],
      ['PUT', D.otp, { email: 'kupac@orbita.rs', code: '12' }, 'ValidationError'],
      ['PUT', D.otp, { email: 'nobody@orbita.rs', code: '123456' }, 'ValidationError', 'Potrebno je poslati kod.'],
      ['POST', D.create, { address: { tisAddressCode: 'TIS-NOPE-1' } }, 'ValidationError', 'Adresa nije pronađena u adresnom sistemu. Izaberi opštinu, mesto, ulicu i broj sa liste.'],
      ['POST', D.create, { address: { tisAddressCode: 'TIS-1001-73', townCode: '80217-1' } }, 'ValidationError', 'Delovi adrese se ne poklapaju. Izaberi adresu ponovo.'],
      ['POST', D.create, { address: { tisAddressCode: 'TIS-1001-73', entrance: '9' } }, 'ValidationError', 'Zgrada ima ulaze 1, 2.'],
      ['POST', D.create, { address: {} }, 'ValidationError'],
      ['PUT', D.replace, { addressId: '999999' }, 'ValidationError', 'Ova adresa nije među tvojim sačuvanim adresama.'],
      ['PUT', D.replace, { addressId: 'abc' }, 'ValidationError'],
      ['POST', D.pickup, { address: { pickupStoreId: 'NOWHERE' } }, 'ValidationError', 'Prodajno mesto nije pronađeno.'],
      ['POST', `${D.email}?email=kupac@orbita.rs&code=123456`, undefined, 'ValidationError', 'Potrebno je poslati kod.'],
      ['POST', `${D.email}?email=kupac@orbita.rs`, undefined, 'ValidationError'],
    ];
    for (const [method, path, body, type, message] of cases) {
      const r = await c.call(method as 'GET', path, body);
      expect(r.statusCode, `${path} ${JSON.stringify(body)} ${r.body}`).toBe(400);
      expect(r.json().errors[0].type).toBe(type);
      expect(r.json().errors[0].message).toBeTruthy();
      if (message) expect(r.json().errors[0].message).toBe(message);
    }
    c.lang = '2';
    expect((await c.call('POST', D.info, { userInfo: { ...INFO, jmbg: minor } })).json().errors[0].message).toBe('The JMBG entered belongs to a minor');
    expect((await c.call('POST', D.pickup, { address: { pickupStoreId: 'NOWHERE' } })).json().errors[0].message).toBe('The store was not found.');
    // personal data belongs to an account: a guest is refused
    const g = await new Shopper(h.app).login();
    await g.call('POST', PATHS.addBundle, BUNDLE);
    expect((await g.call('POST', D.info, { userInfo: INFO })).statusCode).toBe(403);
    expect((await g.call('GET', D.addresses)).json()).toEqual({ addresses: [] });
  });

  it('customer info and the e-mail code saved together (seed 001 §4): both land on the cart; a code works once', async () => {
    const c = await customer('staff@orbita.rs');
    const other = 'jelena.privatno@example.rs';
    const sent = await c.call('POST', D.otp, { email: other, validateEmail: false });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ sent: true, expiresInSeconds: 300 });
    const code = await lastCode(other);
    const info = { ...INFO, firstName: 'Jelena', lastName: 'Jovanović', contactEmail: other };
    const [a, b] = await Promise.all([
      c.call('POST', D.info, { userInfo: info }),
      c.call('PUT', D.otp, { email: other, code }),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json()).toEqual({ verified: true, email: other });
    const cart = (await c.call('GET', PATHS.fullCart)).json();
    // the two saves ran at the same moment and neither lost the other's fields (one jsonb merge each)
    expect(cart.orderCustomerInfo).toMatchObject({ firstName: 'Jelena', contactEmail: other, emailVerified: other, jmbg: ADULT });
    const again = await c.call('PUT', D.otp, { email: other, code });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].message).toBe('Potrebno je poslati kod.');
  });

  it('delivery submission: saved address, a new address from the address system (saved once), pickup, renewal by e-mail', async () => {
    const c = await customer();
    const list = (await c.call('GET', D.addresses)).json().addresses;
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list[0]).toMatchObject({ defaultAddress: true, line1: 'Bulevar kralja Aleksandra', line2: '73', town: 'Beograd', tisAddressCode: 'TIS-1001-73' });
    expect(list[0].formattedAddress).toBe('Bulevar kralja Aleksandra 73, ulaz 2, sprat 3, stan 14, 11000 Beograd');

    const existing = await c.call('PUT', D.replace, { addressId: list[1].id });
    expect(existing.json().cart).toMatchObject({ deliveryAddressType: 'DELIVERY_ADDRESS_EXISTING', deliveryAddress: { addressId: list[1].id, town: 'Novi Sad' } });

    // a new address: the four lookups, then create with the codes; names come from the address system
    const streets = (await c.call('GET', `${D.streets}?municipalityCode=80438&localityCode=80438-1`)).json().streets;
    const korzo = streets.find((x: { name: string }) => x.name === 'Korzo');
    const num = (await c.call('GET', `${D.numbers}?municipalityCode=80438&streetCode=${korzo.code}`)).json().streetnumbers[0];
    const body = { address: { tisAddressCode: num.tisAddressCode, line1Code: korzo.code, townCode: '80438-1', provinceCode: '80438', line1: 'Anything typed', floor: '2', apartment: '5', saveAddress: true } };
    const created = await c.call('POST', D.create, body);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().cart).toMatchObject({
      deliveryAddressType: 'DELIVERY_ADDRESS_NEW',
      deliveryAddress: { line1: 'Korzo', line1Code: korzo.code, line2: num.number, town: 'Subotica', townCode: '80438-1', province: 'Subotica', provinceCode: '80438', postalCode: '24000', tisAddressCode: num.tisAddressCode, floor: '2', apartment: '5' },
    });
    expect((await c.call('POST', D.create, body)).statusCode).toBe(200);
    const now = (await c.call('GET', D.addresses)).json().addresses;
    expect(now.filter((a: { tisAddressCode: string }) => a.tisAddressCode === num.tisAddressCode)).toHaveLength(1);

    const stores = (await c.call('GET', D.stores)).json().pickupStores;
    expect(new Set(stores.map((s: { province: string }) => s.province)).size).toBeGreaterThanOrEqual(5);
    const pick = await c.call('POST', D.pickup, { address: { pickupStoreId: 'NS-CENTAR', line1: 'ignored' } });
    expect(pick.json().cart).toMatchObject({ deliveryAddressType: 'PICKUP_ADDRESS', deliveryAddress: { pickupStoreId: 'NS-CENTAR', line1: 'Bulevar oslobođenja', line2: '119', postalCode: '21000', province: 'Novi Sad' } });

    await c.call('POST', D.otp, { email: 'kupac@orbita.rs' });
    const code = await lastCode('kupac@orbita.rs');
    const wrong = await c.call('POST', `${D.email}?email=kupac@orbita.rs&code=${code === '111111' ? '222222' : '111111'}`);
    expect(wrong.json().errors[0].message).toBe('Kod nije ispravan.');
    const renewal = await c.call('POST', `${D.email}?email=kupac@orbita.rs&code=${code}`);
    expect(renewal.statusCode, renewal.body).toBe(200);
    expect(renewal.json().cart).toMatchObject({ deliveryAddressType: 'DELIVERY_EMAIL_ADDRESS', deliveryAddress: { email: 'kupac@orbita.rs' } });

    // the delivery step's user data; then the step is done
    expect((await c.call('POST', D.info, { userInfo: INFO })).statusCode).toBe(200);
    expect((await c.call('PUT', D.contact, { contactPhone: '641234567' })).json().cart.orderCustomerInfo).toMatchObject({ contactPhone: '641234567', jmbg: ADULT });
    const steps = (await c.call('POST', PATHS.validate, { justSteps: true, v2: true })).json().checkoutSteps;
    expect(steps.find((s: { code: string }) => s.code === 'DELIVERY').done).toBe(true);
  });

  it('the pickup stores are the shops of "Kako do nas" (one list): every city of both former lists, a shop without pickup is neither offered nor accepted', async () => {
    const c = await new Customer(h.app).login();
    await c.call('POST', PATHS.addBundle, BUNDLE);
    const shops = (await c.call('GET', '/hybris/ecommerce/b2c/v1/stores')).json().stores as Array<{ code: string; town: string; pickup: boolean }>;
    const offered = (await c.call('GET', D.stores)).json().pickupStores as Array<{ pickupStoreId: string; province: string; line1: string; line2: string; formattedAddress: string; openingHours: string }>;
    expect(offered.map((s) => s.pickupStoreId)).toEqual(shops.filter((s) => s.pickup).map((s) => s.code));
    expect(new Set(offered.map((s) => s.province))).toEqual(new Set(['Beograd', 'Novi Beograd', 'Novi Sad', 'Niš', 'Kragujevac', 'Subotica', 'Čačak']));
    expect(offered.find((s) => s.pickupStoreId === 'BG-BULEVAR')).toMatchObject({ line1: 'Bulevar kralja Aleksandra', line2: '73', line2Code: 'TIS-1001-73', suburb: 'Vračar',
      formattedAddress: 'Bulevar kralja Aleksandra 73, 11000 Beograd', openingHours: 'Radnim danima 8–20, Subotom 9–15. Parking u dvorištu zgrade.' });
    expect(offered.find((s) => s.pickupStoreId === 'SU-KORZO')).toMatchObject({ name: 'Subotica', formattedAddress: 'Korzo 9, 24000 Subotica' });
    await h.database.db.execute(sql`UPDATE selfcare_stores SET pickup = false WHERE code = 'KG-CENTAR'`);
    try {
      const now = (await c.call('GET', D.stores)).json().pickupStores as Array<{ pickupStoreId: string }>;
      expect(now.map((s) => s.pickupStoreId)).not.toContain('KG-CENTAR');
      expect(now).toHaveLength(offered.length - 1);
      const refused = await c.call('POST', D.pickup, { address: { pickupStoreId: 'KG-CENTAR' } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0]).toMatchObject({ type: 'ValidationError', message: 'Prodajno mesto nije pronađeno.' });
      expect((await c.call('GET', '/hybris/ecommerce/b2c/v1/stores')).json().stores.map((s: { code: string }) => s.code)).toContain('KG-CENTAR');
    } finally {
      await h.database.db.execute(sql`UPDATE selfcare_stores SET pickup = true WHERE code = 'KG-CENTAR'`);
    }
  });

  it('the guest form\'s address keeps its address-system codes only while the text still names that address', async () => {
    const g = await new Shopper(h.app).login();
    await g.call('POST', PATHS.addBundle, BUNDLE);
    const customerData = { firstName: 'Marija', lastName: 'Petrović', contactEmail: 'marija@example.rs', contactPhone: '641234567' };
    const picked = { line1: 'Bulevar kralja Aleksandra', line2: '73', town: 'Beograd', postalCode: '11000', tisAddressCode: 'TIS-1001-73', line1Code: 'S-1001', townCode: 'wrong', provinceCode: '70092' };
    const kept = (await g.call('POST', PATHS.guestInfo, { customerData, deliveryAddress: picked, contractData: GUEST_CONTRACT })).json().cart.deliveryAddress;
    expect(kept).toMatchObject({ tisAddressCode: 'TIS-1001-73', line1Code: 'S-1001', townCode: '70092-1', provinceCode: '70092', province: 'Beograd-Vračar' });
    const typedOver = (await g.call('POST', PATHS.guestInfo, { customerData, deliveryAddress: { ...picked, line2: '75A' }, contractData: GUEST_CONTRACT })).json().cart.deliveryAddress;
    expect(typedOver).toMatchObject({ line1: 'Bulevar kralja Aleksandra', line2: '75A' });
    expect(typedOver.tisAddressCode).toBeUndefined();
    expect(typedOver.line1Code).toBeUndefined();
    const unknown = (await g.call('POST', PATHS.guestInfo, { customerData, deliveryAddress: { ...picked, tisAddressCode: 'TIS-NOPE' }, contractData: GUEST_CONTRACT })).json().cart.deliveryAddress;
    expect(unknown.tisAddressCode).toBeUndefined();
  });

  it('a guest\'s cart keeps the single delivery option of the guest flow', async () => {
    const g = await new Shopper(h.app).login();
    await g.call('POST', PATHS.addBundle, BUNDLE);
    const opts = (await g.call('GET', `${PATHS.options}?checkoutStep=DELIVERY`)).json().options;
    expect(opts.checkoutType).toBe('GUEST');
    expect(opts.deliveryOptions.map((o: { code: string }) => o.code)).toEqual(['DELIVERY_ADDRESS_NEW']);
  });
});
