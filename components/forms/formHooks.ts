/**
 * The Form's state and effects (./Form.tsx), one hook per concern. Form calls them in the order their effects must run
 * (the order they had in one function); none of them may become conditional.
 */
import { useEffect, useMemo, useReducer, useRef, useState, type RefObject } from 'react';
import { reaction, untracked } from 'mobx';
import type RjsfForm from '@rjsf/core';
import type { UiSchema } from '@rjsf/utils';
import type { UiStore } from '../../actions/stores';
import type { useRuntime, useT } from '../../renderer/hooks';
import { focusLost } from '../../renderer/focus';
import { createLocalizer } from './localizer';
import { createFormValidator } from './rjsfValidator';
import { translateUiSchema } from './uischema';
import { flushTyped, type FieldsContext } from './widgets/templates';
import { extraErrorsOf, fieldIdOf, FIELD_FOCUS_FRAMES, focusField, focusFirstInvalid, invalidFields, scopedValidator, SUMMARY_FOCUS_MIN, type SummaryItem } from './formErrors';
import { loadForm, readyOf, withContext, type FormDoc, type Loaded } from './formLoad';

type Data = Record<string, unknown>;
type Runtime = ReturnType<typeof useRuntime>;
type T = ReturnType<typeof useT>;

/** Seed 001 §9: input validation is debounced by 500 ms. */
export const VALIDATION_DEBOUNCE_MS = 500;

/** The validation while typing, as returned by useTypingValidation. */
export type Typing = ReturnType<typeof useTypingValidation>;

/**
 * Validation while typing: whether the form was submitted (after that it covers the whole form), the inputs the
 * shopper changed (ids; a prefill or RJSF's own defaults touch nothing), the pending timer, and whether a run is on
 * (its onError is no submit).
 */
export function useTypingValidation(ui: UiStore, formId: string, formRef: RefObject<RjsfForm | null>) {
  // (untracked: this observer must not draw again on every change of the form's store entry)
  const submittedRef = useRef<boolean>(untracked(() => ui.forms[formId]?.submitted ?? false));
  const touched = useRef(new Set<string>());
  const typing = useRef(false);
  const typingReports = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
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
  return {
    /** notes the input the shopper typed into or changed */
    onUserInput: (e: { target: EventTarget }) => {
      const id = (e.target as HTMLElement).id;
      if (id) touched.current.add(id.replace(/-\d+$/, '')); // a radio / checkbox-list option "…-2" is its field
    },
    /** a change: the validation waits for the pause after the last one */
    schedule: () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(validateTyped, VALIDATION_DEBOUNCE_MS);
    },
    /** a submit (or an attempt): nothing pending, and validation while typing covers the whole form from now on */
    submitted: () => {
      clearTimeout(timer.current);
      submittedRef.current = true;
    },
    /** whether an onError reports a validation while typing (not a submit); it is counted off */
    takeTypingReport: (): boolean => {
      if (typingReports.current <= 0) return false;
      typingReports.current -= 1;
      return true;
    },
    /** which errors a validation reports: while typing before the first submit, those of the changed fields only */
    scope: () => (typing.current && !submittedRef.current ? (property: string) => touched.current.has(fieldIdOf(formId, property)) : null),
  };
}

/** After a failed submit, a summary of the errors above the form (links to the fields); it follows the fixes. */
export function useErrorSummary(boxRef: RefObject<HTMLDivElement | null>) {
  const [summary, setSummary] = useState<SummaryItem[]>([]);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [summaryFocus, setSummaryFocus] = useState(0);
  const show = () => setTimeout(() => {
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
  // keystroke draws RJSF alone (see useFormData), and this component only when the summary changes.
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
  }, [shown, boxRef]);
  return { summary, summaryRef, show };
}

/**
 * What RJSF shows. The store is written on every change and read back only when something else wrote it. The
 * shopper's own keystrokes do not redraw the Form: RJSF already holds what it reported, and a new `formData` prop per
 * key would make it derive its state a second time and draw the whole form twice. So `data` is one object handed to
 * RJSF as `formData` on every draw, and a keystroke writes what RJSF reported into it in place: when the Form draws for
 * another reason (the form disabled while an action runs), RJSF finds the same `formData` as before and keeps its state
 * and errors (a new object there would be a change from outside: RJSF would clear the errors of every field typed into
 * since). Data from elsewhere (a prefill, a restored cart) is a new object, drawn.
 */
export function useFormData(ui: UiStore, formId: string, context: Record<string, unknown> | undefined, fields: FieldsContext, formRef: RefObject<RjsfForm | null>) {
  // `seen`: the store's data this form already holds (what it wrote there, or what it copied from there)
  const seen = useRef<unknown>(untracked(() => ui.forms[formId]?.data));
  // (the context joins after the first drawing, in the effect below: a page drawn on the server had none, and the
  // drawing that hydrates it must be the same)
  const data = useRef<Data>({ ...(seen.current ?? {}) as Data });
  // (a reducer's dispatch keeps its identity, as React and Biome know: the effects below need not list it)
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const contextRef = useRef(context);
  contextRef.current = context;
  useEffect(() => reaction(
    () => ui.forms[formId]?.data,
    (d) => { if (d !== seen.current) { seen.current = d; data.current = withContext({ ...(d ?? {}) } as Data, contextRef.current); redraw(); } },
    { fireImmediately: true },
  ), [ui, formId]);
  // a context value changed (the cart now needs the contract data, or no longer): the form draws with it
  const contextKey = JSON.stringify(context ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on contextKey (the context's JSON): `context` is a new object on each draw of the parent, so listing it would join and redraw after every draw; contextRef holds the latest context, and fields, formRef and redraw keep their identity
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
  }, [contextKey]);
  return { seen, data, redraw };
}

