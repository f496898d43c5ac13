// @vitest-environment node
// The guide's recipes against the REAL server: all five applied to one temporary copy of schemas/ (they are
// independent and must combine), the app started on that copy, then the new guest field travels to the server and back, the STANDALONE checkout gets the reordered steps from
// cart-validate, and the new screen's route is in the manifest. Also proves what the guide says about fields the
// guest payload does not know: the server refuses them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/index';
import { seedIfEmpty } from '../../../server/db/seed/index';
import { buildApp } from '../../../server/app';
import { UiDocuments } from '../../../server/ui/documents';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { submitBodies } from '../../../actions/form-submit';
import { eq } from 'drizzle-orm';
import { orders } from '../../../server/db/tables';
import { GATEWAY_SECRET, GUEST, PATHS, REQUIRED_CONSENTS, Shopper } from '../../server/helpers';
import { applyRecipe, copySchemas, readRecipes, type Workspace } from './recipes';
import type { FastifyInstance } from 'fastify';

let ws: Workspace;
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  ws = copySchemas();
  for (const steps of readRecipes().values()) applyRecipe(ws, steps);
  database = await openDatabase({ memory: true });
  await seedIfEmpty(database.db);
  // not strict, like tests/server/helpers.ts: schemas/ is shared with work in progress elsewhere; that each recipe
  // adds no checker error is asserted in recipes.test.tsx
  const ui = await UiDocuments.load(ws.schemas, { strict: false });
  app = await buildApp({ db: database.db, schemasDir: ws.schemas, ui, gatewaySecret: GATEWAY_SECRET, authRateLimit: 10000 });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  ws?.remove();
});

