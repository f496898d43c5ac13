// A form takes another form's fields ("fieldsOf"): tools/schemas/form-includes.ts, used by the checker (and so by the
// served set) — the contract data (JMBG, ID document) written once in schemas/forms/contract-person.json.
import { afterEach, describe, expect, it } from 'vitest';
import { formatErrors, loadAndCheck, type SchemaError } from '../../../tools/schemas/index';
import { expandFormIncludes, includedForms } from '../../../tools/schemas/form-includes';
import { REAL_SCHEMAS, validTree, writeTree, type Tree } from './fixture';
import { getPointer } from '../../../core/pointer';

/** A form's data schema as these tests patch it: its fields by name. */
interface DataSchema { properties: Record<string, unknown> }
/** A data schema of a shop's form as the last test reads it, nested. */
interface SchemaView { properties: Record<string, SchemaView>; required: string[]; then: SchemaView }
/** A shop's form as the last test reads it. */
interface FormView { schema: SchemaView; uiSchema: Record<string, Record<string, unknown>>; messages: Record<string, unknown> }

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const PERSON = {
  $schema: '../meta/form.schema.json',
  id: 'person',
  version: 1,
  schema: { type: 'object', required: ['jmbg'], properties: { jmbg: { type: 'string', pattern: '^[0-9]{13}$' }, docId: { type: 'string', maxLength: 12 } } },
  uiSchema: { 'ui:title': 'checkout.guest.firstName', 'ui:order': ['jmbg', 'docId'], jmbg: { 'ui:title': 'checkout.guest.firstName' }, docId: { 'ui:title': 'checkout.guest.firstName.placeholder' } },
  messages: { '/jmbg': { pattern: 'validation.regex' } },
};

function withPerson(guestSchemaPatch: (schema: DataSchema) => void, extra: (t: Tree) => void = () => {}): Tree {
  const t = validTree();
  t['forms/person.json'] = structuredClone(PERSON);
  const guest = t['forms/guest.json'] as { schema: DataSchema };
  guestSchemaPatch(guest.schema);
  extra(t);
  return t;
}

async function check(t: Tree): Promise<{ errors: SchemaError[]; forms: Map<string, unknown> }> {
  const { schemasDir, cleanup } = await writeTree(t);
  cleanups.push(cleanup);
  const r = await loadAndCheck(schemasDir);
  return { errors: r.errors, forms: new Map(r.documents.filter((d) => d.kind === 'form').map((d) => [d.id, d.json])) };
}

