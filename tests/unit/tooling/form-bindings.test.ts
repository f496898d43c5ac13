// @vitest-environment node
// A form that declares what it submits ("submit" of schemas/forms/*.json) is proven against the call's request body
// (tools/schemas/form-bindings.ts): an unknown call, a field that reaches no body, a looser limit, an optional field
// the body requires, and a body-required field no form field reaches are errors at the form's file:line.
import { afterEach, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatErrors, loadAndCheck, type SchemaError } from '../../../tools/schemas/index';
import { submitBodies } from '../../../actions/form-submit';
import { includedForms } from '../../../tools/schemas/form-includes';
import { at, FAKE_VOCABULARY, validTree, writeTree, type DocTree, type Tree } from './fixture';
import type { Form, SubmitCall } from '../../../schemas/types/form';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A small API contract: one call with a nested body, one with a code, one without a body, one with a query. */
const API: Tree = {
  'api/paths.json': {
    saveGuest: { method: 'POST', path: '/guest', body: 'shop.json#/$defs/GuestBody', response: 'shop.json#/$defs/Ok' },
    setSlot: { method: 'PUT', path: '/slot', body: 'shop.json#/$defs/SlotBody', response: 'shop.json#/$defs/Ok' },
    readCart: { method: 'GET', path: '/cart', response: 'shop.json#/$defs/Ok' },
    checkNumber: { method: 'GET', path: '/number', query: 'shop.json#/$defs/NumberQuery', response: 'shop.json#/$defs/Ok' },
  },
  'api/shop.json': {
    $id: 'shop.json',
    $defs: {
      Ok: { type: 'object' },
      Name: { type: 'string', minLength: 1, maxLength: 40, pattern: '^\\p{L}+$' },
      GuestBody: {
        type: 'object', additionalProperties: false, required: ['customer', 'address'],
        properties: {
          customer: { type: 'object', additionalProperties: false, required: ['firstName'], properties: { firstName: { $ref: '#/$defs/Name' }, email: { type: 'string', format: 'email' }, issued: { type: 'string', maxLength: 30 } } },
          address: { type: 'object', additionalProperties: false, required: ['line1'], properties: { line1: { type: 'string', minLength: 1, maxLength: 100 }, kind: { enum: ['HOME', 'WORK'] } } },
        },
      },
      SlotBody: { type: 'object', additionalProperties: false, required: ['code'], properties: { code: { type: 'string', pattern: '^[A-Z0-9_]{1,40}$' } } },
      NumberQuery: { type: 'object', required: ['msisdn'], properties: { msisdn: { type: 'string', minLength: 1, maxLength: 20 }, lang: { type: 'string' } } },
    },
  },
};

/** A field of a form's data schema, or a group of fields, as these tests write it (the generated Form leaves the data
 *  schema open: {}). */
interface Field {
  type?: string; minLength?: number; maxLength?: number; pattern?: string; format?: string; enum?: string[];
  required?: string[]; properties?: Record<string, Field>;
}
/** A group of fields: an object of the data schema, with the fields it requires. */
interface Group extends Field { required: string[]; properties: Record<string, Field> }
/**
 * The order form as the tests edit it: its data schema's groups customer and address (and the field slot) typed, its
 * calls a list. A test that puts one call or another data schema in their place writes it to the form as a Form.
 */
interface OrderForm extends Omit<Form, 'schema' | 'submit'> {
  schema: Group & { properties: { customer: Group; address: Group } };
  submit: [SubmitCall, ...SubmitCall[]];
}

