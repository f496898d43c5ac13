// Runs every recipe of the analysts' guide (docs/SCHEMAS.md) the way a person would: its JSON, read from the
// guide itself, is applied to a temporary copy of schemas/; then the checker must find no errors and the changed
// screen, form or modal must draw the change through the real renderer. The complete example documents of the
// guide's format section are checked as well. Editing the guide's JSON so that it breaks fails these tests.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loadAndCheck, formatErrors, type SchemaError } from '../../../tools/schemas/index';
import { applyRecipe, copySchemas, GUIDE, readExamples, readRecipes, ROOT, type Workspace } from './recipes';
import { DocumentSet, makeHarness, renderModal, renderScreen } from './render';
import { submitBodies } from '../../../actions/form-submit';

afterEach(cleanup);

const RECIPES = readRecipes();
const workspaces: Workspace[] = [];
afterEach(() => { while (workspaces.length) workspaces.pop()!.remove(); });

// Errors of the committed tree itself (none when `npm run schemas:check` passes) are not the recipes' doing:
// schemas/ is shared with work in progress, so a recipe must add no error of its own to the copy.
const errorKey = (e: SchemaError) => `${e.file} ${e.pointer} ${e.message}`;
let baseline = new Set<string>();
// (one check of the whole set takes seconds; on a loaded machine more than the default 10 s hook limit)
beforeAll(async () => {
  const ws = copySchemas();
  try { baseline = new Set((await loadAndCheck(ws.schemas)).errors.map(errorKey)); } finally { ws.remove(); }
}, 60_000);

/** The checker's report of the errors that are not in the committed tree ('' = none). */
function newErrors(errors: SchemaError[]): string {
  return formatErrors(errors.filter((e) => !baseline.has(errorKey(e))));
}

/** A copy of schemas/ with the named recipe applied; fails with the checker's own report if it has errors. */
async function withRecipe(name: string): Promise<DocumentSet> {
  const steps = RECIPES.get(name);
  if (!steps) throw new Error(`docs/SCHEMAS.md has no recipe "${name}"`);
  const ws = copySchemas();
  workspaces.push(ws);
  applyRecipe(ws, steps);
  const { documents, errors } = await loadAndCheck(ws.schemas);
  expect(newErrors(errors)).toBe('');
  return new DocumentSet(documents, ws.schemas);
}

const committed = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));

describe('the guide', () => {
  it('has the seven recipes, each with steps', () => {
    expect([...RECIPES.keys()].sort()).toEqual(['english-text', 'guest-field', 'guest-number', 'kontakt-screen', 'modal-texts', 'order-field', 'standalone-steps']);
    for (const steps of RECIPES.values()) expect(steps.length).toBeGreaterThan(0);
  });

  it('every complete example of the formats passes the checker (a node inside a modal)', async () => {
    const examples = readExamples();
    expect(examples.map((e) => e.target)).toEqual(expect.arrayContaining(['node', 'schemas/screens/not-found.json', 'schemas/forms/login.json', 'schemas/flows/guest.json']));
    const ws = copySchemas();
    workspaces.push(ws);
    for (const ex of examples) {
      if (ex.target === 'node') {
        writeFileSync(join(ws.schemas, 'modals/example-node.json'), JSON.stringify({ $schema: '../meta/modal.schema.json', id: 'example-node', version: 1, body: [ex.json] }));
      } else {
        expect(ex.target, `docs/SCHEMAS.md:${ex.line}`).toMatch(/^schemas\/(screens|modals|forms|flows|fragments|rules)\/[\w-]+\.json$/);
        expect((ex.json as { id?: string }).id, `docs/SCHEMAS.md:${ex.line}: id = file name`).toBe(ex.target.replace(/^.*\/|\.json$/g, ''));
        writeFileSync(join(ws.root, ex.target), JSON.stringify(ex.json));
      }
    }
    const { errors } = await loadAndCheck(ws.schemas);
    expect(newErrors(errors)).toBe('');
  });
});