describe('a form that takes another form\'s fields', () => {
  it('gets the fields, their required list, labels and error texts at the object\'s place; its own entries win', () => {
    const guest = {
      id: 'guest',
      schema: {
        type: 'object', required: ['name'], properties: { name: { type: 'string' } },
        if: { properties: { needed: { const: true } } },
        then: { properties: { contract: { type: 'object', fieldsOf: 'person' } } },
      },
      uiSchema: { contract: { 'ui:title': 'own.title', docId: { 'ui:title': 'own.docId' } } },
      messages: { '/contract/jmbg': { required: 'own.required' } },
    };
    const x = expandFormIncludes(guest, (id) => (id === 'person' ? PERSON : undefined));
    expect(x.problems).toEqual([]);
    expect([...x.used]).toEqual(['person']);
    const contract = x.json.schema.then.properties.contract;
    expect(contract).toEqual({ type: 'object', properties: PERSON.schema.properties, required: ['jmbg'] });
    // the object's own title stays (the taken form's title is not taken); the field it labels itself keeps its label
    expect(x.json.uiSchema.contract).toEqual({ 'ui:title': 'own.title', 'ui:order': ['jmbg', 'docId'], docId: { 'ui:title': 'own.docId' }, jmbg: { 'ui:title': 'checkout.guest.firstName' } });
    expect(x.json.messages['/contract/jmbg']).toEqual({ pattern: 'validation.regex', required: 'own.required' });
    // the written form is not changed
    expect(guest.schema.then.properties.contract).toEqual({ type: 'object', fieldsOf: 'person' });
    expect(includedForms(guest)).toEqual(['person']);
  });

  it('at the top of a form, beside its own fields, with the form\'s own order', () => {
    const form = { id: 'data', schema: { type: 'object', required: ['name'], fieldsOf: 'person', properties: { name: { type: 'string' } } }, uiSchema: { 'ui:order': ['name', 'jmbg', 'docId'] } };
    const x = expandFormIncludes(form, () => PERSON);
    expect(x.problems).toEqual([]);
    expect(x.json.schema.required).toEqual(['name', 'jmbg']);
    expect(Object.keys(x.json.schema.properties)).toEqual(['name', 'jmbg', 'docId']);
    expect(x.json.uiSchema['ui:order']).toEqual(['name', 'jmbg', 'docId']);
    // the expansion adds what the written form lacks: read through the wider type
    const json: { uiSchema: Record<string, unknown>; messages?: unknown } = x.json;
    expect(json.uiSchema['ui:title']).toBeUndefined();
    expect(json.messages).toEqual({ '/jmbg': { pattern: 'validation.regex' } });
  });

  it('is checked and served expanded: the taken fields are validated like its own', async () => {
    const { errors, forms } = await check(withPerson((s) => { s.properties.contract = { type: 'object', fieldsOf: 'person' }; }));
    expect(formatErrors(errors)).toBe('');
    expect(getPointer(forms.get('guest'), '/schema/properties/contract/properties/jmbg')).toEqual({ type: 'string', pattern: '^[0-9]{13}$' });
    expect(getPointer(forms.get('guest'), '/messages/~1contract~1jmbg')).toEqual({ pattern: 'validation.regex' });
  });

  it('reports an unknown form at the "fieldsOf", with a suggestion', async () => {
    const { errors } = await check(withPerson((s) => { s.properties.contract = { type: 'object', fieldsOf: 'persn' }; }));
    expect(errors, formatErrors(errors)).toHaveLength(1);
    expect(errors[0]).toMatchObject({ file: 'schemas/forms/guest.json', pointer: '/schema/properties/contract/fieldsOf', suggestion: 'person' });
    expect(errors[0].message).toMatch(/"fieldsOf": "persn" names no form .* did you mean "person"/);
    expect(errors[0].line).toBeGreaterThan(1);
  });

  it('reports a field written both in the form and in the form it takes, at the form\'s own field', async () => {
    const { errors } = await check(withPerson((s) => { s.properties.contract = { type: 'object', fieldsOf: 'person', properties: { jmbg: { type: 'string' } } }; }));
    expect(errors, formatErrors(errors)).toHaveLength(1);
    expect(errors[0].pointer).toBe('/schema/properties/contract/properties/jmbg');
    expect(errors[0].message).toMatch(/field "jmbg" is written here and also taken from form "person"/);
  });

  it('reports a form that takes its own fields through another', async () => {
    const { errors } = await check(withPerson(
      (s) => { s.properties.contract = { type: 'object', fieldsOf: 'person' }; },
      (t) => { (t['forms/person.json'] as { schema: DataSchema }).schema.properties.back = { type: 'object', fieldsOf: 'guest' }; },
    ));
    expect(errors.map((e) => e.message).join('\n')).toMatch(/a form cannot include itself/);
    expect(errors.every((e) => e.file === 'schemas/forms/guest.json' || e.file === 'schemas/forms/person.json'), formatErrors(errors)).toBe(true);
  });

  it('in the shop: the guest\'s contract section and the personal-data step take the same fields of contract-person', async () => {
    const { documents, errors } = await loadAndCheck(REAL_SCHEMAS);
    expect(formatErrors(errors)).toBe('');
    const form = (id: string) => documents.find((d) => d.kind === 'form' && d.id === id)!.json as FormView;
    const person = form('contract-person');
    const guestContract = form('guest').schema.then.properties.contractData;
    const personal = form('order-personal-data').schema;
    for (const field of Object.keys(person.schema.properties)) {
      expect(guestContract.properties[field]).toEqual(person.schema.properties[field]);
      expect(personal.properties[field]).toEqual(person.schema.properties[field]);
      expect(guestContract.required).toContain(field);
      expect(personal.required).toContain(field);
      expect(form('guest').uiSchema.contractData[field]).toEqual(person.uiSchema[field]);
      expect(form('order-personal-data').uiSchema[field]).toEqual(person.uiSchema[field]);
    }
    expect(form('guest').messages['/contractData/jmbg']).toEqual(person.messages['/jmbg']);
    expect(form('order-personal-data').messages['/jmbg']).toEqual(person.messages['/jmbg']);
  });
});