/** A form that satisfies the contract, with the given changes. */
function tree(change: (form: OrderForm) => void = () => {}): DocTree {
  const t = { ...validTree(), ...API } as DocTree;
  const order: OrderForm = {
    $schema: '../meta/form.schema.json',
    id: 'order',
    version: 1,
    schema: {
      type: 'object',
      required: ['customer', 'address'],
      properties: {
        customer: { type: 'object', required: ['firstName'], properties: { firstName: { type: 'string', maxLength: 40, pattern: '^\\p{L}+$' }, email: { type: 'string', format: 'email' } } },
        address: { type: 'object', required: ['line1'], properties: { line1: { type: 'string', minLength: 2, maxLength: 100 }, kind: { type: 'string', enum: ['HOME'] } } },
        slot: { type: 'string', enum: ['SLOT_08_12', 'SLOT_12_16'] },
      },
    },
    submit: [{ call: 'saveGuest' }, { call: 'setSlot', map: { '/slot': '/code' }, optional: true }],
  };
  t['forms/order.json'] = order;
  change(order);
  return t;
}

/** The fake vocabulary with the guest submit action, and a small shop state (the places a `$bind` may read). */
const VOCABULARY = { ...FAKE_VOCABULARY, actions: {
  ...FAKE_VOCABULARY.actions,
  'checkout.submitGuest': { description: 'Sends the guest form.', args: { type: 'object', properties: { form: { type: 'string' } } } },
  'account.changePassword': { description: 'Sends the password form.', args: { type: 'object', required: ['form'], properties: { form: { type: 'string' } } } },
  'account.register': { description: 'Registers.', args: { type: 'object', required: ['form', 'mode'], properties: { form: { type: 'string' }, mode: { enum: ['new', 'existing'] } } } },
}, stores: { checkout: { slot: true, delivery: { slotCode: true, entrance: true } }, ui: { forms: true } } };

async function check(t: Tree): Promise<SchemaError[]> {
  const { schemasDir, cleanup } = await writeTree(t, VOCABULARY as typeof FAKE_VOCABULARY);
  cleanups.push(cleanup);
  return (await loadAndCheck(schemasDir)).errors;
}

function only(errors: SchemaError[]): SchemaError {
  expect(errors, formatErrors(errors)).toHaveLength(1);
  return errors[0];
}

