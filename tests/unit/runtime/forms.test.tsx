import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createFormValidator } from '../../../components/forms/rjsfValidator';
import { EvalFreeValidator } from '../../../components/forms/validate';
import type { RJSFSchema } from '@rjsf/utils';
import { customFormats, isContactPhone, isEmail, isMobileNumber } from '../../../components/forms/formats';
import { createLocalizer } from '../../../components/forms/localizer';
import { translateUiSchema } from '../../../components/forms/uischema';
import Form from '../../../components/forms/Form';
import { translate } from '../../../actions/stores/i18n';
import formAction from '../../../actions/form/form';
import { fakeFetch, makeRuntime, renderWith } from './helpers';

afterEach(cleanup);

const SR = {
  'validation.required': 'Ovo polje je obavezno.',
  'validation.email': 'Unesi validnu imejl adresu.',
  'validation.regex': 'Neispravan format.',
  'validation.min': 'Polje ne sme imati manje od {length} karaktera.',
  'validation.max': 'Polje ne sme imati više od {length} karaktera.',
  'validation.minmaxchar': 'Polje mora imati između {min} i {max} karaktera.',
  'validation.mobileNumber': 'Potrebno je uneti validni broj mobilnog telefona.',
  'validation.numeric': 'Uneta vrednost nije broj.',
  'checkout.phone.custom': 'Unesi broj telefona bez nule na početku.',
  'f.first': 'Ime',
  'f.first.ph': 'Unesi ime',
  'f.a': 'Prva', 'f.b': 'Druga',
};
const t = (k: string, p?: Record<string, unknown>) => translate(SR, k, p);

describe('custom formats', () => {
  it('contact phone: first digit 1-9, 7 to 10 digits', () => {
    for (const ok of ['1234567', '12345678', '123456789', '6412345678']) expect([ok, isContactPhone(ok)]).toEqual([ok, true]);
    for (const bad of ['123456', '12345678901', '0641234567', '012345678', '64-123-456', '', '64 1234567']) expect([bad, isContactPhone(bad)]).toEqual([bad, false]);
  });
  it('mobile number: 06 + 9–10 characters or +3816 + 12–13 characters', () => {
    for (const ok of ['064123456', '0641234567', '+38164123456', '+381641234567']) expect([ok, isMobileNumber(ok)]).toEqual([ok, true]);
    for (const bad of ['06412345', '06412345678', '+3816412345', '+3816412345678', '0741234567', '+38174123456']) expect([bad, isMobileNumber(bad)]).toEqual([bad, false]);
  });
  it('e-mail: valid shape and none of š đ č ć ž / * , + = ; : < > ~ ` ?', () => {
    expect(isEmail('ana.petrovic@example.rs')).toBe(true);
    expect(isEmail('ana_p-1@mail.example.com')).toBe(true);
    for (const bad of ['ana', 'ana@', 'ana@example', 'a b@example.rs', 'ana..p@example.rs',
      'šana@example.rs', 'đ@example.rs', 'č@example.rs', 'ć@example.rs', 'ž@example.rs', 'Ž@example.rs',
      'a/b@example.rs', 'a*b@example.rs', 'a,b@example.rs', 'a+b@example.rs', 'a=b@example.rs', 'a;b@example.rs',
      'a:b@example.rs', 'a<b@example.rs', 'a>b@example.rs', 'a~b@example.rs', 'a`b@example.rs', 'a?b@example.rs']) {
      expect([bad, isEmail(bad)]).toEqual([bad, false]);
    }
  });
});

describe('localizer (AJV errors → seed 001 §5 messages)', () => {
  const schema = {
    type: 'object',
    required: ['firstName', 'contactEmail', 'contactPhone'],
    properties: {
      firstName: { type: 'string', minLength: 2, maxLength: 40 },
      lastName: { type: 'string', maxLength: 5 },
      nick: { type: 'string', minLength: 3 },
      contactEmail: { type: 'string', format: 'email' },
      contactPhone: { type: 'string', format: 'contactPhone' },
      mobile: { type: 'string', format: 'mobileNumber' },
      code: { type: 'string', pattern: '^[A-Z]+$' },
      age: { type: 'integer' },
    },
  } as RJSFSchema;
  function messages(data: Record<string, unknown>, overrides = {}) {
    const v = createFormValidator(schema, customFormats, createLocalizer(t, schema as Record<string, unknown>, overrides));
    const { errors } = v.validateFormData(data, schema);
    return Object.fromEntries(errors.map((e) => [e.property, e.message]));
  }
  it('maps keywords to the exact texts', () => {
    const m = messages({ firstName: 'A', lastName: 'Predugo', nick: 'ab', contactEmail: 'a*b@x.rs', contactPhone: '0641234567', mobile: '0741234567', code: 'ab', age: 'x' });
    expect(m['.firstName']).toBe('Polje mora imati između 2 i 40 karaktera.');
    expect(m['.lastName']).toBe('Polje ne sme imati više od 5 karaktera.');
    expect(m['.nick']).toBe('Polje ne sme imati manje od 3 karaktera.');
    expect(m['.contactEmail']).toBe('Unesi validnu imejl adresu.');
    expect(m['.contactPhone']).toBe('Neispravan format.');
    expect(m['.mobile']).toBe('Potrebno je uneti validni broj mobilnog telefona.');
    expect(m['.code']).toBe('Neispravan format.');
    expect(m['.age']).toBe('Uneta vrednost nije broj.');
  });
  it('required', () => {
    const m = messages({});
    expect(Object.entries(m)).toContainEqual([expect.stringContaining('firstName'), 'Ovo polje je obavezno.']);
  });
  it('per-field overrides from the form document', () => {
    const m = messages({ firstName: 'Ana', contactEmail: 'a@b.rs', contactPhone: '012' }, { '/contactPhone': { format: 'checkout.phone.custom' } });
    expect(m['.contactPhone']).toBe('Unesi broj telefona bez nule na početku.');
  });
  it('accepts valid data', () => {
    expect(messages({ firstName: 'Ana', contactEmail: 'ana@example.rs', contactPhone: '641234567' })).toEqual({});
  });
});

