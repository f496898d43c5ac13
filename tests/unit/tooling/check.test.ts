// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { formatErrors, loadAndCheck, type SchemaError } from '../../../tools/schemas/index';
import { at, FAKE_VOCABULARY, validTree, writeTree, type DocTree, type Tree } from './fixture';
import type { ActionCall } from '../../../schemas/types/screen';
import type { UISchema } from '../../../schemas/types/form';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function check(tree: Tree) {
  const { schemasDir, cleanup } = await writeTree(tree);
  cleanups.push(cleanup);
  return loadAndCheck(schemasDir);
}

/** the valid tree with one change (an edit the generated types do not allow goes through `at`) */
function mutate(change: (t: DocTree) => void): Tree {
  const t = validTree() as DocTree;
  change(t);
  return t;
}

/** the actions of the click of pdp's Buy button (a list in the valid tree) */
const buyClick = (t: DocTree) => t['screens/pdp.json'].body[1].on!.click as ActionCall[];

function only(errors: SchemaError[]): SchemaError {
  expect(errors, formatErrors(errors)).toHaveLength(1);
  return errors[0];
}

describe('schemas checker', () => {
  it('passes a valid tree and returns every document with its kind, id, file and version', async () => {
    const { documents, errors } = await check(validTree());
    expect(formatErrors(errors)).toBe('');
    const pdp = documents.find((d) => d.id === 'pdp')!;
    expect(pdp).toMatchObject({ kind: 'screen', file: 'schemas/screens/pdp.json', version: 2 });
    expect(documents.map((d) => `${d.kind}:${d.id}`).sort()).toEqual(
      ['flow:guest', 'form:guest', 'messages:en', 'messages:sr', 'modal:confirm', 'screen:checkout-data-delivery', 'screen:main', 'screen:pdp'].sort(),
    );
  });

  it('reports a JSON syntax error with line and column', async () => {
    const tree = validTree();
    tree['modals/confirm.json'] = '{\n  "id": "confirm",\n  "version": 1,\n  "body": [ , ]\n}\n';
    const e = only((await check(tree)).errors);
    expect(e).toMatchObject({ file: 'schemas/modals/confirm.json', line: 4, column: 13 });
    expect(e.message).toMatch(/not valid JSON/);
  });

  it('reports a trailing comma in plain words', async () => {
    const tree = validTree();
    tree['modals/confirm.json'] = '{\n  "id": "confirm",\n}\n';
    const e = only((await check(tree)).errors);
    expect(e.message).toMatch(/comma before "}"/);
    expect(e.line).toBe(3);
  });

  it('reports a missing property and a wrong version against the meta-schema', async () => {
    const { errors } = await check(mutate((t) => {
      delete at(t['modals/confirm.json']).body;
      t['modals/confirm.json'].version = 0;
    }));
    expect(errors.map((e) => e.message)).toEqual(expect.arrayContaining(["missing property 'body'", 'must be at least 1']));
    const v = errors.find((e) => e.pointer === '/version')!;
    expect(v.file).toBe('schemas/modals/confirm.json');
    expect(v.line).toBe(4);
  });

  it('reports an unexpected property with a did-you-mean on the key position', async () => {
    const { errors } = await check(mutate((t) => {
      const node = at(t['modals/confirm.json'], '/body/0');
      node.compnent = node.component;
      delete node.component;
    }));
    const e = errors.find((x) => x.message.startsWith('unexpected property'))!;
    expect(e.message).toBe("unexpected property 'compnent' — did you mean 'component'?");
    expect(e).toMatchObject({ pointer: '/body/0/compnent', suggestion: 'component' });
    expect(errors.some((x) => x.message === "missing property 'component'")).toBe(true);
  });

  it('reports a value outside an enum with the accepted values', async () => {
    const e = only((await check(mutate((t) => (at(t['flows/guest.json']).checkoutType = 'GUESTS')))).errors);
    expect(e.message).toBe('must be one of: STANDALONE, GUEST, MOBILE, HOME_MOBILE, HOME_FIXED, MOBILE_PREPAID, MOBILE_PREPAID_GUEST — did you mean "GUEST"?');
    expect(e.pointer).toBe('/checkoutType');
  });

  it('explains a wrong type with what is expected, and keeps only the precise branch of an alternative', async () => {
    const { errors } = await check(mutate((t) => {
      at(t['modals/confirm.json']).title = 'Naslov';
      at(t['messages/sr.json'])['pdp.price'] = { one: '{n} uređaj', other: '{n} uređaja' };
      t['screens/main.json'].route = '/okvir';
    }));
    expect(errors.map((e) => [e.file, e.pointer, e.message])).toEqual([
      ['schemas/messages/sr.json', '/pdp.price', "missing property 'few'"],
      ['schemas/modals/confirm.json', '/title', 'must be an object { … }, found the text "Naslov"'],
      ['schemas/screens/main.json', '/route', "property 'route' is not allowed here"],
    ]);
    expect(errors[1].expected).toMatch(/^an object \{ … \} — A text from schemas\/messages/);
  });

  it('rejects condition keywords the evaluator does not support', async () => {
    const e = only((await check(mutate((t) => (at(t['screens/pdp.json'], '/body/1').visibleIf = { propertyNames: { minLength: 1 } })))).errors);
    expect(e.pointer).toBe('/body/1/visibleIf/propertyNames');
    expect(e.message).toMatch(/unexpected property 'propertyNames'/);
  });

  it('takes a condition\'s short form (scope + schema) at any depth and refuses it mixed with full-form keywords', async () => {
    const ok = await check(mutate((t) => (t['screens/pdp.json'].body[1].visibleIf = {
      anyOf: [{ scope: '/catalog/pdp/variant', schema: { const: 'eSIM' } }, { scope: '/cart/cart/totalItems', schema: { minimum: 1 }, failWhenUndefined: true }],
    })));
    expect(ok.errors, formatErrors(ok.errors)).toEqual([]);
    const mixed = only((await check(mutate((t) => (t['screens/pdp.json'].body[1].visibleIf = { scope: '/catalog/pdp', schema: { type: 'object' }, required: ['pdp'] })))).errors);
    expect(mixed).toMatchObject({ pointer: '/body/1/visibleIf/required', message: "property 'required' is not allowed here" });
    const alone = only((await check(mutate((t) => (t['screens/pdp.json'].body[1].visibleIf = { scope: '/catalog/pdp' })))).errors);
    expect(alone.pointer).toBe('/body/1/visibleIf');
    expect(alone.message).toBe("missing property 'schema' — it goes with 'scope'");
  });

  it('reports an id that differs from the file name', async () => {
    const e = only((await check(mutate((t) => (t['modals/confirm.json'].id = 'confirmation')))).errors);
    expect(e.message).toBe('id "confirmation" differs from the file name — it must be "confirm"');
  });

  it('reports an unknown component with a suggestion, at its line and column', async () => {
    const e = only((await check(mutate((t) => (t['modals/confirm.json'].body[0].component = 'PriceTg')))).errors);
    expect(e.message).toBe('unknown component "PriceTg" — did you mean "PriceTag"?');
    expect(e).toMatchObject({ file: 'schemas/modals/confirm.json', pointer: '/body/0/component', suggestion: 'PriceTag' });
    // pretty JSON: the body's first node's "component" value is on line 11, after `      "component": `
    expect(e.line).toBe(11);
    expect(e.column).toBe(20);
    expect(formatErrors([e])).toBe('schemas/modals/confirm.json:11:20  /body/0/component  unknown component "PriceTg" — did you mean "PriceTag"?');
  });

  it('type-checks literal props and leaves bound or translated props alone', async () => {
    const e = only((await check(mutate((t) => (t['modals/confirm.json'].body[0].props!.value = 'three')))).errors);
    expect(e.pointer).toBe('/body/0/props/value');
    expect(e.message).toBe('prop value of component "PriceTag" must be a number, found the text "three"');
    // a $bind value is not type-checked
    const ok = await check(mutate((t) => (t['modals/confirm.json'].body[0].props!.value = { $bind: '/cart/total' })));
    expect(formatErrors(ok.errors)).toBe('');
  });

  it('checks a literal prop against the API schema its props schema $refs (schemas/api, by $id)', async () => {
    // PriceTag's value may be an API payload (as the real vocabulary's PriceTag takes common.json's Money)
    const vocabulary = structuredClone(FAKE_VOCABULARY);
    const props = vocabulary.components.PriceTag.props as { properties: Record<string, unknown> };
    props.properties.value = { anyOf: [{ type: 'number' }, { $ref: 'money.json#/$defs/Money' }] };
    const api = { $id: 'money.json', $defs: { Money: { type: 'object', required: ['value'], properties: { value: { type: 'number' }, code: { type: 'string', format: 'isoCurrency' } } } } };
    const run = async (value: unknown) => {
      const { schemasDir, cleanup } = await writeTree({
        ...mutate((t) => { t['modals/confirm.json'].body[0].props!.value = value; }),
        'api/money.json': api,
      }, vocabulary);
      cleanups.push(cleanup);
      return (await loadAndCheck(schemasDir)).errors;
    };
    expect(formatErrors(await run({ value: 5, code: 'RSD' }))).toBe('');
    // the Money's own value is refused where it is, inside the payload
    const e = (await run({ value: 'five' })).find((x) => x.pointer === '/body/0/props/value/value');
    expect(e?.message).toBe('prop value of component "PriceTag" must be a number, found the text "five"');
  });

  it('reports a prop outside the enum of the component', async () => {
    const e = only((await check(mutate((t) => (t['screens/pdp.json'].body[0].props!.size = 'huge')))).errors);
    expect(e.message).toBe('prop size of component "PriceTag" must be one of: small, large');
  });

  it('reports a missing required prop, counting bind as present', async () => {
    const e = only((await check(mutate((t) => delete t['screens/pdp.json'].body[0].bind))).errors);
    expect(e.message).toBe(`missing prop 'value' of component "PriceTag"`);
    expect(e.pointer).toBe('/body/0/props');
  });

  it('reports an unknown prop (also via bind) with a suggestion', async () => {
    const { errors } = await check(mutate((t) => {
      t['screens/pdp.json'].body[0].props!.lable = 'x';
      t['screens/pdp.json'].body[0].bind!.sise = '/a';
    }));
    expect(errors.map((e) => [e.pointer, e.message])).toEqual([
      ['/body/0/props/lable', 'unknown prop "lable" of component "PriceTag" — did you mean "label"?'],
      ['/body/0/bind/sise', 'unknown prop "sise" of component "PriceTag" — did you mean "size"?'],
    ]);
  });

  it('reports an event the component does not emit', async () => {
    const e = only((await check(mutate((t) => {
      const on = t['screens/pdp.json'].body[1].on!;
      on.clik = on.click;
      delete on.click;
    }))).errors);
    expect(e.message).toBe('unknown event "clik" — did you mean "click"? — component "Button" emits "click"');
    expect(e.pointer).toBe('/body/1/on/clik');
  });

  it('reports children on a component that takes none', async () => {
    const e = only((await check(mutate((t) => (t['modals/confirm.json'].body[0].children = [{ component: 'Outlet' }])))).errors);
    expect(e.message).toBe('component "PriceTag" does not accept children');
  });

  it('reports an unknown action with a suggestion', async () => {
    const e = only((await check(mutate((t) => (buyClick(t)[0].action = 'cart.ad')))).errors);
    expect(e.message).toBe('unknown action "cart.ad" — did you mean "cart.add"?');
    expect(e.pointer).toBe('/body/1/on/click/0/action');
  });

  it('validates literal action args and counts bindings as present', async () => {
    const { errors } = await check(mutate((t) => {
      buyClick(t)[0].args!.quantity = 0;
      t['screens/pdp.json'].load![0].args = {};
    }));
    expect(errors.map((e) => [e.pointer, e.message])).toEqual([
      ['/load/0/args', `missing argument 'to' of action "nav.go"`],
      ['/body/1/on/click/0/args/quantity', 'argument quantity of action "cart.add" must be at least 1'],
    ]);
  });

  it('reports a message key missing in sr.json, with a near key', async () => {
    const e = only((await check(mutate((t) => (t['screens/pdp.json'].title!.message = 'pdp.titel')))).errors.filter((x) => x.file.endsWith('pdp.json') && x.message.includes('sr.json')));
    expect(e.message).toBe('message key "pdp.titel" is missing in schemas/messages/sr.json — did you mean "pdp.title"?');
    expect(e.pointer).toBe('/title/message');
  });

  it('reports a key present in one language only, at the reference and in the messages file', async () => {
    const { errors } = await check(mutate((t) => delete t['messages/en.json']['modal.confirm.ok']));
    expect(errors.map((e) => [e.file, e.pointer, e.message])).toEqual([
      ['schemas/messages/sr.json', '/modal.confirm.ok', 'message key "modal.confirm.ok" is missing in schemas/messages/en.json — every key must exist in both languages'],
      ['schemas/modals/confirm.json', '/footer/0/props/label/message', 'message key "modal.confirm.ok" is missing in schemas/messages/en.json — did you mean "modal.confirm.title"?'],
    ]);
  });

  it('checks the message keys of a form uiSchema and its messages map', async () => {
    const { errors } = await check(mutate((t) => {
      (t['forms/guest.json'].uiSchema!.firstName as UISchema)['ui:help'] = 'checkout.guest.help';
      t['forms/guest.json'].messages!['/contactPhone'].format = 'validation.regx';
    }));
    expect(errors.filter((e) => e.message.includes('sr.json')).map((e) => e.pointer)).toEqual(['/uiSchema/firstName/ui:help', '/messages/~1contactPhone/format']);
  });

  it('reports a uiSchema field or messages pointer the data schema does not have', async () => {
    const { errors } = await check(mutate((t) => {
      const uiSchema = t['forms/guest.json'].uiSchema!;
      const messages = t['forms/guest.json'].messages!;
      uiSchema.fristName = uiSchema.firstName;
      delete uiSchema.firstName;
      messages['/contactPhon'] = messages['/contactPhone'];
      delete messages['/contactPhone'];
    }));
    expect(errors.map((e) => e.message)).toEqual([
      'unknown field "fristName" — did you mean "firstName"? in uiSchema — the data schema has no such property',
      'unknown field "contactPhon" — did you mean "contactPhone"? in messages — "/contactPhon" does not point at a field of the data schema',
    ]);
  });

  it('reports an invalid form data schema', async () => {
    const e = only((await check(mutate((t) => (at(t['forms/guest.json'].schema, '/properties/firstName').maxLength = 'forty')))).errors);
    expect(e.pointer).toBe('/schema');
    expect(e.message).toMatch(/^the data schema is not valid JSON Schema/);
  });

  it('reports a form whose data schema cannot be compiled into its validator (an unknown format)', async () => {
    const e = only((await check(mutate((t) => (at(t['forms/guest.json'].schema, '/properties/contactPhone').format = 'contactPhon')))).errors);
    expect(e.file).toBe('schemas/forms/guest.json');
    expect(e.pointer).toBe('/schema');
    expect(e.message).toMatch(/^the data schema cannot be compiled into the form's validator: unknown format\(s\) "contactPhon"/);
  });

  it('reports different placeholders in sr and en', async () => {
    const e = only((await check(mutate((t) => (t['messages/en.json']['pdp.price'] = { one: '{count} device', few: '{count} devices', other: '{count} devices' })))).errors);
    expect(e.message).toBe('placeholders of "pdp.price" differ: sr.json has {n}, en.json has {count}');
  });

  it('reports unknown screen, form and modal references', async () => {
    const { errors } = await check(mutate((t) => {
      t['flows/guest.json'].steps[0].screen = 'checkout-data-delivry';
      t['screens/pdp.json'].body[2].props!.form = 'gest';
      buyClick(t)[1].args!.id = 'confrm';
      t['screens/pdp.json'].layout = 'mian';
    }));
    expect(errors.map((e) => [e.file, e.pointer, e.suggestion])).toEqual([
      ['schemas/flows/guest.json', '/steps/0/screen', 'checkout-data-delivery'],
      ['schemas/screens/pdp.json', '/body/1/on/click/1/args/id', 'confirm'],
      ['schemas/screens/pdp.json', '/body/2/props/form', 'guest'],
      ['schemas/screens/pdp.json', '/layout', 'main'],
    ]);
    expect(errors[0].message).toBe('unknown screen "checkout-data-delivry" — did you mean "checkout-data-delivery"? (no schemas/screens/checkout-data-delivry.json)');
  });

  it('reports a duplicate route on both screens, each naming the other — aliases included, even with other parameter names', async () => {
    // the alias is the edit: checkout-data-delivery must show the clash (it is the document being edited), and pdp too
    const { errors } = await check(mutate((t) => (t['screens/checkout-data-delivery.json'].aliases = ['/Privatni/Uredjaji/:productCode'])));
    expect(errors.map((e) => [e.file, e.pointer, e.message])).toEqual([
      ['schemas/screens/checkout-data-delivery.json', '/aliases/0',
        'route "/Privatni/Uredjaji/:productCode" is also used by schemas/screens/pdp.json ("/Privatni/Uredjaji/:code") — routes must be unique across screens'],
      ['schemas/screens/pdp.json', '/route',
        'route "/Privatni/Uredjaji/:code" is already used by schemas/screens/checkout-data-delivery.json ("/Privatni/Uredjaji/:productCode") — routes must be unique across screens'],
    ]);
    expect(errors.every((e) => typeof e.line === 'number')).toBe(true);
  });

  it('reports a route a screen uses twice once', async () => {
    const e = only((await check(mutate((t) => (t['screens/pdp.json'].aliases = ['/Privatni/Uredjaji/:id'])))).errors);
    expect(e).toMatchObject({ file: 'schemas/screens/pdp.json', pointer: '/aliases/0' });
    expect(e.message).toBe('route "/Privatni/Uredjaji/:id" is used twice by this screen (also "/Privatni/Uredjaji/:code" at /route)');
  });

  it('reports a step path that is not the path of its code, and a duplicate step', async () => {
    const { errors } = await check(mutate((t) => {
      const steps = t['flows/guest.json'].steps;
      steps[0].path = '/kupovina/pregled-placanje';
      steps.push({ ...steps[0], path: '/kupovina/podaci-dostava' });
    }));
    expect(errors.map((e) => [e.pointer, e.message])).toEqual([
      ['/steps/0/path', 'the path of step GUEST_ORDER_INFO must be "/kupovina/podaci-dostava" (seed 000 §2), not "/kupovina/pregled-placanje"'],
      ['/steps/1/code', 'step GUEST_ORDER_INFO appears twice in this flow (also step 1)'],
    ]);
  });

  it('requires exactly one Outlet in a layout', async () => {
    const e = only((await check(mutate((t) => (t['screens/main.json'].body[0].children = [])))).errors);
    expect(e.message).toMatch(/exactly one "Outlet"/);
  });

  it('formats errors with colour only when asked', () => {
    const err: SchemaError = { file: 'schemas/screens/a.json', pointer: '/x', message: 'bad', line: 2, column: 3, expected: 'a number' };
    expect(formatErrors([err])).toBe('schemas/screens/a.json:2:3  /x  bad\n    expected: a number');
    expect(formatErrors([err], { color: true })).toContain('\u001b[');
  });
});
