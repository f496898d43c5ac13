/**
 * The RJSF bridge: draws the form document /ui/forms/:id with @rjsf/core, validated by the AJV standalone code the
 * server compiled from it (/ui/forms/:id/validator.js, custom formats built in) through RJSF's precompiled-validator
 * path — no eval, so it runs under a CSP without 'unsafe-eval' — with our localizer.
 * Validation (seed 001 §5): a field's error shows when it loses focus or 500 ms after typing in it stops, never on
 * each key; before the first submit only the fields the shopper has been in are checked, after it every field. On a
 * failed submit the first invalid field scrolls into view and gets focus. Typing redraws only RJSF's own state; the
 * data reaches ui.forms (form.change) with that debounce, on blur, before any validation and on unmount. Data lives in ui.forms[formId].data (form.change) so nothing is lost on navigation. The form registers a
 * validate() with the ui store so actions (checkout.submitGuest) can validate it. Lazy chunk (not an eager group).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import RjsfForm from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import { deepEquals, toErrorSchema, type ErrorSchema, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { VocabularyProps } from '../../renderer/types';
import { useRuntime, useStores, useT } from '../../renderer/hooks';
import { createLocalizer } from './localizer';
import { createFormValidator, importValidatorFunctions, StaleValidatorError, validatorUrl } from './rjsfValidator';
import { translateUiSchema } from './uischema';
import { templates, widgets } from './widgets/templates';
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
}

type Data = Record<string, unknown>;

/** Scrolls the first invalid field of `root` into view and focuses it. */
/** Seed 001 §5 / §9: "Form input validation is debounced by 500 ms." */
export const VALIDATION_DEBOUNCE_MS = 500;

export function focusFirstInvalid(root: HTMLElement | null): void {
  if (!root) return;
  const el = root.querySelector<HTMLElement>('[aria-invalid="true"]') ?? root.querySelector<HTMLElement>('.sf-field--invalid input, .sf-field--invalid select, .sf-field--invalid textarea');
  if (!el) return;
  if (typeof el.scrollIntoView === 'function') el.scrollIntoView({ behavior: 'smooth', block: 'center' });
  el.focus({ preventScroll: true });
}

interface Loaded { doc: FormDoc; fns: ValidatorFunctions }

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
      return { doc: d, fns: await importValidatorFunctions(validatorUrl(formId, d.version, d.schema), d.schema) };
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

/** Called by the router with the node's props before the screen draws (registry `prefetch`). */
export async function prefetch(props: { form?: unknown }, rt: Pick<ReturnType<typeof useRuntime>, 'api'>): Promise<void> {
  if (typeof props.form === 'string') await loadForm(rt, props.form);
}

