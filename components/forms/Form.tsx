/**
 * The RJSF bridge: draws the form document /ui/forms/:id with @rjsf/core, validated by the AJV standalone code the
 * server compiled from it (/ui/forms/:id/validator.js, custom formats built in) through RJSF's precompiled-validator
 * path — no eval, so it runs under a CSP without 'unsafe-eval' — with our localizer.
 * Validation while typing is debounced (VALIDATION_DEBOUNCE_MS, seed 001 §9: 500 ms after the last keystroke; a
 * keystroke itself validates nothing): before the first submit it shows the errors of the fields the shopper changed,
 * after it those of the whole form. A submit (or an action's validateForms) validates everything at once; on failure
 * the first invalid field scrolls into view and gets focus. Data lives in ui.forms[formId].data (form.change) so
 * nothing is lost on navigation. A keystroke draws the form once (RJSF's own state; see useFormData in ./formHooks.ts):
 * this component does not draw again for it, and follows the store only when the data there changes from elsewhere (a
 * prefill, a fixture, a restored cart). The form registers a validate() with the ui store so actions (checkout.submitGuest) can
 * validate it. Lazy chunk (not an eager group).
 */
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { observer } from 'mobx-react-lite';
import RjsfForm from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { VocabularyProps } from '../../renderer/types';
import { useRuntime, useStores, useT } from '../../renderer/hooks';
import { controlCharacterValidator } from './plainText';
import { flushTyped, templates, widgets, type FieldsContext } from './widgets/templates';
import { errorSummary } from './errorSummary';
import { FORM_ACTIONS } from './formLoad';
import {
  useErrorSummary, useFieldFocusRequests, useFocusOnMount, useFormData, useFormValidator, useLoadedForm, useRegisteredValidation,
  useServerFieldErrors, useTypingValidation, useUiSchema, type Typing,
} from './formHooks';
import './forms.css';
import type { ComponentProps } from '../../schemas/types/components';

export { extraErrorsOf, fieldIdOf, focusFirstInvalid, invalidFields, scopedValidator, SUMMARY_FOCUS_MIN, type SummaryItem } from './formErrors';
export { prefetch, withContext, type FormDoc } from './formLoad';
export { VALIDATION_DEBOUNCE_MS } from './formHooks';

export type FormProps = ComponentProps['Form'];

type Data = Record<string, unknown>;

/** What a keystroke's change does (RJSF onChange): the pause's validation restarts, the data is kept (in place, or as
 *  new data drawn at once — see useFormData), and the store and the node's `change` event get it. */
function changeHandler(o: {
  formId: string; typing: Typing; seen: { current: unknown }; data: { current: Data }; redraw: () => void;
  boxRef: RefObject<HTMLDivElement | null>; extraKey: string; extraKeyOf: (d: Data) => string;
  rt: ReturnType<typeof useRuntime>; emit: VocabularyProps['emit'];
}) {
  const { formId, typing, seen, data, redraw, boxRef, extraKey, extraKeyOf, rt, emit } = o;
  return (e: IChangeEvent<Data>, id?: string) => {
    const next = (e.formData ?? {}) as Data;
    typing.schedule();
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
}

function Form({ form: formId, submitLabel, blurFields, focusOnMount, context, emit, enabled }: FormProps & VocabularyProps) {
  const rt = useRuntime();
  const { ui, session } = useStores();
  const t = useT();
  const formRef = useRef<RjsfForm>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  // (the hooks below run their effects in this order: keep it)
  const typing = useTypingValidation(ui, formId, formRef);
  // values typed but not yet taken by the form (widgets/templates.tsx): handed over before anything reads the data
  const fields = useMemo<FieldsContext>(() => ({ pending: new Map() }), []);
  const { summary, summaryRef, show: showSummary } = useErrorSummary(boxRef);
  const lang = session.lang;
  const { seen, data, redraw } = useFormData(ui, formId, context, fields, formRef);
  useEffect(() => { rt.preloadActions?.(FORM_ACTIONS).catch(() => undefined); }, [rt]);
  const { extraErrors, extraKey, extraKeyOf } = useServerFieldErrors(ui, formId, data.current);
  useFieldFocusRequests(ui, formId);
  const { loaded, failed } = useLoadedForm(rt, formId);
  const doc = loaded?.doc ?? null;
  const validator = useFormValidator(loaded, t, lang, typing.scope);
  const uiSchema = useUiSchema(doc, t, lang, submitLabel);
  useRegisteredValidation(ui, formId, fields, formRef, typing, showSummary);
  useFocusOnMount(focusOnMount, Boolean(doc), boxRef);
  // a control character typed or pasted into a field: refused there, as the server would (./plainText.ts)
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the language: t reads the session's current messages on each call, and its identity also changes with a same-language reload of the messages, which would only build the same validator again
  const controlCharacters = useMemo(() => controlCharacterValidator<Data>(t), [lang]);

  if (failed) return <p role="alert" className="sf-load-error">{t('error.loadFailed')}</p>;
  if (!doc || !validator) return <div className="sf-loading" aria-busy="true" />;

  return (
    <div ref={boxRef} className="sf-form" data-form={formId} onInputCapture={typing.onUserInput} onChangeCapture={typing.onUserInput} onSubmitCapture={() => flushTyped(fields)}>
      {errorSummary(formId, summary, summaryRef, t)}
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
        onChange={changeHandler({ formId, typing, seen, data, redraw, boxRef, extraKey, extraKeyOf, rt, emit })}
        onBlur={(id: string, value: unknown) => {
          const field = id.startsWith(`f-${formId}_`) ? id.slice(`f-${formId}_`.length) : '';
          if (field && blurFields?.includes(field)) void emit('blur', { formId, field, value });
        }}
        onError={() => {
          if (typing.takeTypingReport()) return; // a validation while typing, not a submit
          typing.submitted();
          showSummary();
        }}
        onSubmit={(e) => { typing.submitted(); void emit('submit', { formId, data: (e.formData ?? {}) as Data }); }}
      />
    </div>
  );
}

export default observer(Form);
