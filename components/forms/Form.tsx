/**
 * The RJSF bridge: draws the form document /ui/forms/:id with @rjsf/core, validated by the AJV standalone code the
 * server compiled from it (/ui/forms/:id/validator.js, custom formats built in) through RJSF's precompiled-validator
 * path — no eval, so it runs under a CSP without 'unsafe-eval' — with our localizer.
 * Validation while typing is debounced (VALIDATION_DEBOUNCE_MS, seed 001 §9: 500 ms after the last keystroke; a
 * keystroke itself validates nothing): before the first submit it shows the errors of the fields the shopper changed,
 * after it those of the whole form. A submit (or an action's validateForms) validates everything at once; on failure
 * the first invalid field scrolls into view and gets focus. Data lives in ui.forms[formId].data (form.change) so
 * nothing is lost on navigation. A keystroke draws the form once (RJSF's own state; see `data` below): this component
 * does not draw again for it, and follows the store only when the data there changes from elsewhere (a prefill, a
 * fixture, a restored cart). The form registers a validate() with the ui store so actions (checkout.submitGuest) can
 * validate it. Lazy chunk (not an eager group).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { reaction, untracked } from 'mobx';
import RjsfForm from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import { toErrorSchema, type ErrorSchema, type RJSFSchema, type UiSchema, type ValidatorType } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { VocabularyProps } from '../../renderer/types';
import { useRuntime, useStores, useT } from '../../renderer/hooks';
import { valueAtPath } from '../../actions/stores/ui';
import { focusLost } from '../../renderer/focus';
import { createLocalizer } from './localizer';
import { controlCharacterValidator } from './plainText';
import { createFormValidator, importValidatorFunctions, StaleValidatorError, validatorUrl } from './rjsfValidator';
import { translateUiSchema } from './uischema';
import { flushTyped, templates, widgets, type FieldsContext } from './widgets/templates';
import './forms.css';

export interface FormDoc {
  id: string;
  version: number;
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  messages?: Record<string, Record<string, string>>;
}

export interface FormProps {
  /** the form document id (schemas/forms/<id>.json) */
  form: string;
  /** text of the submit button (a message); without it the form has no button of its own */
  submitLabel?: string;
  /** top-level fields whose leaving (blur) emits the `blur` event (a server check such as username availability) */
  blurFields?: string[];
  /** when the form appears after an action replaced the control that had focus (focus fell to the page), its first
   * field takes focus (the natural successor: the code field after "send code") */
  focusOnMount?: boolean;
  /** values of the shop's state the data schema's conditions read (its if/then, e.g. the guest's contract data shown
   * while the cart needs it): kept in the form's data under their names, never sent (only the schema's fields are) */
  context?: Record<string, unknown>;
}

type Data = Record<string, unknown>;

/** Scrolls the first invalid field of `root` into view and focuses it. */
export function focusFirstInvalid(root: HTMLElement | null): void {
  if (!root) return;
  const el = root.querySelector<HTMLElement>('[aria-invalid="true"]') ?? root.querySelector<HTMLElement>('.sf-field--invalid input, .sf-field--invalid select, .sf-field--invalid textarea');
  if (!el) return;
  focusField(el);
}

interface Loaded { doc: FormDoc; fns: ValidatorFunctions }

/** Seed 001 §9: input validation is debounced by 500 ms. */
export const VALIDATION_DEBOUNCE_MS = 500;

/** The input id RJSF gives the field of an error `property` (".a.b" → "f-<form>_a_b"; idPrefix f-<form>, separator _). */
export function fieldIdOf(formId: string, property: string): string {
  return `f-${formId}${property.replace(/\./g, '_')}`;
}

/**
 * A validator whose results are limited to some fields while `scope()` answers a predicate on the error `property`
 * (the fields the shopper changed, before the first submit), and complete when it answers null.
 */
export function scopedValidator(base: ValidatorType, scope: () => ((property: string) => boolean) | null): ValidatorType {
  return {
    validateFormData: (...args: Parameters<ValidatorType['validateFormData']>) => {
      const result = base.validateFormData(...args);
      const only = scope();
      if (!only) return result;
      const errors = result.errors.filter((e) => typeof e.property === 'string' && only(e.property));
      return { errors, errorSchema: toErrorSchema(errors) };
    },
    isValid: (...args: Parameters<ValidatorType['isValid']>) => base.isValid(...args),
    rawValidation: (...args: Parameters<ValidatorType['rawValidation']>) => base.rawValidation(...args),
    ...(base.reset ? { reset: () => base.reset!() } : {}),
  } as ValidatorType;
}

