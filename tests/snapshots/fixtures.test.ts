// The fixture store states (schemas/fixtures) cannot drift from the contract: every payload they hold is
// checked against the API JSON Schemas (schemas/api) the server answers with; the checker validates them
// against schemas/meta/fixture.schema.json; applyFixture puts them into the stores.
import { describe, expect, it } from 'vitest';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { createStores } from '../../actions/stores';
import { applyFixture, type FixtureDoc } from '../../renderer/fixtures';
import { loadAndCheck } from '../../tools/schemas';
import { FIXTURES, messagesOf } from './harness';

const SCHEMAS = join(__dirname, '..', '..', 'schemas');

function apiAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  for (const f of readdirSync(join(SCHEMAS, 'api')).filter((n) => n.endsWith('.json') && n !== 'paths.json')) {
    ajv.addSchema(JSON.parse(readFileSync(join(SCHEMAS, 'api', f), 'utf8')));
  }
  return ajv;
}

/** Each payload part of a fixture and the API schema it must satisfy (undefined/null parts are skipped). */
const PARTS: Array<[string, (s: FixtureDoc['state']) => unknown, string]> = [
  ['state.session.user', (s) => s.session.user, 'user.json#/$defs/User'],
  ['state.cart.cart', (s) => s.cart.cart, 'cart.json#/$defs/Cart'],
  ['state.catalog.search', (s) => s.catalog.search, 'catalog.json#/$defs/SearchResult'],
  ['state.catalog.hero', (s) => s.catalog.hero && { products: s.catalog.hero }, 'catalog.json#/$defs/SearchResult/properties/products'],
  ['state.catalog.pdp.product', (s) => s.catalog.pdp?.product, 'catalog.json#/$defs/ProductDetails'],
  ['state.catalog.pdp.accessories', (s) => s.catalog.pdp?.accessories && { references: s.catalog.pdp.accessories }, 'catalog.json#/$defs/References'],
  ['state.catalog.pdp.specification', (s) => s.catalog.pdp?.specification, 'catalog.json#/$defs/Specification'],
  ['state.checkout.steps', (s) => s.checkout.steps, 'cart.json#/$defs/ValidateResponse/properties/checkoutSteps'],
  ['state.checkout.paymentModes', (s) => s.checkout.paymentModes && { paymentModes: s.checkout.paymentModes }, 'checkout.json#/$defs/PaymentModesResponse'],
  ['state.checkout.consentTemplates', (s) => s.checkout.consentTemplates && { consentTemplates: s.checkout.consentTemplates }, 'checkout.json#/$defs/ConsentTemplatesResponse'],
  ['state.checkout.confirmation', (s) => s.checkout.confirmation && { order: s.checkout.confirmation }, 'checkout.json#/$defs/ConfirmationData'],
  ['state.checkout.paymentResult', (s) => s.checkout.paymentResult, 'checkout.json#/$defs/OrderStatus'],
  ['state.checkout.suggested', (s) => s.checkout.suggested, 'cart.json#/$defs/SuggestedProducts'],
];