describe('a broken recipe in the guide fails', () => {
  const guide = readFileSync(GUIDE, 'utf8');
  const field = '"suburb": { "type": "string", "minLength": 2, "maxLength": 40 }';

  it('JSON that does not parse names the guide line', () => {
    expect(guide).toContain(field);
    expect(() => readRecipes(guide.replace(field, `${field},`))).toThrow(/docs\/SCHEMAS\.md:\d+: the JSON entries do not parse/);
  });

  it('a misspelled component is reported by the checker with a suggestion', async () => {
    const broken = guide.replace('{ "component": "Heading", "props": { "text": { "message": "contact.shop.title" }', '{ "component": "Headng", "props": { "text": { "message": "contact.shop.title" }');
    expect(broken).not.toBe(guide);
    const ws = copySchemas();
    workspaces.push(ws);
    applyRecipe(ws, readRecipes(broken).get('kontakt-screen')!);
    expect(newErrors((await loadAndCheck(ws.schemas)).errors)).toMatch(/schemas\/screens\/kontakt\.json:\d+:\d+ .*unknown component "Headng" — did you mean "Heading"\?/);
  });
});

describe('recipe 1: a field with its own validation message on the guest form', () => {
  it('the committed guest form has no municipality field yet', () => {
    expect(committed('schemas/forms/guest.json').schema.properties.deliveryAddress.properties.suburb).toBeUndefined();
  });

  it('checks, raises the version, and the data-delivery step shows "Opština" after "Mesto" with its own message', async () => {
    const set = await withRecipe('guest-field');
    const form = set.get('form', 'guest');
    expect(form.version).toBe(committed('schemas/forms/guest.json').version + 1);
    expect((form.schema as { properties: Record<string, { required?: string[] }> }).properties.deliveryAddress.required).not.toContain('suburb');

    const h = makeHarness(set, 'guest-checkout');
    h.stores.checkout.setCurrentStep('GUEST_ORDER_INFO');
    renderScreen(h, 'checkout-data-delivery', '/kupovina/podaci-dostava');
    const suburb = await screen.findByLabelText(/^Opština/, { selector: 'input' });
    expect(suburb.getAttribute('placeholder')).toBe('npr. Vračar');
    const town = screen.getByLabelText(/^Mesto/, { selector: 'input' });
    const postal = screen.getByLabelText(/^Poštanski broj/, { selector: 'input' });
    expect(town.compareDocumentPosition(suburb) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(suburb.compareDocumentPosition(postal) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await act(async () => { fireEvent.change(suburb, { target: { value: 'V' } }); });
    await act(async () => { h.stores.ui.validateForms(['guest']); });
    await waitFor(() => expect(screen.getByText('Naziv opštine mora imati između 2 i 40 karaktera.')).toBeTruthy());
    expect(suburb.getAttribute('aria-invalid')).toBe('true');
    // the value travels with the rest of the form data (form.change is recorded here, not run)
    expect(h.calls.filter((c) => c.action === 'form.change').at(-1)?.args).toMatchObject({ formId: 'guest', data: { deliveryAddress: { suburb: 'V', town: 'Beograd' } } });
  });

  it('in English the label is "Municipality"', async () => {
    const set = await withRecipe('guest-field');
    const h = makeHarness(set, 'english');
    h.stores.checkout.setCurrentStep('GUEST_ORDER_INFO');
    renderScreen(h, 'checkout-data-delivery', '/kupovina/podaci-dostava');
    expect(await screen.findByLabelText(/^Municipality/, { selector: 'input' })).toBeTruthy();
  });
});

describe('recipe 2: reorder the checkout steps of one checkout type', () => {
  it('the STANDALONE flow has overview-and-payment first; the GUEST flow is untouched', async () => {
    const set = await withRecipe('standalone-steps');
    const codes = (id: string) => (set.get('flow', id).steps as Array<{ code: string }>).map((s) => s.code);
    expect(committed('schemas/flows/standalone.json').steps.map((s: { code: string }) => s.code)).toEqual(['GUEST_ORDER_INFO', 'PAYMENT_AND_CART_CONFIRMATION']);
    expect(codes('standalone')).toEqual(['PAYMENT_AND_CART_CONFIRMATION', 'GUEST_ORDER_INFO']);
    expect(set.get('flow', 'guest')).toEqual(committed('schemas/flows/guest.json'));
    expect(set.get('flow', 'standalone').version).toBe(committed('schemas/flows/standalone.json').version + 1);
  });
});

describe('recipe 3: change the texts of a dialog', () => {
  it('guest-or-login shows the new texts; its document is unchanged', async () => {
    const set = await withRecipe('modal-texts');
    expect(set.get('modal', 'guest-or-login')).toEqual(committed('schemas/modals/guest-or-login.json'));
    const h = makeHarness(set, 'phone-with-tariff');
    renderModal(h, 'guest-or-login');
    const dialog = await screen.findByRole('dialog', { name: 'guest-or-login' });
    expect(within(dialog).getByText('Bez registracije — potrebni su nam samo podaci za dostavu.')).toBeTruthy();
    expect(within(dialog).getByText('Kupovina bez naloga')).toBeTruthy(); // a key the recipe left alone
    expect(set.messages('sr')[set.get('modal', 'guest-or-login').title!.message]).toBe('Kako želiš da nastaviš kupovinu?');
    expect(set.messages('en')['modal.guestOrLogin.title']).toBe('How would you like to continue?');
  });
});

describe('recipe 4: a new screen from existing components', () => {
  const ROUTE = '/Privatni/Korisnicka-zona/Kontakt/Beograd';

  it('the contact page answers its address inside the main layout, and its button goes to the phones', async () => {
    const set = await withRecipe('kontakt-screen');
    expect(set.get('screen', 'kontakt').route).toBe(ROUTE);
    const h = makeHarness(set, 'empty-cart');
    renderScreen(h, 'kontakt', ROUTE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kontakt — Beograd' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Prodajno mesto Beograd' })).toBeTruthy();
    expect(screen.getByText('Bulevar kralja Aleksandra 73, 11000 Beograd')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Glavni meni' })).toBeTruthy(); // the layout around it
    fireEvent.click(screen.getByRole('button', { name: 'Pogledaj ponudu telefona' }));
    await waitFor(() => expect(h.calls).toContainEqual({ action: 'nav.go', args: { to: '/Privatni/Uredjaji/Tip-uredjaja/telefoni' } }));
  });

  it('in English', async () => {
    const set = await withRecipe('kontakt-screen');
    renderScreen(makeHarness(set, 'english'), 'kontakt', ROUTE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact — Belgrade' })).toBeTruthy();
  });
});

describe('recipe 5: an English text', () => {
  it('the not-found page shows the new English text; the Serbian one is unchanged', async () => {
    const set = await withRecipe('english-text');
    const sr = committed('schemas/messages/sr.json')['error.notFound.text'];
    expect(set.messages('sr')['error.notFound.text']).toBe(sr);
    renderScreen(makeHarness(set, 'english'), 'not-found', '/404');
    expect(await screen.findByText('We could not find this page — it may have moved.')).toBeTruthy();
    cleanup();
    renderScreen(makeHarness(set, 'empty-cart'), 'not-found', '/404');
    expect(await screen.findByText(sr)).toBeTruthy();
  });
});

describe('recipe 6: a field that reaches the order and shows on the overview, in JSON only', () => {
  it('the committed guest form, contract and overview have no company name yet', () => {
    expect(committed('schemas/forms/guest.json').schema.properties.customerData.properties.companyName).toBeUndefined();
    expect(committed('schemas/api/checkout.json').$defs.GuestBody.properties.customerData.properties.companyName).toBeUndefined();
    expect(readFileSync(join(ROOT, 'schemas/screens/checkout-overview-payment.json'), 'utf8')).not.toContain('companyName');
  });

  it('without the contract step the checker refuses the form: the field would reach no body', async () => {
    const ws = copySchemas();
    workspaces.push(ws);
    applyRecipe(ws, RECIPES.get('order-field')!.filter((st) => !(st.kind === 'merge' && st.file === 'schemas/api/checkout.json')));
    expect(newErrors((await loadAndCheck(ws.schemas)).errors)).toMatch(/schemas\/forms\/guest\.json:\d+:\d+ .*field "\/customerData\/companyName" does not reach the request body of "guestCustomerInfo"/);
  });

  it('the data step shows the field; what is typed goes into the guestCustomerInfo body as the form declares', async () => {
    const set = await withRecipe('order-field');
    const h = makeHarness(set, 'guest-checkout');
    h.stores.checkout.setCurrentStep('GUEST_ORDER_INFO');
    renderScreen(h, 'checkout-data-delivery', '/kupovina/podaci-dostava');
    const company = await screen.findByLabelText(/^Naziv firme/, { selector: 'input' });
    await act(async () => { fireEvent.change(company, { target: { value: 'Orbita d.o.o.' } }); });
    const data = h.calls.filter((c) => c.action === 'form.change').at(-1)?.args.data;
    expect(data).toMatchObject({ customerData: { companyName: 'Orbita d.o.o.' } });
    const [first] = submitBodies(set.get('form', 'guest'), data);
    expect(first.call).toBe('guestCustomerInfo');
    expect(first.body.customerData).toMatchObject({ companyName: 'Orbita d.o.o.' });
  });

  it('the overview draws the order\'s company as a line of the customer data, after the phone; none when empty', async () => {
    const set = await withRecipe('order-field');
    const h = makeHarness(set, 'guest-checkout');
    const cart = h.stores.cart.cart!;
    h.stores.cart.setCart({ ...cart, orderCustomerInfo: { ...cart.orderCustomerInfo!, companyName: 'Orbita d.o.o.' } });
    h.stores.checkout.setCurrentStep('PAYMENT_AND_CART_CONFIRMATION');
    renderScreen(h, 'checkout-overview-payment', '/kupovina/pregled-placanje');
    const label = await screen.findByText('Firma', { selector: 'dt' });
    expect(within(label.parentElement!).getByText('Orbita d.o.o.', { selector: 'dd' })).toBeTruthy();
    const phone = screen.getByText('Telefon', { selector: 'dt' });
    expect(phone.compareDocumentPosition(label) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    cleanup();
    h.stores.cart.setCart(cart);
    renderScreen(h, 'checkout-overview-payment', '/kupovina/pregled-placanje');
    await screen.findByText('Telefon', { selector: 'dt' });
    expect(screen.queryByText('Firma', { selector: 'dt' })).toBeNull();
  });

  it('the confirmation page draws the company with the contact data of the order', async () => {
    const set = await withRecipe('order-field');
    const h = makeHarness(set, 'guest-checkout');
    const conf = h.stores.checkout.confirmation as { order?: { orderCustomerInfo?: Record<string, string> } } & { orderCustomerInfo?: Record<string, string> };
    const order = (conf.order ?? conf) as { orderCustomerInfo: Record<string, string> };
    h.stores.checkout.setConfirmation(conf.order ? { ...conf, order: { ...order, orderCustomerInfo: { ...order.orderCustomerInfo, companyName: 'Orbita d.o.o.' } } } : { ...order, orderCustomerInfo: { ...order.orderCustomerInfo, companyName: 'Orbita d.o.o.' } });
    const { container } = renderScreen(h, 'order-success', '/kupovina/uspesna-porudzbina');
    await screen.findByText('Orbita d.o.o.', { exact: false });
    const contact = container.querySelector('.ot-orderdone__info p')!;
    expect(contact.textContent).toContain(order.orderCustomerInfo.contactPhone);
    expect(contact.textContent!.endsWith('Orbita d.o.o.')).toBe(true);
  });
});