/**
 * A failed submit with at least this many invalid fields moves focus to the error summary (read as one group: how
 * many errors, each with a link to its field); with fewer, focus goes to the invalid field, whose error is read with it.
 */
export const SUMMARY_FOCUS_MIN = 2;

/** RJSF extraErrors of the server-known field errors that still hold (the field keeps the value that was refused); a
 *  field is a top-level name or a dotted path to a nested one. */
export function extraErrorsOf(fieldErrors: Record<string, { message: string; value: unknown }> | undefined, data: Record<string, unknown>): ErrorSchema | undefined {
  if (!fieldErrors) return undefined;
  const live = Object.entries(fieldErrors).filter(([f, e]) => valueAtPath(data, f) === e.value);
  if (live.length === 0) return undefined;
  const schema: Record<string, unknown> = {};
  for (const [f, e] of live) {
    let node = schema;
    for (const k of f.split('.')) node = (node[k] ??= {}) as Record<string, unknown>;
    node.__errors = [e.message];
  }
  return schema as ErrorSchema;
}

/** Scrolls a field into view (the page's scroll padding keeps it clear of the sticky header) and focuses it. */
function focusField(el: HTMLElement): void {
  if (typeof el.scrollIntoView === 'function') el.scrollIntoView({ behavior: 'smooth', block: 'center' });
  el.focus({ preventScroll: true });
}

/** How many frames (16 ms) a form waits for a refused field's error to be drawn before it focuses the field anyway. */
const FIELD_FOCUS_FRAMES = 20;

/** One line of the error summary: the field's input id, its label and its error. */
export interface SummaryItem { id: string; label: string; message: string }

/** The invalid fields of `root` as drawn (label and error text of each), in document order. */
export function invalidFields(root: HTMLElement | null): SummaryItem[] {
  if (!root) return [];
  return [...root.querySelectorAll<HTMLElement>('.sf-field--invalid')].flatMap((f) => {
    const input = f.querySelector<HTMLElement>('input, select, textarea');
    const message = f.querySelector('.sf-error')?.textContent?.trim() ?? '';
    if (!input?.id || !message) return [];
    const label = (f.querySelector('.sf-label')?.firstChild?.textContent ?? f.querySelector('legend')?.textContent ?? '').trim();
    return [{ id: input.id, label, message }];
  });
}

/** The forms loaded so far (document + validator functions) per API client, by id: what a new instance can draw at once. */
const readyByApi = new WeakMap<object, Map<string, Loaded>>();
function readyOf(api: object): Map<string, Loaded> {
  let m = readyByApi.get(api);
  if (!m) readyByApi.set(api, (m = new Map()));
  return m;
}

/** The form document and its compiled validator module (once more with a fresh document if the module is stale). */
async function loadForm(rt: Pick<ReturnType<typeof useRuntime>, 'api'>, formId: string): Promise<Loaded> {
  const load = async (fresh: boolean): Promise<Loaded> => {
    const d = await rt.api.getDocument<FormDoc>(`/ui/forms/${encodeURIComponent(formId)}`, fresh ? { cache: false } : {});
    try {
      return { doc: d, fns: await importValidatorFunctions(validatorUrl(formId, d.version, d.schema, rt.api.uiVersion), d.schema) };
    } catch (e) {
      // the form was edited between the two requests (development reload): once more with the new document
      if (e instanceof StaleValidatorError && !fresh) return load(true);
      throw e;
    }
  };
  const l = await load(false);
  const ready = readyOf(rt.api);
  const prev = ready.get(formId);
  // the same document keeps its object, so a mounted form does not redraw for nothing
  if (prev && prev.doc === l.doc) return prev;
  ready.set(formId, l);
  return l;
}

/** `form.change`: its group is loaded with the form, so a change writes the store at once (an action reading the
 * form right after `validateForms` sees what was typed, not a write still waiting for the group's chunk). */
const FORM_ACTIONS = { action: 'form.change' };

/** Called by the router with the node's props before the screen draws (registry `prefetch`). */
export async function prefetch(props: { form?: unknown }, rt: Pick<ReturnType<typeof useRuntime>, 'api' | 'preloadActions'>): Promise<void> {
  await Promise.all([
    typeof props.form === 'string' ? loadForm(rt, props.form) : undefined,
    rt.preloadActions?.(FORM_ACTIONS),
  ]);
}

