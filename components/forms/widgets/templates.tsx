/** Our RJSF templates and widgets: label above the input, error text below, red border when invalid. */
import { startTransition, useEffect, useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import { flushSync } from 'react-dom';

/** `ui:autofocus`: focus the field when it mounts. The autofocus attribute alone acts only on a document's first
 * load (Preact sets just the attribute), not when a screen is drawn after a client-side route change. */
function useAutoFocus<T extends HTMLElement>(on: boolean | undefined) {
  const ref = useRef<T>(null);
  useEffect(() => { if (on) ref.current?.focus(); }, [on]);
  return ref;
}
import {
  ariaDescribedByIds, errorId, getInputProps, helpId, descriptionId,
  type BaseInputTemplateProps, type FieldTemplateProps, type FieldErrorProps, type FieldHelpProps, type DescriptionFieldProps,
  type ObjectFieldTemplateProps, type SubmitButtonProps, type WidgetProps, type TemplatesType, type RegistryWidgetsType,
  getSubmitButtonOptions,
} from '@rjsf/utils';

export function FieldTemplate(p: FieldTemplateProps) {
  const { id, label, required, displayLabel, rawErrors, errors, help, description, children, hidden, classNames } = p;
  if (hidden) return <div className="sf-hidden">{children}</div>;
  const invalid = (rawErrors?.length ?? 0) > 0;
  return (
    <div className={`sf-field${invalid ? ' sf-field--invalid' : ''}${classNames ? ` ${classNames}` : ''}`} data-field={id}>
      {displayLabel && label ? (
        <label className="sf-label" htmlFor={id}>
          {label}
          {required ? <span className="sf-required" aria-hidden="true"> *</span> : null}
        </label>
      ) : null}
      {displayLabel && description ? description : null}
      {children}
      {errors}
      {help}
    </div>
  );
}

export function FieldErrorTemplate({ errors, fieldPathId }: FieldErrorProps) {
  if (!errors || errors.length === 0) return null;
  const id = errorId(fieldPathId);
  return (
    <div id={id} className="sf-error" role="alert">
      {errors.filter((e) => typeof e === 'string' && e).slice(0, 1).map((e, i) => <p key={i}>{e as string}</p>)}
    </div>
  );
}

export function FieldHelpTemplate({ help, fieldPathId }: FieldHelpProps) {
  if (!help) return null;
  return <p id={helpId(fieldPathId)} className="sf-help">{help}</p>;
}

export function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  if (!description) return null;
  return <p id={id} className="sf-description">{description}</p>;
}

export function TitleFieldTemplate({ id, title }: { id: string; title: string }) {
  return title ? <h3 id={id} className="sf-title">{title}</h3> : null;
}

export function ObjectFieldTemplate({ title, description, properties, fieldPathId }: ObjectFieldTemplateProps) {
  const isRoot = fieldPathId.$id === 'root' || fieldPathId.path.length === 0;
  return (
    <fieldset className={isRoot ? 'sf-object sf-object--root' : 'sf-object'} id={fieldPathId.$id}>
      {!isRoot && title ? <legend className="sf-legend">{title}</legend> : null}
      {!isRoot && description ? <p id={descriptionId(fieldPathId)} className="sf-description">{description}</p> : null}
      <div className="sf-grid">
        {properties.filter((pr) => !pr.hidden).map((pr) => <div key={pr.name} className="sf-cell">{pr.content}</div>)}
      </div>
    </fieldset>
  );
}

/** What the shop's Form hands its fields (RJSF `formContext`): the typed values not yet handed to the form. */
export interface FieldsContext { pending: Map<string, () => void> }

/** Hands every typed value not yet handed over to the form, at once (before a validation, a submit, a blur). */
export function flushTyped(ctx: FieldsContext): void {
  if (ctx.pending.size === 0) return;
  const all = [...ctx.pending.values()];
  ctx.pending.clear();
  flushSync(() => { for (const f of all) f(); });
}