describe('a form bound to the call it submits to', () => {
  it('passes a form whose every field reaches a body with limits no looser than the body\'s', async () => {
    expect(formatErrors(await check(tree()))).toBe('');
  });

  it('an unknown call is an error at the call, with a did-you-mean', async () => {
    const e = only(await check(tree((f) => { f.submit[0].call = 'saveguest'; })));
    expect(e).toMatchObject({ file: 'schemas/forms/order.json', pointer: '/submit/0/call', suggestion: 'saveGuest' });
    expect(e.message).toMatch(/unknown call "saveguest".*did you mean "saveGuest"/);
    expect(e.line).toBeGreaterThan(1);
  });

  it('a call without a request body (a GET: without query parameters) is an error', async () => {
    const e = only(await check(tree((f) => { (f as Form).submit = { call: 'readCart' }; delete f.schema.properties.slot; })));
    expect(e).toMatchObject({ pointer: '/submit/call' });
    expect(e.message).toMatch(/\(GET \/cart\) takes no query parameters/);
  });

  it('a call that takes a query gets the form\'s fields as its parameters, proven like a body', async () => {
    const number = (msisdn: Field) => tree((f) => {
      (f as Form).schema = { type: 'object', required: ['msisdn'], properties: { msisdn } };
      (f as Form).submit = { call: 'checkNumber' };
    });
    expect(await check(number({ type: 'string', maxLength: 14 }))).toEqual([]);
    const e = only(await check(number({ type: 'string', maxLength: 30 })));
    expect(e).toMatchObject({ pointer: '/schema/properties/msisdn' });
    expect(e.message).toMatch(/looser than the body of "checkNumber".*NumberQuery.*maxLength 30 is looser than the body's 20/);
  });

  it('a field the body does not have (unmapped) is an error at the field\'s line', async () => {
    const e = only(await check(tree((f) => { f.schema.properties.customer.properties.company = { type: 'string', maxLength: 80 }; })));
    expect(e).toMatchObject({ file: 'schemas/forms/order.json', pointer: '/schema/properties/customer/properties/company' });
    expect(e.message).toMatch(/field "\/customer\/company" does not reach the request body of "saveGuest"/);
    expect(e.line).toBeGreaterThan(1);
  });

  it('without its map entry the time slot reaches no body; a map to a place the body lacks is reported too', async () => {
    const unmapped = (await check(tree((f) => { delete f.submit[1].map; }))).map((e) => e.message);
    expect(unmapped).toEqual([expect.stringMatching(/field "\/slot" does not reach the request body of "saveGuest"/), expect.stringMatching(/the body of "setSlot" requires "\/code", which no field of the form reaches/)]);
    expect((await check(tree((f) => { f.submit[1].map = { '/slot': '/slotCode' }; })))[0].message).toMatch(/the map sends it to "\/slotCode", which the body does not have/);
    expect(only(await check(tree((f) => { f.submit[1].map!['/nothing'] = '/code'; }))).message).toMatch(/"\/nothing" is not a field of the form/);
  });

  it('a looser maxLength (or none) is an error naming both limits', async () => {
    const e = only(await check(tree((f) => { f.schema.properties.address.properties.line1.maxLength = 120; })));
    expect(e.pointer).toBe('/schema/properties/address/properties/line1');
    expect(e.message).toMatch(/maxLength 120 is looser than the body's 100/);
    expect(only(await check(tree((f) => { delete f.schema.properties.customer.properties.firstName.maxLength; }))).message).toMatch(/maxLength \(none\) is looser than the body's 40/);
  });

  it('a tighter limit is fine; a missing pattern, another format, an enum value the body lacks are errors', async () => {
    expect(await check(tree((f) => { f.schema.properties.address.properties.line1.maxLength = 80; }))).toEqual([]);
    expect(only(await check(tree((f) => { delete f.schema.properties.customer.properties.firstName.pattern; }))).message).toMatch(/it has no pattern, the body's is/);
    expect(only(await check(tree((f) => { f.schema.properties.customer.properties.email.format = 'contactPhone'; }))).message).toMatch(/its format "contactPhone" is not the body's "email"/);
    expect(only(await check(tree((f) => { f.schema.properties.address.properties.kind.enum = ['HOME', 'SHOP']; }))).message).toMatch(/its values \["SHOP"\] are not in the body's enum/);
    expect(only(await check(tree((f) => { f.schema.properties.slot.enum = ['SLOT_08_12', 'slot-late']; }))).message).toMatch(/its values \["slot-late"\] do not pass the body's length or pattern/);
  });

  it('a field the body requires must be required in the form, and must be reached at all', async () => {
    const e = only(await check(tree((f) => { f.schema.properties.customer.required = []; })));
    expect(e.message).toMatch(/the body requires it but the form does not/);
    const missing = only(await check(tree((f) => { delete f.schema.properties.address.properties.line1; f.schema.properties.address.required = []; })));
    expect(missing).toMatchObject({ pointer: '/submit/0/call' });
    expect(missing.message).toMatch(/requires "\/address\/line1", which no field of the form reaches/);
  });

  it('a screen whose checkout.submitGuest sends a form without "submit" is an error at the call', async () => {
    const t = tree();
    t['screens/checkout-data-delivery.json'].body.push({ component: 'Button', props: { label: 'Dalje' }, on: { click: { action: 'checkout.submitGuest', args: { form: 'guest' } } } });
    const e = only(await check(t));
    expect(e.file).toBe('schemas/screens/checkout-data-delivery.json');
    expect(e.pointer).toMatch(/\/on\/click\/action$/);
    expect(e.message).toMatch(/checkout\.submitGuest sends the data of form "guest", which declares no "submit"/);
    t['forms/guest.json'].submit = { call: 'setSlot', map: { '/firstName': '/code' } };
    expect(formatErrors(await check(t))).not.toMatch(/declares no "submit"/);
  });

  it('another action that sends its form as declared (account.changePassword) names a form without "submit": an error', async () => {
    const t = tree();
    const click = { action: 'account.changePassword', args: { form: 'order' } };
    t['screens/checkout-data-delivery.json'].body.push({ component: 'Button', props: { label: 'Promeni' }, on: { click } });
    expect(formatErrors(await check(t))).toBe('');
    click.args.form = 'guest';
    const e = only(await check(t));
    expect(e.pointer).toMatch(/\/on\/click\/action$/);
    expect(e.message).toMatch(/account\.changePassword sends the data of form "guest", which declares no "submit"/);
  });

  it('a body field no form field reaches may come from the shop\'s state ("with"): then the form passes', async () => {
    const withSlot = (f: OrderForm) => { delete f.schema.properties.slot; f.submit[1] = { call: 'setSlot', with: { '/code': { $bind: '/checkout/delivery/slotCode' } } }; };
    expect(formatErrors(await check(tree(withSlot)))).toBe('');
    // without it the body's required /code is reached by nothing
    const missing = only(await check(tree((f) => { withSlot(f); delete f.submit[1].with; })));
    expect(missing).toMatchObject({ pointer: '/submit/1/call' });
    expect(missing.message).toMatch(/requires "\/code", which no field of the form reaches .*"with"/);
    // a bound value below a place whose inside the stores do not show (a dictionary): the checker cannot know, no error
    expect(formatErrors(await check(tree((f) => { withSlot(f); f.submit[1].with!['/code'] = { $bind: '/ui/forms/order/data/slot' }; })))).toBe('');
  });

  it('a "with" place the body does not have is an error at that entry\'s line, with a did-you-mean among the body\'s places', async () => {
    const e = only(await check(tree((f) => { f.submit[1].with = { '/cod': { $bind: '/checkout/slot' } }; })));
    expect(e).toMatchObject({ file: 'schemas/forms/order.json', pointer: '/submit/1/with/~1cod', suggestion: '/code' });
    expect(e.message).toMatch(/"\/cod" is not a place of the request body of "setSlot" .*did you mean "\/code"\?/);
    expect(e.line).toBeGreaterThan(1);
    // a place inside a group of the body is found too (the first call's /customer/email)
    expect(only(await check(tree((f) => { f.submit[0].with = { '/customer/emial': { $bind: '/checkout/slot' } }; }))).suggestion).toBe('/customer/email');
  });

  it('a "with" $bind that is no place of the shop\'s state is an error with a did-you-mean (store, then field)', async () => {
    const store = only(await check(tree((f) => { f.submit[0].with = { '/address/kind': { $bind: '/chekout/slot' } }; delete f.schema.properties.address.properties.kind; })));
    expect(store).toMatchObject({ pointer: '/submit/0/with/~1address~1kind/$bind', suggestion: '/checkout/slot' });
    expect(store.message).toMatch(/"\/chekout\/slot" is no place of the shop's state: the shop's state has no store "chekout" \(stores: checkout, ui\) — did you mean "\/checkout\/slot"\?/);
    const field = only(await check(tree((f) => { f.submit[0].with = { '/address/kind': { $bind: '/checkout/delivery/slotCod' } }; delete f.schema.properties.address.properties.kind; })));
    expect(field.message).toMatch(/"\/checkout\/delivery" has no field "slotCod" — did you mean "\/checkout\/delivery\/slotCode"\?/);
    expect(field.suggestion).toBe('/checkout/delivery/slotCode');
  });

  it('a field of the form sent to the place a "with" entry fills is an error (one place, one value)', async () => {
    const e = only(await check(tree((f) => { f.submit[0].with = { '/address/kind': { $bind: '/checkout/slot' } }; })));
    expect(e.pointer).toBe('/schema/properties/address/properties/kind');
    expect(e.message).toMatch(/field "\/address\/kind" goes to "\/address\/kind" of the body of "saveGuest", where the call's "with" already puts "\/address\/kind"/);
  });

  it('the meta-schema takes only { "$bind": "/…" } in "with"', async () => {
    const errors = await check(tree((f) => { at(f.submit[1]).with = { '/code': 'SLOT_08_12' }; }));
    expect(errors.map((e) => e.pointer)).toContain('/submit/1/with/~1code');
  });

  it('account.register sends its form as declared, a new user and an existing customer alike', async () => {
    const t = tree();
    const click = { action: 'account.register', args: { form: 'guest', mode: 'new' } };
    t['screens/checkout-data-delivery.json'].body.push({ component: 'Button', props: { label: 'Registruj' }, on: { click } });
    expect(only(await check(t)).message).toMatch(/account\.register sends the data of form "guest", which declares no "submit"/);
    click.args.mode = 'existing';
    expect(only(await check(t)).message).toMatch(/account\.register sends the data of form "guest", which declares no "submit"/);
  });

  it('a map entry may send a field to several places; a conversion changes what is proven, and an unknown one is reported', async () => {
    const t = (change: (f: OrderForm) => void) => tree((f) => {
      f.schema.properties.customer.properties.issued = { type: 'string', pattern: '^\\d{2}\\.\\d{2}\\.\\d{4}$' };
      change(f);
    });
    // firstName goes to two places: the second is not in the body
    const twice = await check(t((f) => { f.submit[0].map = { '/customer/firstName': ['/customer/firstName', '/address/line1x'] }; f.submit[0].convert = { '/customer/issued': 'issueDate' }; }));
    expect(only(twice).message).toMatch(/field "\/customer\/firstName" does not reach the request body of "saveGuest".*"\/address\/line1x"/);
    // the date typed dd.mm.yyyy has no maxLength: looser than the body's 30; converted it is 25 characters
    expect(only(await check(t(() => {}))).message).toMatch(/field "\/customer\/issued" is looser .*maxLength \(none\) is looser than the body's 30/);
    expect(await check(t((f) => { f.submit[0].convert = { '/customer/issued': 'issueDate' }; }))).toEqual([]);
    const bad = await check(t((f) => { f.submit[0].convert = { '/customer/issued': 'isoDate', '/nope': 'issueDate' }; }));
    expect(bad.map((e) => e.message)).toEqual(expect.arrayContaining([
      expect.stringMatching(/unknown conversion "isoDate".*"issueDate"/),
      expect.stringMatching(/"\/nope" is not a field of the form's data schema/),
    ]));
    const { submitBodies: bodies } = await import('../../../actions/form-submit');
    expect(bodies({ schema: { type: 'object', properties: { d: { type: 'string' }, e: { type: 'string' } } }, submit: { call: 'x', map: { '/e': ['/uid', '/c/email'] }, convert: { '/d': 'issueDate' } } },
      { d: '12.04.2021.', e: 'a@b.rs' })).toEqual([{ call: 'x', body: { d: '2021-04-12T01:00:00+01:00', uid: 'a@b.rs', c: { email: 'a@b.rs' } } }]);
  });

  it('the shop sends what the rule proves: the same routing, empty fields left out, an unfilled optional call skipped', () => {
    const doc = tree()['forms/order.json'] as { schema: unknown; submit: unknown };
    const data = { customer: { firstName: 'Ana', email: '' }, address: { line1: 'Ulica 1' }, extra: 'not in the schema' };
    expect(submitBodies(doc, data)).toEqual([{ call: 'saveGuest', body: { customer: { firstName: 'Ana' }, address: { line1: 'Ulica 1' } } }]);
    expect(submitBodies(doc, { ...data, slot: 'SLOT_12_16' })).toEqual([
      { call: 'saveGuest', body: { customer: { firstName: 'Ana' }, address: { line1: 'Ulica 1' } } },
      { call: 'setSlot', body: { code: 'SLOT_12_16' } },
    ]);
    // a group mapped as a whole: every field under it moves
    expect(submitBodies({ ...doc, submit: { call: 'saveGuest', map: { '/address': '/deliveryAddress' } } }, data)).toEqual([
      { call: 'saveGuest', body: { customer: { firstName: 'Ana' }, deliveryAddress: { line1: 'Ulica 1' } } },
    ]);
  });

  it('"with" puts the bound values of the state into the body; an empty one is left out and makes no optional call', () => {
    const doc = tree()['forms/order.json'] as OrderForm;
    doc.submit[0].with = { '/address/kind': { $bind: '/checkout/kind' } };
    doc.submit[1].with = { '/code': { $bind: '/checkout/delivery/slotCode' } };
    const data = { customer: { firstName: 'Ana' }, address: { line1: 'Ulica 1' } };
    const state = { checkout: { kind: 'HOME', delivery: { slotCode: 'SLOT_12_16' } } };
    expect(submitBodies(doc, data, state)).toEqual([{ call: 'saveGuest', body: { customer: { firstName: 'Ana' }, address: { line1: 'Ulica 1', kind: 'HOME' } } }]);
    expect(submitBodies(doc, { ...data, slot: 'SLOT_08_12' }, { checkout: { kind: '', delivery: null } })).toEqual([
      { call: 'saveGuest', body: { customer: { firstName: 'Ana' }, address: { line1: 'Ulica 1' } } },
      { call: 'setSlot', body: { code: 'SLOT_08_12' } },
    ]);
  });
});

/**
 * The forms of the shop that do not declare "submit" (their actions read fields by hand), each for a reason given in
 * docs/SCHEMAS.md "Forms that do not declare "submit", and why". The list may only shrink: a new form declares what it
 * submits, and a form that gets "submit" leaves the list.
 */
const WITHOUT_SUBMIT: string[] = [];

describe('the shop\'s forms declare what they submit', () => {
  const formsDir = join(process.cwd(), 'schemas', 'forms');
  const forms = readdirSync(formsDir).filter((f) => f.endsWith('.json')).map((f) => ({ id: f.slice(0, -5), doc: JSON.parse(readFileSync(join(formsDir, f), 'utf8')) }));
  // a form whose fields other forms take ("fieldsOf", e.g. contract-person) is sent by them, not by itself
  const taken = new Set(forms.flatMap((f) => includedForms(f.doc)));
  const without = forms.filter((f) => f.doc.submit === undefined && !taken.has(f.id)).map((f) => f.id).sort();

  it('every form without "submit" is on the documented list, and every form on the list still lacks it', () => {
    expect(without.filter((id) => !WITHOUT_SUBMIT.includes(id)), 'forms without "submit" that are not on the allowance list: declare "submit"').toEqual([]);
    expect(WITHOUT_SUBMIT.filter((id) => !without.includes(id)), 'forms on the allowance list that declare "submit" (or are gone): remove them from the list').toEqual([]);
  });

  it('personal-data and profile-code declare the same body (each with the other\'s fields from the state)', () => {
    const doc = (id: string) => forms.find((f) => f.id === id)!.doc;
    const ui = { forms: { 'personal-data': { data: { firstName: 'Ana', lastName: 'Pavić', contactPhoneNumber: '0641234567' } }, 'profile-code': { data: { code: '123456' } } } };
    const body = { firstName: 'Ana', lastName: 'Pavić', contactPhoneNumber: '0641234567', code: '123456' };
    expect(submitBodies(doc('profile-code'), ui.forms['profile-code'].data, { ui })).toEqual([{ call: 'personalDataUpdate', body }]);
    expect(submitBodies(doc('personal-data'), ui.forms['personal-data'].data, { ui })).toEqual([{ call: 'personalDataUpdate', body }]);
  });

  it('docs/SCHEMAS.md lists the same forms, each with its reason', () => {
    const docs = readFileSync(join(process.cwd(), 'docs', 'SCHEMAS.md'), 'utf8');
    const section = /<!-- forms without submit: start -->([\s\S]*?)<!-- forms without submit: end -->/.exec(docs)?.[1] ?? '';
    const listed = [...section.matchAll(/^- `([a-z0-9-]+)` — \S/gm)].map((m) => m[1]).sort();
    expect(listed).toEqual([...WITHOUT_SUBMIT].sort());
  });
});