/** The data with the context's values (undefined ones left out) written over it. */
export function withContext(data: Record<string, unknown>, context: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!context) return data;
  const defined = Object.entries(context).filter(([, v]) => v !== undefined);
  return defined.length ? { ...data, ...Object.fromEntries(defined) } : data;
}

function Form({ form: formId, submitLabel, blurFields, focusOnMount, context, emit, enabled }: FormProps & VocabularyProps) {
  const rt = useRuntime();
  const { ui, session } = useStores();
  const t = useT();
  // a form its screen prefetched draws in the first paint (no empty box that grows: layout shift)
  const [loaded, setLoaded] = useState<Loaded | null>(() => readyOf(rt.api).get(formId) ?? null);
  const doc = loaded?.doc ?? null;
  const [failed, setFailed] = useState(false);
  // after the first submit, validation while typing covers the whole form
  // (untracked: this observer must not draw again on every change of the form's store entry)
  const submittedRef = useRef<boolean>(untracked(() => ui.forms[formId]?.submitted ?? false));
  const setSubmitted = (v: boolean) => { submittedRef.current = v; };
  // validation while typing: the inputs the shopper changed (ids; a prefill or RJSF's own defaults touch nothing), the
  // pending timer, and whether a run is on (its onError is no submit)
  const touched = useRef(new Set<string>());
  const onUserInput = (e: { target: EventTarget }) => {
    const id = (e.target as HTMLElement).id;
    if (id) touched.current.add(id.replace(/-\d+$/, '')); // a radio / checkbox-list option "…-2" is its field
  };
  const typing = useRef(false);
  const typingReports = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const formRef = useRef<RjsfForm>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  // values typed but not yet taken by the form (widgets/templates.tsx): handed over before anything reads the data
  const fields = useMemo<FieldsContext>(() => ({ pending: new Map() }), []);
  // after a failed submit, a summary of the errors above the form (links to the fields); it follows the fixes
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [summaryFocus, setSummaryFocus] = useState(0);
  const showSummary = () => setTimeout(() => {
    const items = invalidFields(boxRef.current);
    setSummary(items);
    if (items.length >= SUMMARY_FOCUS_MIN) setSummaryFocus((n) => n + 1);
    else focusFirstInvalid(boxRef.current);
  }, 0);
  useEffect(() => {
    const el = summaryRef.current;
    if (!summaryFocus || !el) return;
    if (typeof el.scrollIntoView === 'function') el.scrollIntoView({ behavior: 'smooth', block: 'start' });
    el.focus({ preventScroll: true });
  }, [summaryFocus]);
  // While shown, the summary follows the errors the form draws (a field fixed or cleared by a keystroke, the pause's
  // validation, a server error, another language). It watches the page rather than this component's draws: a
  // keystroke draws RJSF alone (see `data` below), and this component only when the summary changes.
  const shown = summary.length > 0;
  useEffect(() => {
    const box = boxRef.current;
    if (!shown || !box || typeof MutationObserver === 'undefined') return;
    const follow = () => {
      const now = invalidFields(box);
      setSummary((cur) => (JSON.stringify(now) === JSON.stringify(cur) ? cur : now));
    };
    const watch = new MutationObserver(follow);
    watch.observe(box, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['class', 'aria-invalid'] });
    follow();
    return () => watch.disconnect();
  }, [shown]);
  const lang = session.lang;
  // What RJSF shows. The store is written on every change and read back only when something else wrote it. The
  // shopper's own keystrokes do not redraw this component: RJSF already holds what it reported, and a new `formData`
  // prop per key would make it derive its state a second time and draw the whole form twice. So `data` is one object
  // handed to RJSF as `formData` on every draw, and a keystroke writes what RJSF reported into it in place: when this
  // component draws for another reason (the form disabled while an action runs), RJSF finds the same `formData` as
  // before and keeps its state and errors (a new object there would be a change from outside: RJSF would clear the
  // errors of every field typed into since). Data from elsewhere (a prefill, a restored cart) is a new object, drawn.
  // `seen`: the store's data this form already holds (what it wrote there, or what it copied from there)
  const seen = useRef<unknown>(untracked(() => ui.forms[formId]?.data));
  // (the context joins after the first drawing, in the effect below: a page drawn on the server had none, and the
  // drawing that hydrates it must be the same)
  const data = useRef<Data>({ ...(seen.current ?? {}) as Data });
  const [, setDrawn] = useState(0);
  const redraw = () => setDrawn((n) => n + 1);
  const contextRef = useRef(context);
  contextRef.current = context;
  useEffect(() => reaction(
    () => ui.forms[formId]?.data,
    (d) => { if (d !== seen.current) { seen.current = d; data.current = withContext({ ...(d ?? {}) } as Data, contextRef.current); redraw(); } },
    { fireImmediately: true },
  ), [ui, formId]);
  // a context value changed (the cart now needs the contract data, or no longer): the form draws with it
  const contextKey = JSON.stringify(context ?? null);
  useEffect(() => {
    // a form without context has nothing to join (its data object stays the one RJSF holds)
    if (context === undefined) return undefined;
    // what was typed and not yet taken by the form goes in first, and the form's own data is the base: the new data
    // makes RJSF derive its state again from it, and anything it held that is not in it would be lost. In a task of
    // its own: this effect may run inside React's commit (a change that came with a discrete event, the cart answered
    // while a key was being handled), where flushTyped's flushSync cannot hand the typed value to RJSF — the new data
    // then lacked it and the field was emptied (an e-mail typed while the page hydrated and the cart arrived).
    const join = setTimeout(() => {
      flushTyped(fields);
      const own = (formRef.current?.state as { formData?: unknown } | undefined)?.formData;
      const next = withContext(own && typeof own === 'object' ? { ...data.current, ...(own as Data) } : data.current, contextRef.current);
      if (Object.keys(next).some((k) => next[k] !== data.current[k])) { data.current = next; redraw(); }
    }, 0);
    return () => clearTimeout(join);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [contextKey]);
  useEffect(() => { rt.preloadActions?.(FORM_ACTIONS).catch(() => undefined); }, [rt]);
  // errors only the server knows (a taken username), shown while the field keeps the refused value
  const [fieldErrors, setFieldErrors] = useState(() => untracked(() => ui.forms[formId]?.fieldErrors));
  useEffect(() => reaction(() => ui.forms[formId]?.fieldErrors, (f) => setFieldErrors(f)), [ui, formId]);
  // a refusal of a submit (ui.setFieldError with focus): once the field shows its error (RJSF draws extraErrors a
  // draw later), focus moves there and it scrolls into view — where the shopper looks, not a box or the page's top
  useEffect(() => reaction(() => ui.fieldFocus, (req) => {
    if (!req || req.formId !== formId) return;
    const id = fieldIdOf(formId, `.${req.field}`);
    let frames = 0;
    const attempt = () => {
      const el = document.getElementById(id);
      if (el && (el.getAttribute('aria-invalid') === 'true' || frames >= FIELD_FOCUS_FRAMES)) { focusField(el); return; }
      if (frames++ < FIELD_FOCUS_FRAMES) setTimeout(attempt, 16);
    };
    setTimeout(attempt, 0);
  }), [ui, formId]);
  const extraKeyOf = (d: Data) => JSON.stringify(extraErrorsOf(fieldErrors, d) ?? null);
  const extraKey = extraKeyOf(data.current);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const extraErrors = useMemo(() => extraErrorsOf(fieldErrors, data.current), [extraKey]);

  useEffect(() => {
    let alive = true;
    loadForm(rt, formId)
      .then((l) => { if (alive) setLoaded((cur) => (cur && cur.doc === l.doc && cur.fns === l.fns ? cur : l)); })
      .catch((e) => { console.error(`[Form] ${formId}`, e); if (alive) setFailed(true); });
    return () => { alive = false; };
  }, [rt, formId]);

  const validator = useMemo(
    () => (loaded
      ? scopedValidator(
        createFormValidator(loaded.fns, loaded.doc.schema, createLocalizer(t, loaded.doc.schema as Record<string, unknown>, loaded.doc.messages ?? {})),
        () => (typing.current && !submittedRef.current ? (property: string) => touched.current.has(fieldIdOf(formId, property)) : null),
      )
      : null),
    // a new language needs new messages
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [loaded, lang],
  );
  const uiSchema = useMemo(() => {
    if (!doc) return undefined;
    const u = (translateUiSchema(doc.uiSchema ?? {}, t) ?? {}) as UiSchema;
    return { ...u, 'ui:submitButtonOptions': submitLabel ? { submitText: submitLabel } : { norender: true } } as UiSchema;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc, lang, submitLabel]);

  // actions validate mounted forms through the ui store
  useEffect(() => {
    return ui.registerFormValidator(formId, () => {
      flushTyped(fields);
      clearTimeout(timer.current);
      setSubmitted(true);
      const ok = formRef.current ? formRef.current.validateForm() : true;
      if (!ok) showSummary();
      return ok;
    });
  }, [ui, formId, fields]);

  useEffect(() => {
    if (!focusOnMount || !doc || !focusLost()) return;
    boxRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
    // once, when the drawn form first appears
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusOnMount, Boolean(doc)]);

  // a control character typed or pasted into a field: refused there, as the server would (./plainText.ts)
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const controlCharacters = useMemo(() => controlCharacterValidator<Data>(t), [lang]);

  if (failed) return <p role="alert" className="sf-load-error">{t('error.loadFailed')}</p>;
  if (!doc || !validator) return <div className="sf-loading" aria-busy="true" />;

  /** The debounced validation while typing (never a submit: no summary, no focus move). */
  const validateTyped = () => {
    const form = formRef.current;
    if (!form) return;
    typing.current = true;
    typingReports.current += 1;
    try {
      if (form.validateForm()) typingReports.current -= 1; // valid: no onError will come
    } finally {
      typing.current = false;
    }
  };

  const onChange = (e: IChangeEvent<Data>, id?: string) => {
    const next = (e.formData ?? {}) as Data;
    clearTimeout(timer.current);
    timer.current = setTimeout(validateTyped, VALIDATION_DEBOUNCE_MS);
    seen.current = next;
    // A field still showing its error (after a failed submit) loses it on its first keystroke, as RJSF does when
    // handed the changed data: a new `formData` object, drawn. Any other keystroke is written into `data` in place.
    const showsError = id !== undefined && [...boxRef.current?.querySelectorAll('.sf-field--invalid') ?? []].some((f) => f.getAttribute('data-field') === id);
    if (showsError) {
      data.current = { ...next };
      redraw();
    } else {
      for (const k of Object.keys(data.current)) if (!(k in next)) delete data.current[k];
      Object.assign(data.current, next);
      if (extraKeyOf(next) !== extraKey) redraw();
    }
    void rt.dispatch({ action: 'form.change', args: { formId, data: { $bind: '/event/data' } } }, undefined, { formId, data: next });
    void emit('change', { formId, data: next });
  };

  return (
    <div ref={boxRef} className="sf-form" data-form={formId} onInputCapture={onUserInput} onChangeCapture={onUserInput} onSubmitCapture={() => flushTyped(fields)}>
      {summary.length > 0 && (
        <div ref={summaryRef} className="sf-summary" role="group" aria-labelledby={`f-${formId}-summary`} tabIndex={-1}>
          <p id={`f-${formId}-summary`} className="sf-summary__title">{t('form.errorSummary', { count: summary.length })}</p>
          <ul>
            {summary.map((e) => (
              <li key={e.id}>
                <a href={`#${e.id}`} onClick={(ev) => { ev.preventDefault(); document.getElementById(e.id)?.focus(); }}>
                  {e.label ? `${e.label}: ` : ''}{e.message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <RjsfForm<Data>
        ref={formRef}
        schema={doc.schema}
        uiSchema={uiSchema}
        formData={data.current}
        validator={validator}
        customValidate={controlCharacters}
        templates={templates}
        formContext={fields}
        widgets={widgets}
        idPrefix={`f-${formId}`}
        disabled={!enabled}
        noHtml5Validate
        showErrorList={false}
        focusOnFirstError={false}
        extraErrors={extraErrors}
        onChange={onChange}
        onBlur={(id: string, value: unknown) => {
          const field = id.startsWith(`f-${formId}_`) ? id.slice(`f-${formId}_`.length) : '';
          if (field && blurFields?.includes(field)) void emit('blur', { formId, field, value });
        }}
        onError={() => {
          if (typingReports.current > 0) { typingReports.current -= 1; return; } // a validation while typing, not a submit
          clearTimeout(timer.current);
          setSubmitted(true);
          showSummary();
        }}
        onSubmit={(e) => { clearTimeout(timer.current); setSubmitted(true); void emit('submit', { formId, data: (e.formData ?? {}) as Data }); }}
      />
    </div>
  );
}

export default observer(Form);