describe('the recipes on the real server', () => {
  it('recipe 1: the municipality typed into the guest form is accepted, stored and returned with the cart', async () => {
    const s = await new Shopper(app).login();
    expect((await s.call('POST', PATHS.addBundle, { deviceCode: 'GOOGLE_PIXEL_9A', tariffCode: 'ORBITA_FLEX_20', subscriptionTermId: 'ORBITA_FLEX_20_T24', chargeType: 'RECURRING_CHARGE' })).statusCode).toBe(200);
    // what the shop sends on "Nastavi": the form data (with the new field) through the guest submit's mapping
    const form = JSON.parse(readFileSync(join(ws.schemas, 'forms/guest.json'), 'utf8'));
    const [{ call, body }] = submitBodies(form, { ...GUEST, deliveryAddress: { ...GUEST.deliveryAddress, suburb: 'Vračar' } });
    expect(call).toBe('guestCustomerInfo');
    expect(body.deliveryAddress).toMatchObject({ suburb: 'Vračar' });
    const res = await s.call('POST', PATHS.guestInfo, body);
    expect(res.statusCode).toBe(200);
    const cart = (await s.call('GET', PATHS.guestCart)).json();
    expect(cart.deliveryAddress).toMatchObject({ suburb: 'Vračar', town: 'Beograd' });
  });

  it('a field the guest payload does not know is refused (why recipe 6 adds the field to the contract too)', async () => {
    const s = await new Shopper(app).login();
    await s.call('POST', PATHS.addBundle, { deviceCode: 'GOOGLE_PIXEL_9A', tariffCode: 'ORBITA_FLEX_20', subscriptionTermId: 'ORBITA_FLEX_20_T24', chargeType: 'RECURRING_CHARGE' });
    const res = await s.call('POST', PATHS.guestInfo, { ...GUEST, customerData: { ...GUEST.customerData, nickname: 'Maca' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ type: 'ValidationError', message: 'Polje nickname nije dozvoljeno.', reason: 'additionalProperties' });
  });

  it('recipe 6: the company name typed into the guest form reaches the body, the cart, the order and the stored order record', async () => {
    const s = await new Shopper(app).login();
    // an accessory (STANDALONE checkout): recipe 2b, applied to the same copy, gives a tariff cart a number step
    expect((await s.call('POST', PATHS.addBundle, { deviceCode: 'ACC_JBL_TUNE_520BT', chargeType: 'ONE_TIME_CHARGE' })).statusCode).toBe(200);
    // what the shop sends on "Nastavi": the form data through the form document's declared submit
    const form = JSON.parse(readFileSync(join(ws.schemas, 'forms/guest.json'), 'utf8'));
    const [{ call, body }] = submitBodies(form, { ...GUEST, customerData: { ...GUEST.customerData, companyName: '  Orbita d.o.o. ' } });
    expect(call).toBe('guestCustomerInfo');
    const res = await s.call('POST', PATHS.guestInfo, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().cart.orderCustomerInfo).toMatchObject({ firstName: 'Marija', companyName: 'Orbita d.o.o.' });
    expect((await s.call('PUT', PATHS.setPaymentType, { paymentMode: 'CreditCard', creditCardPaymentType: 'NEW_CARD' })).statusCode).toBe(200);
    const order = await s.call('POST', PATHS.submitOrder, { consents: REQUIRED_CONSENTS, sendContractDocsToEmail: null });
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json().orderCustomerInfo).toMatchObject({ companyName: 'Orbita d.o.o.' });
    const [row] = await database.db.select().from(orders).where(eq(orders.code, order.json().code));
    expect((row.snapshot as { orderCustomerInfo: Record<string, string> }).orderCustomerInfo).toMatchObject({ firstName: 'Marija', companyName: 'Orbita d.o.o.' });
  });

  it('recipe 2: cart-validate of an accessories-only cart answers the STANDALONE steps in the new order; GUEST keeps its order', async () => {
    const a = await new Shopper(app).login();
    expect((await a.call('POST', PATHS.addBundle, { deviceCode: 'ACC_JBL_TUNE_520BT', chargeType: 'ONE_TIME_CHARGE' })).statusCode).toBe(200);
    const v = (await a.call('POST', PATHS.validate, { justSteps: true, v2: true })).json();
    expect(v.checkoutType).toBe('STANDALONE');
    expect(v.checkoutSteps.map((x: { code: string; url: string }) => [x.code, x.url])).toEqual([
      ['PAYMENT_AND_CART_CONFIRMATION', '/kupovina/pregled-placanje'],
      ['GUEST_ORDER_INFO', '/kupovina/podaci-dostava'],
    ]);
    const g = await new Shopper(app).login();
    await g.call('POST', PATHS.addBundle, { deviceCode: 'GOOGLE_PIXEL_9A', tariffCode: 'ORBITA_FLEX_20', subscriptionTermId: 'ORBITA_FLEX_20_T24', chargeType: 'RECURRING_CHARGE' });
    const gv = (await g.call('POST', PATHS.validate, { justSteps: true, v2: true })).json();
    // GUEST keeps its own order (recipe 2b put the number step in front of it)
    expect(gv.checkoutSteps.map((x: { code: string }) => x.code)).toEqual(['CONNECT_MSISDN', 'GUEST_ORDER_INFO', 'PAYMENT_AND_CART_CONFIRMATION']);
  });

  it('recipe 2b: a guest tariff cart starts at the number step, which is done once a number is chosen', async () => {
    const g = await new Shopper(app).login();
    await g.call('POST', PATHS.addBundle, { deviceCode: 'GOOGLE_PIXEL_9A', tariffCode: 'ORBITA_FLEX_20', subscriptionTermId: 'ORBITA_FLEX_20_T24', chargeType: 'ONE_TIME_CHARGE' });
    const steps = async () => (await g.call('POST', PATHS.validate, { justSteps: true, v2: true })).json().checkoutSteps.map((x: { code: string; url: string; done: boolean }) => [x.code, x.url, x.done]);
    expect(await steps()).toEqual([
      ['CONNECT_MSISDN', '/kupovina/postavke-mobilne-usluge', false],
      ['GUEST_ORDER_INFO', '/kupovina/podaci-dostava', false],
      ['PAYMENT_AND_CART_CONFIRMATION', '/kupovina/pregled-placanje', true],
    ]);
    expect((await g.call('POST', '/hybris/ecommerce/b2c/v1/users/phone/carts/msisdns/reserve', { msisdn: '0681000100' })).statusCode).toBe(200);
    expect((await steps())[0]).toEqual(['CONNECT_MSISDN', '/kupovina/postavke-mobilne-usluge', true]);
  });

  it('recipe 4: the manifest routes /Privatni/Korisnicka-zona/Kontakt/Beograd to the new screen, which is served', async () => {
    const manifest = (await app.inject({ method: 'GET', url: '/ui/manifest' })).json();
    expect(manifest.routes).toContainEqual({ route: '/Privatni/Korisnicka-zona/Kontakt/Beograd', screen: 'kontakt' });
    const screen = await app.inject({ method: 'GET', url: '/ui/screens/kontakt' });
    expect(screen.statusCode).toBe(200);
    expect(screen.json().route).toBe('/Privatni/Korisnicka-zona/Kontakt/Beograd');
  });

  it('recipes 3 and 5: the server serves the changed texts', async () => {
    const sr = (await app.inject({ method: 'GET', url: '/ui/messages/sr' })).json();
    const en = (await app.inject({ method: 'GET', url: '/ui/messages/en' })).json();
    expect(sr['modal.guestOrLogin.title']).toBe('Kako želiš da nastaviš kupovinu?');
    expect(en['error.notFound.text']).toBe('We could not find this page — it may have moved.');
  });
});
