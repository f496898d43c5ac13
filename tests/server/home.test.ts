// Home services (server/home/): hierarchy, service details, home package in the cart, TV channels, TV guide,
// address system, GPON address check, FNP requests (stored once per open number, also under concurrency).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { drivers, RELAXED_LIMITS, startApp, type Harness } from './helpers';

const B = '/hybris/ecommerce/b2c/v1';

describe.each(drivers)('home services (%s)', (_name, url) => {
  let h: Harness;
  let token = '';
  const get = (path: string, lang = '1') => h.app.inject({ method: 'GET', url: `${B}${path}`, headers: { authorization: `Bearer ${token}`, lang } });
  const post = (path: string, body: unknown, tok = token) => h.app.inject({ method: 'POST', url: `${B}${path}`, headers: { authorization: `Bearer ${tok}` }, payload: body as object });
  const newToken = async () => {
    const r = await h.app.inject({ method: 'GET', url: '/selfcare/b2c/auth/token' });
    return (r.json() as { data: { token: string } }).data.token;
  };

  beforeAll(async () => {
    // the send limits are tested in send-limits.test.ts (the FNP test sends two codes to one number at once)
    h = await startApp(url, { limits: RELAXED_LIMITS });
    token = await newToken();
  });
  afterAll(async () => h.close());

  it('answers the hierarchy: first level with subcategories, services with pricePlans, terms and characteristic groups', async () => {
    const r = await get('/products/hierarchy');
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.categories.map((c: { code: string }) => c.code)).toEqual(['HOME_BOX', 'HOME_NET', 'HOME_TV', 'HOME_EXTRAS']);
    const box = body.categories[0];
    expect(box.defaultCategory).toBe(true);
    expect(box.checkoutType).toBe('HOME_FIXED');
    expect(box.subcategories[0].defaultCategory).toBe(true);
    const start = box.subcategories[0].services.find((s: { code: string }) => s.code === 'BOX_START');
    expect(start.productOfferingType).toBe('BOX_PACKAGE');
    expect(start.purchasableAlone).toBe(true);
    expect(start.pricePlans[0].subscriptionTerms).toEqual([
      { id: 'BOX_START_T12', termOfServiceNumber: 12, recommended: false },
      { id: 'BOX_START_T24', termOfServiceNumber: 24, recommended: true },
    ]);
    expect(start.monthlyPrice.price.formattedValue).toBe('2.299,00 RSD');
    expect(start.monthlyPrice.oldPrice.formattedValue).toBe('3.299,00 RSD');
    const groups = start.tmaProductSpecCharacteristicGroups.map((g: { type: string }) => g.type);
    expect(groups).toEqual(['VPP_BASIC', 'VPP_DEFAULT']);
    const basic = start.tmaProductSpecCharacteristicGroups[0].productSpecCharacteristics;
    expect(basic[0].values[0]).toMatchObject({ value: '150 Mbit/s', highlightedName: '150 Mbit/s' });
    const def = start.tmaProductSpecCharacteristicGroups[1].productSpecCharacteristics;
    expect(def.find((c: { values: Array<{ subscriptionTermId: string | null }> }) => c.values[0].subscriptionTermId === 'BOX_START_T24')).toBeTruthy();
    expect(start.channelCount).toBe(26);
    expect(basic[1].values[0].value).toBe('26 kanala');
    // wireless internet is a HOME_MOBILE category, add-ons are not bought alone
    const wireless = body.categories[1].subcategories.find((s: { code: string }) => s.code === 'HOME_NET_WIRELESS');
    expect(wireless.checkoutType).toBe('HOME_MOBILE');
    const addon = body.categories[3].subcategories[0].services[0];
    expect(addon.productOfferingType).toBe('TV_ADDON');
    expect(addon.purchasableAlone).toBe(false);
    const types = new Set(body.categories.flatMap((c: { subcategories: Array<{ services: Array<{ productOfferingType: string }> }> }) => c.subcategories.flatMap((s) => s.services.map((x) => x.productOfferingType))));
    for (const t of ['BOX_PACKAGE', 'NET_PACKAGE', 'TV_PACKAGE', 'MSAT_PACKAGE', 'ANTENA_PLUS', 'ADDITIONAL_LANDLINE', 'STB_DEVICE', 'TV_ADDON', 'HOME_NET_ADDON', 'MTS_TV_GO_ADDON', 'ADDITIONAL_SERVICE']) expect(types.has(t)).toBe(true);
  });

  it('limits the hierarchy to a category by code or slug, in English too; unknown → 404, malformed → 400', async () => {
    const r = await get('/products/hierarchy?categoryCode=televizija', '2');
    expect(r.statusCode).toBe(200);
    expect(r.json().categories).toHaveLength(1);
    expect(r.json().categories[0].name).toBe('Television');
    expect((await get('/products/hierarchy?categoryCode=HOME_NET')).json().categories[0].code).toBe('HOME_NET');
    const unknown = await get('/products/hierarchy?categoryCode=nema');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0]).toMatchObject({ type: 'UnknownIdentifierError', message: 'Kategorija nema ne postoji.' });
    const bad = await get('/products/hierarchy?categoryCode=%3Cscript%3E');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ type: 'ValidationError', message: 'Neispravan format.' });
  });

  it('answers a service with its category path; unknown → 404; missing code → 400', async () => {
    const r = await get('/products/service?productCode=NET_500');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ code: 'NET_500', productOfferingType: 'NET_PACKAGE', category: { code: 'HOME_NET_GPON' }, parentCategory: { slug: 'internet' } });
    expect((await get('/products/service?productCode=NOPE')).statusCode).toBe(404);
    const bad = await get('/products/service');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ type: 'ValidationError', message: 'Ovo polje je obavezno.' });
  });

  it('puts a home package in the cart through add-to-cart (recurring, with the term); a second package asks to replace', async () => {
    const add = await post('/users/carts/entry/add', { code: 'BOX_PLUS', subscriptionTermId: 'BOX_PLUS_T24' });
    expect(add.statusCode).toBe(200);
    const mod = add.json().cartModifications[0];
    expect(mod.statusCode).toBe('success');
    const cart = (await get('/users/carts')).json();
    const entry = cart.entries.find((e: { product: { code: string } }) => e.product.code === 'BOX_PLUS');
    expect(entry.product.productOfferingType).toBe('BOX_PACKAGE');
    expect(entry.subscriptionTerm.termOfServiceNumber).toBe(24);
    expect(entry.monthlyPrice.price.formattedValue).toBe('2.999,00 RSD');
    expect(entry.monthlyPrice.promoPeriod).toBe(6);
    expect(cart.orderPrices.totalServiceMonthlyPrice.formattedValue).toBe('2.999,00 RSD');
    const again = await post('/users/carts/entry/add', { code: 'NET_500', subscriptionTermId: 'NET_500_T24' });
    expect(again.json().cartModifications[0].statusCode).toBe('productsNeedReplace');
    const badTerm = await post('/users/carts/entry/add', { code: 'NET_500', subscriptionTermId: 'BOX_PLUS_T24' });
    expect(badTerm.statusCode).toBe(400);
    expect(badTerm.json().errors[0].type).toBe('ValidationError');
    // an add-on alone is not a package: not found for add-to-cart
    expect((await post('/users/carts/entry/add', { code: 'TV_ADDON_ARENA', subscriptionTermId: 'TV_ADDON_ARENA_T12' })).statusCode).toBe(404);
  });

  it('lists TV channels by package with HD marked as feature_hd', async () => {
    const all = (await get('/tv/channels')).json();
    expect(all.packages.map((p: { code: string }) => p.code)).toEqual(['TV_START', 'TV_PLUS', 'MSAT_S', 'ANTENA_PLUS_BASIC']);
    const start = (await get('/tv/channels?packageCode=TV_START')).json();
    const plus = (await get('/tv/channels?packageCode=TV_PLUS')).json();
    expect(plus.channels.length).toBeGreaterThan(start.channels.length);
    expect(start.channels.find((c: { name: string }) => c.name === 'RTS 1').features).toEqual(['feature_hd']);
    expect(start.channels.find((c: { name: string }) => c.name === 'Happy').features).toEqual([]);
    expect(start.channels.some((c: { name: string }) => c.name === 'Arena Sport 1')).toBe(false);
    expect((await get('/tv/channels?packageCode=NET_500')).statusCode).toBe(404);
    const bad = await get('/tv/channels?packageCode=a%20b');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].type).toBe('ValidationError');
  });

  it('answers the TV guide of today: constants of seed 001 §9, each channel covered from 0 to 24 h without gaps', async () => {
    const r = await get('/tv/epg');
    expect(r.statusCode).toBe(200);
    const g = r.json();
    expect(g).toMatchObject({ halfHourLength: 240, startHour: 0, endHour: 24, slideStep: 1, hdFeature: 'feature_hd' });
    expect(g.days).toHaveLength(7);
    expect(g.days).toContain(g.date);
    expect(g.channels.length).toBeGreaterThan(40);
    for (const c of g.channels) {
      expect(c.programmes[0].startMinute).toBe(0);
      let at = 0;
      for (const p of c.programmes) { expect(p.startMinute).toBe(at); at += p.duration; }
      expect(at).toBe(24 * 60);
    }
    expect(g.channels[0].programmes[0]).toHaveProperty('description');
  });

  it('fills another day of the week on demand; refuses a bad date (400) and a day outside the weeks (400)', async () => {
    const days = (await get('/tv/epg')).json().days as string[];
    const other = days.find((d) => d !== days[0]) ?? days[0];
    const r = await get(`/tv/epg?date=${other}`, '2');
    expect(r.statusCode).toBe(200);
    expect(r.json().date).toBe(other);
    const bad = await get('/tv/epg?date=2025-13-45');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ type: 'ValidationError', message: 'Datum 2025-13-45 nije ispravan.' });
    const far = await get('/tv/epg?date=2001-01-01');
    expect(far.statusCode).toBe(400);
    expect(far.json().errors[0].message).toMatch(/^TV vodič je dostupan od /);
    const shape = await get('/tv/epg?date=tomorrow');
    expect(shape.statusCode).toBe(400);
    expect(shape.json().errors[0]).toMatchObject({ type: 'ValidationError', message: 'Neispravan format.' });
  });

  it('walks the address system: municipalities → locations → streets → street numbers; missing parameter → 400', async () => {
    const m = (await get('/users/homeaddresses/municipalities')).json().municipalities;
    expect(m.find((x: { name: string }) => x.name === 'Beograd-Vračar').code).toBe('70092');
    const loc = (await get('/users/homeaddresses/locations?municipalityCode=70092')).json().locations;
    expect(loc).toEqual([{ code: '70092-1', name: 'Beograd' }]);
    const st = (await get('/users/homeaddresses/streets?municipalityCode=70092&localityCode=70092-1')).json().streets;
    expect(st.map((s: { name: string }) => s.name)).toContain('Njegoševa');
    const nums = (await get('/users/homeaddresses/streetnumbers?municipalityCode=70092&streetCode=S-1001')).json().streetnumbers;
    expect(nums.map((n: { number: string }) => n.number)).toEqual(['73', '75', '77']);
    expect(nums[0]).toMatchObject({ tisAddressCode: 'TIS-1001-73', entrances: ['1', '2'] });
    // a street of another municipality gives nothing
    expect((await get('/users/homeaddresses/streetnumbers?municipalityCode=80217&streetCode=S-1001')).json().streetnumbers).toEqual([]);
    const bad = await get('/users/homeaddresses/streets?municipalityCode=70092');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ type: 'ValidationError', message: 'Ovo polje je obavezno.' });
  });

  it('checks GPON at a covered and an uncovered address; wrong entrance or flat → 400; unknown address → 404', async () => {
    const yes = await get('/users/gpon/address/check?addressCode=TIS-1001-73&entrance=2&flatNum=14');
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toMatchObject({ gponCheckIsDone: true, gponAvailable: true, status: 'AVAILABLE', maxSpeed: 1000, entrance: '2', flatNum: '14',
      formattedAddress: 'Bulevar kralja Aleksandra 73/2, stan 14, 11000 Beograd' });
    expect(yes.json().message).toContain('1000 Mbit/s');
    expect(yes.json().packages.map((p: { code: string }) => p.code)).toContain('BOX_PLUS');
    const no = await get('/users/gpon/address/check?addressCode=TIS-3001-5', '2');
    expect(no.json()).toMatchObject({ gponCheckIsDone: true, gponAvailable: false, status: 'NOT_AVAILABLE', maxSpeed: null });
    expect(no.json().message).toMatch(/^Unfortunately, fibre internet/);
    expect(no.json().packages.map((p: { code: string }) => p.code)).toEqual(['NET_WIRELESS', 'MSAT_S', 'ANTENA_PLUS_BASIC']);
    const entrance = await get('/users/gpon/address/check?addressCode=TIS-1001-73&entrance=9');
    expect(entrance.statusCode).toBe(400);
    expect(entrance.json().errors[0]).toMatchObject({ type: 'ValidationError', subject: 'entrance', message: 'Zgrada nema taj ulaz. Ulazi: 1, 2.' });
    const flat = await get('/users/gpon/address/check?addressCode=TIS-1001-75&flatNum=99');
    expect(flat.statusCode).toBe(400);
    expect(flat.json().errors[0].subject).toBe('flatNum');
    const unknown = await get('/users/gpon/address/check?addressCode=TIS-9999-1');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].message).toBe('Adresa nije pronađena u adresnom sistemu.');
    const bad = await get('/users/gpon/address/check?addressCode=Njegoseva');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ type: 'ValidationError', message: 'Neispravan format.' });
  });

  const fnp = (over: Record<string, unknown> = {}) => ({
    firstName: 'Milica', lastName: 'Jovanović', jmbg: '0101990710008', networkGroup: '011', phoneNumber: '3456789', currentOperator: 'SBB',
    installationAddress: { town: 'Beograd', postalCode: '11000', street: 'Njegoševa', streetNumber: '12', apartment: '4' },
    billingSameAsInstallation: true, eBillEmail: 'milica@example.rs', contactPhone: '641234567', contactEmail: 'milica@example.rs',
    termsConsent: true, serviceConsent: true, otpCode: '123456', ...over,
  });
  /** The FNP code (issue 24): asked for the number, read from the outbox (an SMS to the fixed number). */
  const fnpCode = async (phoneNumber: string, tok = token) => {
    const r = await post('/contactMts/requestotp', { networkGroup: '011', phoneNumber }, tok);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ phoneNumber: `011${phoneNumber}`, expiresInSeconds: 60 });
    const { rows } = await h.database.db.execute(`SELECT body FROM outbox WHERE recipient = '011${phoneNumber}' ORDER BY id DESC LIMIT 1` as never) as unknown as { rows: Array<{ body: string }> };
    return /\b(\d{6})\b/.exec(rows[0]!.body)![1]!;
  };

  it('stores an FNP request and acknowledges it; bad input → 400 with a clear message', async () => {
    // without the code sent to the number (or with a wrong one) nothing is filed: the number's holder proves it
    const none = await post('/contactMts', fnp());
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0]).toMatchObject({ reason: 'otpNotSent', subject: 'body/otpCode' });
    const code = await fnpCode('3456789');
    const wrong = await post('/contactMts', fnp({ otpCode: code === '100000' ? '100001' : '100000' }));
    expect(wrong.json().errors[0]).toMatchObject({ reason: 'otpWrong', subject: 'body/otpCode' });
    const ok = await post('/contactMts', fnp({ otpCode: code }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ phoneNumber: '0113456789', status: 'RECEIVED' });
    expect(ok.json().reference).toMatch(/^FNP-[0-9A-F]{8}$/);
    expect(ok.json().message).toContain(ok.json().reference);
    const jmbg = await post('/contactMts', fnp({ jmbg: '0101990710009', phoneNumber: '3456780' }));
    expect(jmbg.statusCode).toBe(400);
    expect(jmbg.json().errors[0]).toMatchObject({ type: 'ValidationError', message: 'JMBG nije ispravan.', subject: 'body/jmbg' });
    const consent = await post('/contactMts', fnp({ serviceConsent: false, phoneNumber: '3456781' }));
    expect(consent.statusCode).toBe(400);
    expect(consent.json().errors[0].message).toBe('Tvoja saglasnost sa navedenim dokumentom je obavezna.');
    const area = await post('/contactMts', fnp({ networkGroup: '064', phoneNumber: '3456782' }));
    expect(area.statusCode).toBe(400);
    expect(area.json().errors[0].type).toBe('ValidationError');
    const operator = await post('/contactMts', fnp({ currentOperator: 'Yettel', phoneNumber: '3456783' }));
    expect(operator.statusCode).toBe(400);
    const email = await post('/contactMts', fnp({ contactEmail: 'milica@šuma.rs', phoneNumber: '3456784' }));
    expect(email.json().errors[0].message).toBe('Unesi validnu imejl adresu.');
    const billing = await post('/contactMts', fnp({ billingSameAsInstallation: false, phoneNumber: '3456785' }));
    expect(billing.statusCode).toBe(400);
    expect(billing.json().errors[0].subject).toBe('body/billingAddress');
    const missing = await post('/contactMts', { ...fnp(), firstName: undefined });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].message).toBe('Ovo polje je obavezno.');
  });

  it('keeps one open FNP request per number, also when two arrive at once', async () => {
    // two sessions, each with the code sent to it (the resend interval is raised for this suite)
    const other = await newToken();
    const [c1, c2] = [await fnpCode('2223334'), await fnpCode('2223334', other)];
    const [a, b] = await Promise.all([post('/contactMts', fnp({ phoneNumber: '2223334', otpCode: c1 })), post('/contactMts', fnp({ phoneNumber: '2223334', otpCode: c2 }, ), other)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().errors[0].message).toBe('Za broj 0112223334 već postoji zahtev za prenos koji je u obradi.');
    const { rows } = await h.database.db.execute<{ n: number }>(`SELECT count(*)::int AS n FROM home_fnp_requests WHERE phone_number = '0112223334'` as never) as unknown as { rows: Array<{ n: number }> };
    expect(rows[0].n).toBe(1);
  });

  it('is public data: answers without a token, the same bytes as with one (issue 25, edge caching)', async () => {
    const r = await h.app.inject({ method: 'GET', url: `${B}/tv/channels` });
    expect(r.statusCode).toBe(200);
    expect(String(r.headers['cache-control'])).toMatch(/^public\b/);
    expect(r.body).toBe((await get('/tv/channels')).body);
  });
});