describe('fixture store states (schemas/fixtures)', () => {
  const ajv = apiAjv();

  it('exist for the five preview states', () => {
    expect(Object.keys(FIXTURES).sort()).toEqual(expect.arrayContaining(['empty-cart', 'english', 'guest-checkout', 'phone-with-tariff', 'signed-in-customer']));
  });

  for (const [id, fx] of Object.entries(FIXTURES)) {
    it(`${id}: every payload is what the server sends (schemas/api)`, () => {
      const problems: string[] = [];
      for (const [where, get, ref] of PARTS) {
        // the hero list is validated item by item through the SearchResult products schema
        const value = ref.endsWith('/properties/products') ? (get(fx.state) as { products?: unknown } | undefined)?.products : get(fx.state);
        if (value === undefined || value === null) continue;
        const validate = ajv.getSchema(ref);
        if (!validate) throw new Error(`no API schema ${ref}`);
        if (!validate(value)) problems.push(...(validate.errors ?? []).map((e) => `${where}${e.instancePath}: ${e.message}`));
      }
      expect(problems).toEqual([]);
    });
  }

  it('the API schema check catches a drifted payload', () => {
    const cart = structuredClone(FIXTURES['phone-with-tariff'].state.cart.cart) as Record<string, unknown>;
    delete cart.entries;
    const validate = ajv.getSchema('cart.json#/$defs/Cart')!;
    expect(validate(cart)).toBe(false);
  });

  it('the checker accepts the fixtures and reports a broken one with file, line and pointer', async () => {
    const real = await loadAndCheck(SCHEMAS);
    expect(real.errors.filter((e) => e.file.startsWith('schemas/fixtures/'))).toEqual([]);
    expect(real.fixtures.map((f) => f.id).sort()).toEqual(Object.keys(FIXTURES).sort());

    const dir = await mkdtemp(join(tmpdir(), 'fixtures-'));
    try {
      await cp(SCHEMAS, join(dir, 'schemas'), { recursive: true });
      const file = join(dir, 'schemas', 'fixtures', 'empty-cart.json');
      const doc = JSON.parse(await readFile(file, 'utf8'));
      doc.lang = 'de';
      doc.id = 'empty';
      const text = JSON.stringify(doc, null, 2);
      await writeFile(file, text);
      const { errors } = await loadAndCheck(join(dir, 'schemas'));
      const mine = errors.filter((e) => e.file === 'schemas/fixtures/empty-cart.json');
      expect(mine.map((e) => e.pointer).sort()).toEqual(['/id', '/lang']);
      const lang = mine.find((e) => e.pointer === '/lang')!;
      expect(lang.line).toBe(text.split('\n').findIndex((l) => l.includes('"lang"')) + 1);
      expect(lang.message).toMatch(/sr|en/);
      expect(mine.find((e) => e.pointer === '/id')!.suggestion).toBe('empty-cart');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('applyFixture', () => {
  it('puts a fixture into the stores through their actions', () => {
    const stores = createStores();
    applyFixture(stores, FIXTURES['guest-checkout'], { messages: messagesOf('sr') });
    expect(stores.session.lang).toBe('sr');
    expect(stores.session.t('checkout.guest.firstName')).not.toBe('checkout.guest.firstName');
    expect(stores.session.isAuthorized).toBe(false);
    expect(stores.cart.totalItems).toBe(2);
    expect(stores.cart.hasDevice).toBe(true);
    expect(stores.catalog.search.products.length).toBeGreaterThan(0);
    expect(stores.catalog.search.loading).toBe(false);
    expect(stores.catalog.hero.products.length).toBeGreaterThan(0);
    expect(stores.catalog.pdp.variant?.code).toBe(FIXTURES['guest-checkout'].state.catalog.pdp?.product.variants[0].code);
    expect(stores.checkout.checkoutType).toBe('GUEST');
    expect(stores.checkout.currentStepCode).toBe('PAYMENT_AND_CART_CONFIRMATION');
    expect(stores.checkout.selectedPaymentMode).toBe('CreditCard');
    expect(Object.values(stores.checkout.consents)).toEqual([false, false]);
    expect((stores.ui.forms.guest?.data as { customerData?: { firstName: string } } | undefined)?.customerData?.firstName).toBe('Marko');
  });

  it('signs the demo customer in and switches to English', () => {
    const signedIn = createStores();
    applyFixture(signedIn, FIXTURES['signed-in-customer']);
    expect(signedIn.session.isAuthorized).toBe(true);
    expect(signedIn.session.fullName).toBe('Marko Petrović');
    expect(signedIn.session.user?.email).toBe('kupac@orbita.rs');

    const english = createStores();
    applyFixture(english, FIXTURES.english, { messages: messagesOf('en') });
    expect(english.session.lang).toBe('en');
    expect(english.cart.cart?.orderPrices.totalDeviceMonthlyPrice?.formattedValue).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} RSD$/); // money in the Serbian locale on English pages too
  });
});