/** Errors only the server knows (a taken username), shown while the field keeps the refused value. */
export function useServerFieldErrors(ui: UiStore, formId: string, data: Data) {
  const [fieldErrors, setFieldErrors] = useState(() => untracked(() => ui.forms[formId]?.fieldErrors));
  useEffect(() => reaction(() => ui.forms[formId]?.fieldErrors, (f) => setFieldErrors(f)), [ui, formId]);
  const extraKeyOf = (d: Data) => JSON.stringify(extraErrorsOf(fieldErrors, d) ?? null);
  const extraKey = extraKeyOf(data);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on extraKey (the JSON of these very errors, from fieldErrors and data): `data` is written in place on each keystroke, so listing it would miss those changes, and the memo keeps one extraErrors object for RJSF while the errors stay the same
  const extraErrors = useMemo(() => extraErrorsOf(fieldErrors, data), [extraKey]);
  return { extraErrors, extraKey, extraKeyOf };
}

/** A refusal of a submit (ui.setFieldError with focus): once the field shows its error (RJSF draws extraErrors a draw
 *  later), focus moves there and it scrolls into view — where the shopper looks, not a box or the page's top. */
export function useFieldFocusRequests(ui: UiStore, formId: string): void {
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
}

/** The form's document and validator functions, or whether loading them failed. */
export function useLoadedForm(rt: Runtime, formId: string) {
  // a form its screen prefetched draws in the first paint (no empty box that grows: layout shift)
  const [loaded, setLoaded] = useState<Loaded | null>(() => readyOf(rt.api).get(formId) ?? null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    loadForm(rt, formId)
      .then((l) => { if (alive) setLoaded((cur) => (cur && cur.doc === l.doc && cur.fns === l.fns ? cur : l)); })
      .catch((e) => { console.error(`[Form] ${formId}`, e); if (alive) setFailed(true); });
    return () => { alive = false; };
  }, [rt, formId]);
  return { loaded, failed };
}

/** The RJSF validator of the loaded form in the current language, limited while typing (Typing.scope). */
export function useFormValidator(loaded: Loaded | null, t: T, lang: string, scope: Typing['scope']) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the language, not on t (t reads the session's current messages on each call) nor on scope (a new closure on each draw that reads refs): listing either would build a new validator for RJSF on every draw (scope) or on a same-language reload of the messages (t)
  return useMemo(
    () => (loaded
      ? scopedValidator(
        createFormValidator(loaded.fns, loaded.doc.schema, createLocalizer(t, loaded.doc.schema as Record<string, unknown>, loaded.doc.messages ?? {})),
        scope,
      )
      : null),
    // a new language needs new messages
    [loaded, lang],
  );
}

/** The document's uiSchema in the current language, with the submit button (or none). */
export function useUiSchema(doc: FormDoc | null, t: T, lang: string, submitLabel: string | undefined) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the language (a new language: new messages, translated again); t reads the session's current messages on each call, and its identity also changes with a same-language reload of the messages, which remounts the page body's forms anyway (renderer/live.ts)
  return useMemo(() => {
    if (!doc) return undefined;
    const u = (translateUiSchema(doc.uiSchema ?? {}, t) ?? {}) as UiSchema;
    return { ...u, 'ui:submitButtonOptions': submitLabel ? { submitText: submitLabel } : { norender: true } } as UiSchema;
  }, [doc, lang, submitLabel]);
}

/** Actions validate mounted forms through the ui store (a failure shows the summary, as a submit would). */
export function useRegisteredValidation(ui: UiStore, formId: string, fields: FieldsContext, formRef: RefObject<RjsfForm | null>, typing: Typing, showSummary: () => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: registered once per form: typing.submitted and showSummary are new closures on each draw (they only touch refs and state setters), so listing them would unregister and register the validator on every draw; formRef is a ref object, read when an action validates
  useEffect(() => {
    return ui.registerFormValidator(formId, () => {
      flushTyped(fields);
      typing.submitted();
      const ok = formRef.current ? formRef.current.validateForm() : true;
      if (!ok) showSummary();
      return ok;
    });
  }, [ui, formId, fields]);
}

/** With `focusOnMount`, the first field takes focus when the drawn form first appears after focus fell to the page. */
export function useFocusOnMount(focusOnMount: boolean | undefined, drawn: boolean, boxRef: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    if (!focusOnMount || !drawn || !focusLost()) return;
    boxRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
    // once, when the drawn form first appears (boxRef is a ref object: it never changes)
  }, [focusOnMount, drawn, boxRef]);
}
