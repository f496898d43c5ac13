import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Profiler, useState } from 'react';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { RJSFSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import { createFormValidator, setValidatorModuleLoader, validatorUrl } from '../../../components/forms/rjsfValidator';
import { createLocalizer } from '../../../components/forms/localizer';
import { translateUiSchema } from '../../../components/forms/uischema';
import Form, { extraErrorsOf, fieldIdOf, VALIDATION_DEBOUNCE_MS } from '../../../components/forms/Form';
import { translate } from '../../../actions/stores/i18n';
import formAction from '../../../actions/form/form';
import enMessages from '../../../schemas/messages/en.json';
import srMessages from '../../../schemas/messages/sr.json';
import { fakeFetch, makeRuntime, renderWith } from './helpers';
import { importCompiledValidator, installNodeValidatorLoader } from './form-validators';

afterEach(cleanup);

const SR = {
  // the real texts of seed 001 §5 (validation.*)
  ...Object.fromEntries(Object.entries(srMessages).filter(([k]) => k.startsWith('validation.'))),
  'checkout.phone.custom': 'Unesi broj telefona bez nule na početku.',
  'f.first': 'Ime',
  'f.first.ph': 'Unesi ime',
  'f.a': 'Prva', 'f.b': 'Druga',
};
const t = (k: string, p?: Record<string, unknown>) => translate(SR, k, p);

describe('localizer (AJV errors of the server-compiled validator → seed 001 §5 messages)', () => {
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
  let fns: ValidatorFunctions;
  beforeAll(async () => { fns = (await importCompiledValidator(schema)).default as ValidatorFunctions; });
  function messages(data: Record<string, unknown>, overrides = {}, tr = t) {
    const v = createFormValidator(fns, schema, createLocalizer(tr, schema as Record<string, unknown>, overrides));
    const { errors } = v.validateFormData(data, schema);
    return Object.fromEntries(errors.map((e) => [e.property, e.message]));
  }
  it('maps keywords to the exact texts', () => {
    const m = messages({ firstName: 'A', lastName: 'Predugo', nick: 'ab', contactEmail: 'a*b@x.rs', contactPhone: '0641234567', mobile: '064-123-456', code: 'ab', age: 'x' });
    expect(m['.firstName']).toBe('Polje mora imati između 2 i 40 karaktera.');
    expect(m['.lastName']).toBe('Polje ne sme imati više od 5 karaktera.');
    expect(m['.nick']).toBe('Polje ne sme imati manje od 3 karaktera.');
    expect(m['.contactEmail']).toBe('Unesi validnu imejl adresu.');
    expect(m['.contactPhone']).toBe('Broj ne može počinjati nulom');
    expect(m['.mobile']).toBe('Potrebno je uneti validni broj mobilnog telefona.');
    expect(m['.code']).toBe('Neispravan format.');
    expect(m['.age']).toBe('Uneta vrednost nije broj.');
  });
  it('required, in Serbian and in English', () => {
    expect(Object.entries(messages({}))).toContainEqual([expect.stringContaining('firstName'), 'Ovo polje je obavezno.']);
    const en = (k: string, p?: Record<string, unknown>) => translate(enMessages as unknown as Parameters<typeof translate>[0], k, p);
    const m = messages({ firstName: 'Ana', contactEmail: 'ana@x', contactPhone: '641234567' }, {}, en);
    expect(m).toEqual({ '.contactEmail': 'Enter a valid email address.' });
  });
  it('contact phone: 7 to 10 digits, the first 1–9 (the message of the check that fails)', () => {
    const phone = (p: string) => messages({ firstName: 'Ana', contactEmail: 'ana@example.rs', contactPhone: p })['.contactPhone'];
    for (const ok of ['1234567', '641234567', '6412345678']) expect([ok, phone(ok)]).toEqual([ok, undefined]);
    for (const bad of ['123456', '12345678901']) expect([bad, phone(bad)]).toEqual([bad, 'Polje mora imati između 7 i 10 cifara.']);
    expect(phone('0641234567')).toBe('Broj ne može počinjati nulom');
    expect(phone('64 1234567')).toBe('Uneta vrednost nije broj.');
  });
  it('per-field overrides from the form document', () => {
    const m = messages({ firstName: 'Ana', contactEmail: 'a@b.rs', contactPhone: '012' }, { '/contactPhone': { format: 'checkout.phone.custom' } });
    expect(m['.contactPhone']).toBe('Unesi broj telefona bez nule na početku.');
  });
  it('accepts valid data', () => {
    expect(messages({ firstName: 'Ana', contactEmail: 'ana@example.rs', contactPhone: '641234567' })).toEqual({});
  });
  it('runs without eval (the precompiled code only)', () => {
    const orig = globalThis.Function;
    // biome-ignore lint/complexity/useArrowFunction: a stand-in for the Function constructor must be constructible with `new`
    (globalThis as { Function: unknown }).Function = function () { throw new Error('eval used'); };
    try {
      expect(messages({ firstName: 'Ana', contactEmail: 'šana@example.rs', contactPhone: '641234567' })).toEqual({ '.contactEmail': 'Unesi validnu imejl adresu.' });
    } finally {
      (globalThis as { Function: unknown }).Function = orig;
    }
  });
  it('names the validator module after the form and the schema it was compiled from', () => {
    expect(validatorUrl('guest', 3, schema)).toMatch(/^\/ui\/forms\/guest\/validator\.js\?v=3-?[0-9a-f]+$/);
    expect(validatorUrl('guest', 3, schema)).not.toBe(validatorUrl('guest', 3, { ...schema, required: [] } as RJSFSchema));
  });
});

describe('localizer and a conditional part of a form (if/then)', () => {
  // the guest form's contract section: required while the data says so; AJV adds an "if" error at the root beside
  // the branch's own errors, which RJSF drew as "Ovo polje je obavezno." on the form's first field (filled in)
  const schema = {
    type: 'object',
    required: ['firstName'],
    properties: { firstName: { type: 'string' }, needed: { type: 'boolean' }, extra: { type: 'object', properties: { jmbg: { type: 'string' } } } },
    if: { required: ['needed'], properties: { needed: { const: true } } },
    then: { required: ['extra'], properties: { extra: { type: 'object', required: ['jmbg'] } } },
  } as RJSFSchema;
  it('reports the branch\'s missing field at that field, and nothing at the root', async () => {
    const fns = (await importCompiledValidator(schema)).default as ValidatorFunctions;
    const v = createFormValidator(fns, schema, createLocalizer(t, schema as Record<string, unknown>, {}));
    const { errors } = v.validateFormData({ firstName: 'Jelena', needed: true, extra: {} }, schema);
    expect(errors.map((e) => [e.property, e.message])).toEqual([['.extra.jmbg', 'Ovo polje je obavezno.']]);
    expect(v.validateFormData({ firstName: 'Jelena', needed: false }, schema).errors).toEqual([]);
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
    schema: { type: 'object', required: ['firstName', 'contactEmail', 'contactPhone'], properties: { firstName: { type: 'string', maxLength: 40 }, contactEmail: { type: 'string', format: 'email' }, contactPhone: { type: 'string', format: 'contactPhone' } } },
    uiSchema: { firstName: { 'ui:title': 'f.first', 'ui:placeholder': 'f.first.ph' }, contactEmail: { 'ui:title': 'f.b' }, contactPhone: { 'ui:title': 'f.a' } },
  };
  const loaded: string[] = [];
  beforeAll(() => installNodeValidatorLoader((id) => { loaded.push(id); return id === 'guest' ? doc : undefined; }));
  afterAll(() => setValidatorModuleLoader());
  function setup(messages: Record<string, unknown> = SR, extra: { emit?: (event: string, payload?: unknown) => Promise<boolean>; blurFields?: string[] } = {}) {
    const { fetch } = fakeFetch({ 'GET /ui/forms/guest': () => ({ body: doc }) });
    const r = makeRuntime({ fetch, actions: [formAction] });
    r.stores.session.setMessages({ ...r.stores.session.messages, ...messages } as never);
    renderWith(r.rt, <Form form="guest" submitLabel="Pošalji" emit={extra.emit ?? vi.fn(async () => true)} blurFields={extra.blurFields} enabled />);
    return r;
  }

  it('renders labels above inputs and keeps data in ui.forms via form.change', async () => {
    const { stores } = setup();
    const input = await screen.findByLabelText(/Ime/);
    expect(loaded).toContain('guest');
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
    await waitFor(() => expect(screen.getAllByText('Ovo polje je obavezno.')).toHaveLength(3));
    expect(screen.getByLabelText(/Ime/).getAttribute('aria-invalid')).toBe('true');
    await act(async () => { fireEvent.change(screen.getByLabelText(/Prva/), { target: { value: '0123' } }); });
    await waitFor(() => expect(screen.getByText('Broj ne može počinjati nulom')).toBeTruthy()); // live after the first submit
    await act(async () => { fireEvent.change(screen.getByLabelText(/Druga/), { target: { value: 'ana@example' } }); });
    await waitFor(() => expect(screen.getByText('Unesi validnu imejl adresu.')).toBeTruthy());
  });

  it('refuses a control character typed or pasted into a field with the message the server gives (issue 24)', async () => {
    const { stores } = setup();
    const input = await screen.findByLabelText(/Ime/);
    await act(async () => { fireEvent.change(input, { target: { value: 'An\u0000a' } }); });
    await act(async () => { fireEvent.change(screen.getByLabelText(/Druga/), { target: { value: 'ana@example.rs' } }); });
    await act(async () => { fireEvent.change(screen.getByLabelText(/Prva/), { target: { value: '641234567' } }); });
    let ok = true;
    await act(async () => { ok = stores.ui.validateForms(['guest']); });
    expect(ok).toBe(false);
    await waitFor(() => expect(screen.getByText(srMessages['validation.controlCharacters'])).toBeTruthy());
    expect(screen.getByLabelText(/Ime/).getAttribute('aria-invalid')).toBe('true');
    await act(async () => { fireEvent.change(screen.getByLabelText(/Ime/), { target: { value: 'Ana' } }); });
    await act(async () => { ok = stores.ui.validateForms(['guest']); });
    expect(ok).toBe(true);
  });

  it('a submit with several errors: a summary at the top lists them with links, takes focus, and each field is invalid and described by its message', async () => {
    const { stores } = setup({ ...SR, 'form.errorSummary': srMessages['form.errorSummary'] });
    await screen.findByLabelText(/Ime/);
    await act(async () => { stores.ui.validateForms(['guest']); });
    const summary = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('.sf-summary');
      expect(el).not.toBeNull();
      return el!;
    });
    expect(summary.textContent).toContain('Obrazac ima 3 greške:');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    // read as one group named by its title
    expect(summary.getAttribute('role')).toBe('group');
    expect(document.getElementById(summary.getAttribute('aria-labelledby')!)?.textContent).toBe('Obrazac ima 3 greške:');
    const links = [...summary.querySelectorAll('a')];
    expect(links.map((a) => a.textContent)).toEqual(['Ime: Ovo polje je obavezno.', 'Druga: Ovo polje je obavezno.', 'Prva: Ovo polje je obavezno.']);
    for (const a of links) {
      const input = document.getElementById(a.getAttribute('href')!.slice(1)) as HTMLInputElement;
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
      expect(described).toContain('Ovo polje je obavezno.');
    }
    // a link takes the shopper to its field
    await act(async () => { fireEvent.click(links[1]!); });
    expect(document.activeElement).toBe(screen.getByLabelText(/Druga/));
    // it follows the fixes: after the pause's validation, the fixed fields leave it, and it goes once all are right
    await act(async () => { fireEvent.change(screen.getByLabelText(/Ime/), { target: { value: 'Ana' } }); });
    await waitFor(() => expect(document.querySelector('.sf-summary')?.textContent).toContain('Obrazac ima 2 greške:'));
    await act(async () => {
      fireEvent.change(screen.getByLabelText(/Druga/), { target: { value: 'ana@example.rs' } });
      fireEvent.change(screen.getByLabelText(/Prva/), { target: { value: '641234567' } });
    });
    await waitFor(() => expect(document.querySelector('.sf-summary')).toBeNull());
  });

  it('a submit with one error: focus goes to that field (its message is read with it)', async () => {
    const { stores } = setup({ ...SR, 'form.errorSummary': srMessages['form.errorSummary'] });
    await screen.findByLabelText(/Ime/);
    await act(async () => {
      fireEvent.change(screen.getByLabelText(/Ime/), { target: { value: 'Ana' } });
      fireEvent.change(screen.getByLabelText(/Prva/), { target: { value: '641234567' } });
    });
    await act(async () => { stores.ui.validateForms(['guest']); });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Druga/)));
    expect(document.querySelector('.sf-summary')?.textContent).toContain('Obrazac ima 1 grešku:');
  });

  it('leaving a blurFields field emits blur (no event per keystroke, none for other fields); a server field error shows until the value changes', async () => {
    const emit = vi.fn(async (_event: string, _payload?: unknown) => true);
    const { stores } = setup(SR, { emit, blurFields: ['contactEmail'] });
    const email = await screen.findByLabelText(/Druga/);
    await act(async () => { fireEvent.change(email, { target: { value: 'ana@example.rs' } }); });
    expect(emit.mock.calls.filter(([e]) => e === 'blur')).toHaveLength(0);
    await act(async () => { fireEvent.blur(screen.getByLabelText(/Ime/)); fireEvent.blur(email); });
    expect(emit.mock.calls.filter(([e]) => e === 'blur')).toEqual([['blur', { formId: 'guest', field: 'contactEmail', value: 'ana@example.rs' }]]);
    await act(async () => { stores.ui.setFieldError('guest', 'contactEmail', 'Adresa je zauzeta.'); });
    await waitFor(() => expect(screen.getByText('Adresa je zauzeta.')).toBeTruthy());
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await act(async () => { fireEvent.change(email, { target: { value: 'ana2@example.rs' } }); });
    await waitFor(() => expect(screen.queryByText('Adresa je zauzeta.')).toBeNull());
  });

  it('a server refusal of a submit marks its field (invalid, described by the message) and moves focus there; a check while typing does not move focus', async () => {
    const { stores } = setup();
    const email = await screen.findByLabelText(/Druga/);
    const first = screen.getByLabelText(/Ime/);
    await act(async () => { fireEvent.change(email, { target: { value: 'ana@example.rs' } }); });
    first.focus();
    // a blur check's error (no focus asked): shown, focus stays where the shopper is
    await act(async () => { stores.ui.setFieldError('guest', 'contactEmail', 'Adresa je zauzeta.'); });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(first);
    // a refusal of the submit: the field takes focus once its error is drawn
    await act(async () => { stores.ui.setFieldError('guest', 'contactEmail', 'Imejl adresa nije ispravna.', { focus: true }); });
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const described = (email.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
    expect(described).toContain('Imejl adresa nije ispravna.');
    // accepted data clears the server's errors
    await act(async () => { stores.ui.clearFieldErrors('guest'); });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBeNull());
  });

  it('a server error of a nested field (a dotted path) is drawn under that field while it keeps the refused value', () => {
    const errors = { 'deliveryAddress.postalCode': { message: 'Poštanski broj nije ispravan.', value: '99999' }, jmbg: { message: 'JMBG nije ispravan.', value: '1' } };
    expect(extraErrorsOf(errors, { deliveryAddress: { postalCode: '99999' }, jmbg: '1' })).toEqual({
      deliveryAddress: { postalCode: { __errors: ['Poštanski broj nije ispravan.'] } }, jmbg: { __errors: ['JMBG nije ispravan.'] },
    });
    expect(extraErrorsOf(errors, { deliveryAddress: { postalCode: '11000' }, jmbg: '2' })).toBeUndefined();
  });

  it('while typing, validates after a pause (debounced), only the fields changed so far, never per keystroke', async () => {
    setup();
    await screen.findByLabelText(/Ime/);
    await act(async () => { fireEvent.change(screen.getByLabelText(/Druga/), { target: { value: 'ana@example' } }); });
    // the keystroke itself validated nothing
    expect(screen.queryByText('Unesi validnu imejl adresu.')).toBeNull();
    expect(screen.getByLabelText(/Druga/).getAttribute('aria-invalid')).not.toBe('true');
    await waitFor(() => expect(screen.getByText('Unesi validnu imejl adresu.')).toBeTruthy());
    // the untouched required fields are not flagged, and no error summary (that is the submit's)
    expect(screen.queryByText('Ovo polje je obavezno.')).toBeNull();
    expect(document.querySelector('.sf-summary')).toBeNull();
    // fixing it clears the message after the next pause
    await act(async () => { fireEvent.change(screen.getByLabelText(/Druga/), { target: { value: 'ana@example.rs' } }); });
    await waitFor(() => expect(screen.queryByText('Unesi validnu imejl adresu.')).toBeNull());
    expect(VALIDATION_DEBOUNCE_MS).toBe(500);
  });

  it('a keystroke draws its field at once and the form once, in a transition; a field showing its error loses it on its first key; drawn again for another reason (disabled while an action runs), the form keeps what was typed and its errors', async () => {
    const { fetch } = fakeFetch({ 'GET /ui/forms/guest': () => ({ body: doc }) });
    const r = makeRuntime({ fetch, actions: [formAction] });
    r.stores.session.setMessages({ ...r.stores.session.messages, ...SR } as never);
    let setEnabled: (v: boolean) => void = () => undefined;
    let commits = 0;
    function Host() {
      const [enabled, set] = useState(true);
      setEnabled = set;
      return <Profiler id="form" onRender={() => { commits += 1; }}><Form form="guest" submitLabel="Pošalji" emit={vi.fn(async () => true)} enabled={enabled} /></Profiler>;
    }
    renderWith(r.rt, <Host />);
    await screen.findByLabelText(/Ime/);
    commits = 0;
    await act(async () => { fireEvent.change(screen.getByLabelText(/Ime/), { target: { value: 'A' } }); });
    // two commits: the field with what was typed (the key's own work), then the form taking the value in a transition
    // (widgets/templates.tsx); RJSF's own state only: handed its data back as a new prop, the form would draw a third time
    expect(commits).toBe(2);
    await waitFor(() => expect(r.stores.ui.forms.guest?.data).toMatchObject({ firstName: 'A' }));
    await act(async () => { fireEvent.change(screen.getByLabelText(/Ime/), { target: { value: '' } }); });
    await act(async () => { r.stores.ui.validateForms(['guest']); });
    await waitFor(() => expect(screen.getAllByText('Ovo polje je obavezno.')).toHaveLength(3));
    await act(async () => { fireEvent.change(screen.getByLabelText(/Ime/), { target: { value: 'A' } }); });
    // at once, not after the pause
    expect(screen.getAllByText('Ovo polje je obavezno.')).toHaveLength(2);
    expect(screen.getByLabelText(/Ime/).getAttribute('aria-invalid')).not.toBe('true');
    await act(async () => { await new Promise((res) => setTimeout(res, 0)); });
    commits = 0;
    await act(async () => { fireEvent.change(screen.getByLabelText(/Ime/), { target: { value: 'Ana' } }); });
    expect(commits).toBe(2);
    await waitFor(() => expect(r.stores.ui.forms.guest?.data).toMatchObject({ firstName: 'Ana' }));
    await act(async () => { setEnabled(false); });
    await act(async () => { setEnabled(true); });
    expect((screen.getByLabelText(/Ime/) as HTMLInputElement).value).toBe('Ana');
    expect(screen.getAllByText('Ovo polje je obavezno.')).toHaveLength(2);
    expect(screen.getByLabelText(/Druga/).getAttribute('aria-invalid')).toBe('true');
    // data written from elsewhere (a prefill) still reaches the drawn form
    await act(async () => { r.stores.ui.setFormData('guest', { firstName: 'Mila', contactEmail: 'mila@example.rs' }); });
    await waitFor(() => expect((screen.getByLabelText(/Ime/) as HTMLInputElement).value).toBe('Mila'));
    expect((screen.getByLabelText(/Druga/) as HTMLInputElement).value).toBe('mila@example.rs');
  });

  it('a value typed and validated at once (no pause for the form to take it) is validated and reaches the store', async () => {
    const { fetch } = fakeFetch({ 'GET /ui/forms/guest': () => ({ body: doc }) });
    const r = makeRuntime({ fetch, actions: [formAction] });
    r.stores.session.setMessages({ ...r.stores.session.messages, ...SR } as never);
    renderWith(r.rt, <Form form="guest" submitLabel="Pošalji" emit={vi.fn(async () => true)} enabled />);
    await screen.findByLabelText(/Ime/);
    await act(async () => {
      fireEvent.change(screen.getByLabelText(/Druga/), { target: { value: 'ana@example.rs' } });
      fireEvent.change(screen.getByLabelText(/Prva/), { target: { value: '1234567' } });
    });
    // one task: the key's transition has not run when the validation (a step's "Dalje") reads the form
    let ok = false;
    await act(async () => {
      fireEvent.change(screen.getByLabelText(/Ime/), { target: { value: 'Ana' } });
      ok = r.stores.ui.validateForms(['guest']);
    });
    expect(ok).toBe(true);
    expect(r.stores.ui.forms.guest?.data).toMatchObject({ firstName: 'Ana' });
  });

  it('knows the input id of an error property', () => {
    expect(fieldIdOf('guest', '.customerData.firstName')).toBe('f-guest_customerData_firstName');
    expect(fieldIdOf('bill-consents', '.GENERAL_TERMS_AGREEMENT')).toBe('f-bill-consents_GENERAL_TERMS_AGREEMENT');
  });

  it('accepts a valid form (contact phone of 7 and of 10 digits)', async () => {
    const { stores } = setup();
    await screen.findByLabelText(/Ime/);
    await act(async () => {
      fireEvent.change(screen.getByLabelText(/Ime/), { target: { value: 'Ana' } });
      fireEvent.change(screen.getByLabelText(/Druga/), { target: { value: 'ana.petrovic@example.rs' } });
      fireEvent.change(screen.getByLabelText(/Prva/), { target: { value: '1234567' } });
    });
    let ok = false;
    await act(async () => { ok = stores.ui.validateForms(['guest']); });
    expect(ok).toBe(true);
    await act(async () => { fireEvent.change(screen.getByLabelText(/Prva/), { target: { value: '6412345678' } }); });
    await act(async () => { ok = stores.ui.validateForms(['guest']); });
    expect(ok).toBe(true);
    await act(async () => { fireEvent.change(screen.getByLabelText(/Prva/), { target: { value: '64123456789' } }); });
    await act(async () => { ok = stores.ui.validateForms(['guest']); });
    expect(ok).toBe(false);
  });

  it('shows the messages in English', async () => {
    const { stores } = setup({ ...enMessages, 'f.first': 'First name', 'f.first.ph': 'Enter first name', 'f.a': 'Phone', 'f.b': 'Email' });
    await act(async () => { stores.session.setLang('en'); });
    await screen.findByLabelText(/First name/);
    await act(async () => { stores.ui.validateForms(['guest']); });
    await waitFor(() => expect(screen.getAllByText('This field is mandatory.')).toHaveLength(3));
    await act(async () => { fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'a*b@example.rs' } }); });
    await waitFor(() => expect(screen.getByText('Enter a valid email address.')).toBeTruthy());
  });

  it('reloads the document when the served validator was compiled from a newer schema', async () => {
    const edited = { ...doc, version: 2, schema: { ...doc.schema, properties: { ...doc.schema.properties, firstName: { type: 'string', maxLength: 3 } } } };
    let served = 0;
    const { fetch } = fakeFetch({ 'GET /ui/forms/guest': () => ({ body: served++ === 0 ? doc : edited }) });
    installNodeValidatorLoader(() => edited); // the server already has the edited form
    try {
      const r = makeRuntime({ fetch, actions: [formAction] });
      r.stores.session.setMessages({ ...r.stores.session.messages, ...SR } as never);
      renderWith(r.rt, <Form form="guest" submitLabel="Pošalji" emit={vi.fn(async () => true)} enabled />);
      await screen.findByLabelText(/Ime/);
      expect(served).toBe(2);
      await act(async () => { fireEvent.change(screen.getByLabelText(/Ime/), { target: { value: 'Jelena' } }); });
      await act(async () => { r.stores.ui.validateForms(['guest']); });
      await waitFor(() => expect(screen.getByText('Polje ne sme imati više od 3 karaktera.')).toBeTruthy());
    } finally {
      installNodeValidatorLoader((id) => { loaded.push(id); return id === 'guest' ? doc : undefined; });
    }
  });
});