export function BaseInputTemplate(p: BaseInputTemplateProps) {
  const { id, htmlName, value, readonly, disabled, autofocus, onBlur, onFocus, onChange, onChangeOverride, options, schema, type, placeholder, rawErrors, required } = p;
  const inputProps = getInputProps(schema, type, options);
  const invalid = (rawErrors?.length ?? 0) > 0;
  const fields = (p.registry?.formContext as Partial<FieldsContext> | undefined)?.pending ? p.registry.formContext as FieldsContext : null;
  // A key redraws this field at once with what was typed; the form (RJSF works the whole form out again on each change,
  // tens of milliseconds on a slow phone) takes the value in a transition, after the key. Whatever reads the form's
  // data first hands the pending values over (flushTyped: the Form's validation and submit, this field's blur).
  const [typed, setTyped] = useState<string | null>(null);
  const sent = useRef<unknown>(undefined);
  const [shown, setShown] = useState<unknown>(value);
  if (value !== shown) {
    setShown(value);
    // the form's value moved by itself (an action filled or cleared the field): it is shown, not what was typed
    if (value !== sent.current) setTyped(null);
  }
  useEffect(() => { if (fields && value === sent.current) fields.pending.delete(id); }, [fields, id, value]);
  const handle = ({ target: { value: v } }: ChangeEvent<HTMLInputElement>) => {
    const next = v === '' ? options.emptyValue : v;
    if (!fields) { onChange(next); return; }
    sent.current = next;
    setTyped(v);
    const hand = () => onChange(next);
    fields.pending.set(id, hand);
    startTransition(hand);
  };
  const blur = (e: FocusEvent<HTMLInputElement>) => {
    if (fields) flushTyped(fields);
    onBlur(id, e.target.value);
  };
  const autoComplete = typeof options.autocomplete === 'string' ? options.autocomplete : undefined;
  const ref = useAutoFocus<HTMLInputElement>(autofocus);
  return (
    <input
      ref={ref}
      id={id}
      name={htmlName ?? id}
      className={`sf-input${invalid ? ' sf-input--invalid' : ''}`}
      readOnly={readonly}
      disabled={disabled}
      placeholder={placeholder}
      required={required}
      aria-required={required || undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={ariaDescribedByIds(id)}
      autoComplete={autoComplete}
      value={typed ?? (value === undefined || value === null ? '' : String(value))}
      {...inputProps}
      onChange={onChangeOverride ?? handle}
      onBlur={blur}
      onFocus={(e: FocusEvent<HTMLInputElement>) => onFocus(id, e.target.value)}
    />
  );
}

export function CheckboxWidget(p: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, label, onChange, onBlur, onFocus, rawErrors, required, autofocus } = p;
  const invalid = (rawErrors?.length ?? 0) > 0;
  const ref = useAutoFocus<HTMLInputElement>(autofocus);
  return (
    <label className={`sf-checkbox${invalid ? ' sf-checkbox--invalid' : ''}`} htmlFor={id}>
      <input
        type="checkbox"
        id={id}
        name={htmlName ?? id}
        ref={ref}
        checked={value === true}
        disabled={disabled || readonly}
        aria-invalid={invalid || undefined}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(e) => onChange(e.target.checked)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      <span>{label}{required ? <span className="sf-required" aria-hidden="true"> *</span> : null}</span>
    </label>
  );
}

export function SubmitButton({ uiSchema }: SubmitButtonProps) {
  const { submitText, norender, props } = getSubmitButtonOptions(uiSchema);
  if (norender) return null;
  return (
    <div className="sf-actions">
      <button type="submit" className="sf-submit" {...props}>{submitText}</button>
    </div>
  );
}

export function ErrorListTemplate() {
  return null; // errors are shown under each field
}

export const templates: Partial<TemplatesType> = {
  FieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  DescriptionFieldTemplate,
  TitleFieldTemplate: TitleFieldTemplate as TemplatesType['TitleFieldTemplate'],
  ObjectFieldTemplate,
  BaseInputTemplate,
  ErrorListTemplate,
  ButtonTemplates: { SubmitButton } as TemplatesType['ButtonTemplates'],
};

export const widgets: RegistryWidgetsType = { CheckboxWidget };