function Form({ form: formId, submitLabel, emit, enabled }: FormProps & VocabularyProps) {
  const rt = useRuntime();
  const { ui, session } = useStores();
  const t = useT();
  // a form its screen prefetched draws in the first paint (no empty box that grows: layout shift)
  const [loaded, setLoaded] = useState<Loaded | null>(() => readyOf(rt.api).get(formId) ?? null);
  const doc = loaded?.doc ?? null;
  const [failed, setFailed] = useState(false);
  const [submitted, setSubmitted] = useState(ui.forms[formId]?.submitted ?? false);
  const formRef = useRef<RjsfForm>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const lang = session.lang;

  useEffect(() => {
    let alive = true;
    loadForm(rt, formId)
      .then((l) => { if (alive) setLoaded((cur) => (cur && cur.doc === l.doc && cur.fns === l.fns ? cur : l)); })
      .catch((e) => { console.error(`[Form] ${formId}`, e); if (alive) setFailed(true); });
    return () => { alive = false; };
  }, [rt, formId]);

  const validator = useMemo(
    () => (loaded ? createFormValidator(loaded.fns, loaded.doc.schema, createLocalizer(t, loaded.doc.schema as Record<string, unknown>, loaded.doc.messages ?? {})) : null),
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

  // What typing changed and is not in the store yet (the store gets it debounced: no page-wide redraw per key).
  const pending = useRef<Data | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // ids of the fields whose errors may show before the first submit (left, or typed in and paused)
  const revealed = useRef(new Set<string>());
  const [shownErrors, setShownErrors] = useState<ErrorSchema<Data> | undefined>(undefined);
  const nativeSubmit = useRef(false);
  const idPrefix = `f-${formId}`;
  const live = useRef({ validator, doc, submitted, emit });
  live.current = { validator, doc, submitted, emit };

  // the data RJSF last reported: given back to it while the store holds the same, so it sees its own data (a
  // store copy would be a "new" formData that resets its state, errors included)
  const reported = useRef<Data | null>(null);
  const flush = useCallback(() => {
    const next = pending.current;
    if (!next) return;
    pending.current = null;
    reported.current = next;
    void rt.dispatch({ action: 'form.change', args: { formId, data: { $bind: '/event/data' } } }, undefined, { formId, data: next });
    void live.current.emit('change', { formId, data: next });
  }, [rt, formId]);

  /**
   * Checks the data now and shows the errors (RJSF's `extraErrors`, so they hold however RJSF re-derives its state
   * from the props): of every field after the first submit (or when `all`), else of the revealed ones. Returns
   * whether the whole form is valid.
   */
  const check = useCallback((all = false): boolean => {
    clearTimeout(timer.current);
    flush();
    const { validator: v, doc: d, submitted: after } = live.current;
    if (!v || !d) return true;
    const every = all || after;
    const data = (formRef.current?.state.formData ?? {}) as Data;
    const errors = v.validateFormData(data, d.schema).errors;
    const shown = every ? errors : errors.filter((e) => revealed.current.has(idPrefix + (e.property ?? '').replace(/\./g, '_')));
    setShownErrors((cur) => (shown.length === 0 ? undefined : !every && revealed.current.size === 0 ? cur : toErrorSchema<Data>(shown)));
    return errors.length === 0;
  }, [flush, idPrefix]);

  // nothing typed is lost when the form goes (navigation)
  useEffect(() => () => { clearTimeout(timer.current); flush(); }, [flush]);

  // actions validate mounted forms through the ui store
  useEffect(() => {
    return ui.registerFormValidator(formId, () => {
      setSubmitted(true);
      live.current.submitted = true;
      const ok = check(true);
      if (!ok) setTimeout(() => focusFirstInvalid(boxRef.current), 0);
      return ok;
    });
  }, [ui, formId, check]);

  if (failed) return <p role="alert" className="sf-load-error">{t('error.loadFailed')}</p>;
  if (!doc || !validator) return <div className="sf-loading" aria-busy="true" />;

  const stored = (ui.forms[formId]?.data ?? {}) as Data;
  const data = pending.current ?? (reported.current && deepEquals(reported.current, stored) ? reported.current : stored);
  const onChange = (e: IChangeEvent<Data>, id?: string) => {
    pending.current = (e.formData ?? {}) as Data;
    const field = id ?? (document.activeElement instanceof HTMLElement ? document.activeElement.id : '');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (field) revealed.current.add(field);
      check();
    }, VALIDATION_DEBOUNCE_MS);
  };
  const onBlur = (id: string) => {
    revealed.current.add(id);
    check();
  };

  return (
    <div ref={boxRef} className="sf-form" data-form={formId} onSubmitCapture={() => { nativeSubmit.current = true; live.current.submitted = true; check(true); }}>
      <RjsfForm<Data>
        ref={formRef}
        schema={doc.schema}
        uiSchema={uiSchema}
        formData={data}
        validator={validator}
        templates={templates}
        widgets={widgets}
        idPrefix={idPrefix}
        disabled={!enabled}
        noHtml5Validate
        showErrorList={false}
        extraErrors={shownErrors}
        focusOnFirstError={false}
        onChange={onChange}
        onBlur={onBlur}
        onError={() => {
          setSubmitted(true);
          // a submit of the form's own button (an action's validateForms focuses by itself)
          if (nativeSubmit.current) setTimeout(() => focusFirstInvalid(boxRef.current), 0);
          nativeSubmit.current = false;
        }}
        onSubmit={(e) => { nativeSubmit.current = false; setSubmitted(true); void emit('submit', { formId, data: (e.formData ?? {}) as Data }); }}
      />
    </div>
  );
}

export default observer(Form);
