/**
 * The Form's errors as the page shows them (./Form.tsx): which input an error belongs to, the validator limited to the
 * fields the shopper changed, the server-known field errors, the error summary's lines and the focus move to a field.
 */
import { toErrorSchema, type ErrorSchema, type ValidatorType } from '@rjsf/utils';
import { valueAtPath } from '../../actions/stores/ui';

/** Scrolls the first invalid field of `root` into view and focuses it. */
export function focusFirstInvalid(root: HTMLElement | null): void {
  if (!root) return;
  const el = root.querySelector<HTMLElement>('[aria-invalid="true"]') ?? root.querySelector<HTMLElement>('.sf-field--invalid input, .sf-field--invalid select, .sf-field--invalid textarea');
  if (!el) return;
  focusField(el);
}

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
export function focusField(el: HTMLElement): void {
  if (typeof el.scrollIntoView === 'function') el.scrollIntoView({ behavior: 'smooth', block: 'center' });
  el.focus({ preventScroll: true });
}

/** How many frames (16 ms) a form waits for a refused field's error to be drawn before it focuses the field anyway. */
export const FIELD_FOCUS_FRAMES = 20;

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