describe('eval-free validator', () => {
  const v = (schema: Record<string, unknown>, data: unknown) => new EvalFreeValidator(schema, customFormats).validate(data).map((e) => `${e.instancePath}:${e.keyword}`);
  it('reports AJV-shaped errors with paths', () => {
    expect(v({ type: 'object', required: ['a'], properties: { b: { type: 'object', properties: { c: { minLength: 2 } } } } }, { b: { c: 'x' } })).toEqual([':required', '/b/c:minLength']);
    expect(v({ type: 'array', items: { enum: [1, 2] }, maxItems: 2 }, [1, 3, 2])).toEqual([':maxItems', '/1:enum']);
    expect(v({ anyOf: [{ type: 'string' }, { type: 'number' }] }, true)).toEqual([':anyOf']);
    expect(v({ oneOf: [{ minimum: 1 }, { minimum: 2 }] }, 3)).toEqual([':oneOf']);
    expect(v({ if: { properties: { k: { const: 'x' } } }, then: { required: ['y'] } }, { k: 'x' })).toEqual([':required']);
    expect(v({ definitions: { p: { format: 'contactPhone' } }, properties: { p: { $ref: '#/definitions/p' } } }, { p: '0123456' })).toEqual(['/p:format']);
    expect(v({ additionalProperties: false, properties: { a: {} } }, { a: 1, z: 2 })).toEqual([':additionalProperties']);
    expect(v({ type: 'integer', minimum: 1, multipleOf: 2 }, 3)).toEqual([':multipleOf']);
    expect(v({ dependentRequired: { a: ['b'] } }, { a: 1 })).toEqual([':dependentRequired']);
  });
  it('never compiles code (works without eval)', () => {
    const orig = globalThis.Function;
    // any use of new Function / eval would throw
    (globalThis as { Function: unknown }).Function = function () { throw new Error('eval used'); };
    try {
      expect(new EvalFreeValidator({ type: 'object', properties: { e: { format: 'email' } } }, customFormats).isValid({ e: 'a@b.rs' })).toBe(true);
    } finally {
      (globalThis as { Function: unknown }).Function = orig;
    }
  });
});

describe('uiSchema translation', () => {
  it('translates ui:title, ui:placeholder, ui:help, ui:description, ui:enumNames', () => {
    expect(translateUiSchema({ firstName: { 'ui:title': 'f.first', 'ui:placeholder': 'f.first.ph', 'ui:widget': 'text' }, kind: { 'ui:enumNames': ['f.a', 'f.b'] } }, t)).toEqual({
      firstName: { 'ui:title': 'Ime', 'ui:placeholder': 'Unesi ime', 'ui:widget': 'text' },
      kind: { 'ui:enumNames': ['Prva', 'Druga'] },
    });
  });
});

describe('Form component', () => {
  const doc = {
    id: 'guest', version: 1,
    schema: { type: 'object', required: ['firstName', 'contactPhone'], properties: { firstName: { type: 'string', maxLength: 40 }, contactPhone: { type: 'string', format: 'contactPhone' } } },
    uiSchema: { firstName: { 'ui:title': 'f.first', 'ui:placeholder': 'f.first.ph' }, contactPhone: { 'ui:title': 'f.a' } },
  };
  function setup() {
    const { fetch } = fakeFetch({ 'GET /ui/forms/guest': () => ({ body: doc }) });
    const r = makeRuntime({ fetch, actions: [formAction] });
    r.stores.session.setMessages({ ...r.stores.session.messages, ...SR });
    renderWith(r.rt, <Form form="guest" submitLabel="Pošalji" emit={vi.fn(async () => true)} enabled />);
    return r;
  }

  it('renders labels above inputs and keeps data in ui.forms via form.change', async () => {
    const { stores } = setup();
    const input = await screen.findByLabelText(/Ime/);
    expect(input.getAttribute('placeholder')).toBe('Unesi ime');
    await act(async () => { fireEvent.change(input, { target: { value: 'Ana' } }); });
    await waitFor(() => expect(stores.ui.forms.guest?.data).toMatchObject({ firstName: 'Ana' }));
  });

  it('registers a validator that shows the exact messages and marks the first invalid field', async () => {
    const { stores } = setup();
    await screen.findByLabelText(/Ime/);
    let ok = true;
    await act(async () => { ok = stores.ui.validateForms(['guest']); });
    expect(ok).toBe(false);
    await waitFor(() => expect(screen.getAllByText('Ovo polje je obavezno.')).toHaveLength(2));
    expect(screen.getByLabelText(/Ime/).getAttribute('aria-invalid')).toBe('true');
    await act(async () => { fireEvent.change(screen.getByLabelText(/Prva/), { target: { value: '0123' } }); });
    await waitFor(() => expect(screen.getByText('Neispravan format.')).toBeTruthy()); // live after the first submit
  });
});
