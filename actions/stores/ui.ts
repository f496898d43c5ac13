import { makeAutoObservable, observableShallow } from 'mobx';
import type { MessageParams } from './i18n';

export type ToastKind = 'info' | 'success' | 'error';
/** A toast shows `text` (already localized, e.g. a server message) or the message `message` with `params`. */
export interface Toast {
  id: number; kind: ToastKind; text?: string; message?: string; params?: MessageParams;
  /** a "Pokušaj ponovo" button in the toast runs this (a lazy part that failed to load is loaded again) */
  retry?: () => void;
}
export interface ModalEntry { id: string; params: Record<string, unknown> }
/**
 * A field error only the server knows (a taken username, an e-mail in use): shown under the field while the field
 * still holds `value` (typing something else hides it).
 */
export interface FieldError { message: string; value: unknown }
export interface FormState { data: Record<string, unknown>; errors: unknown[]; submitted: boolean; fieldErrors?: Record<string, FieldError> }
/** A request that a form move focus to one of its fields (by dotted path) once its error is drawn: a server refusal. */
export interface FieldFocus { formId: string; field: string; seq: number }

/** The value at a dotted path ("deliveryAddress.postalCode") of form data. */
export function valueAtPath(data: Record<string, unknown> | undefined, path: string): unknown {
  let v: unknown = data;
  for (const k of path.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  return v;
}
/** Registered by a mounted Form: validates and (when invalid) scrolls the first invalid field into view. */
export type FormValidator = () => boolean;

/** The shopper's cookie choice (seed 001 §9): necessary cookies always; analytics and marketing only when allowed. */
export interface CookieConsent { decided: boolean; analytics: boolean; marketing: boolean }

export const TOAST_MS = 5000;
export const ERROR_TOAST_MS = 10000;
export const LOADER_DELAY_MS = 250;

export class UiStore {
  toasts: Toast[] = [];
  modals: ModalEntry[] = [];
  loader = { inFlight: 0, visible: false };
  forms: Record<string, FormState> = {};
  /** the field a form is asked to focus (setFieldError with focus); the mounted form of formId does it */
  fieldFocus: FieldFocus | null = null;
  viewport = { width: 1280 };
  /** until `decided`, the banner shows and nothing is pushed to the data layer */
  consent: CookieConsent = { decided: false, analytics: false, marketing: false };
  private nextId = 1;
  private loaderTimer: ReturnType<typeof setTimeout> | null = null;
  private validators = new Map<string, FormValidator>();

  constructor() {
    // forms: shallow, each entry replaced whole on a change, so the data stays a plain object (a keystroke does not
    // copy the whole form into observables); readers of ui.forms[id] are told when its entry is replaced.
    makeAutoObservable<UiStore, 'nextId' | 'loaderTimer' | 'validators'>(this, { nextId: false, loaderTimer: false, validators: false, forms: observableShallow }, { autoBind: true });
  }

  // toasts
  /** `ms` overrides the default time (5 s, errors 10 s), e.g. the cart notification's configured timeout. */
  /**
   * Shows a toast for its time (errors 10 s, others 5 s). A toast that says the same as one already shown
   * replaces it (its time starts again) instead of stacking: several answers of one action
   * (e.g. a bundle, its insurance and an accessory) say "added to cart" once.
   */
  showToast(t: Omit<Toast, 'id'> & { ms?: number }): number {
    const { ms, ...toast } = t;
    const same = (x: Toast) => x.kind === toast.kind && x.text === toast.text && x.message === toast.message && JSON.stringify(x.params) === JSON.stringify(toast.params);
    this.toasts = this.toasts.filter((x) => !same(x));
    const id = this.nextId++;
    this.toasts.push({ ...toast, id });
    setTimeout(() => this.dismissToast(id), ms ?? (t.kind === 'error' ? ERROR_TOAST_MS : TOAST_MS));
    return id;
  }
  dismissToast(id: number): void { this.toasts = this.toasts.filter((t) => t.id !== id); }

  // modals
  openModal(id: string, params: Record<string, unknown> = {}): void { this.modals.push({ id, params }); }
  closeModal(id?: string): void {
    if (id === undefined) this.modals.pop();
    else {
      const i = this.modals.map((m) => m.id).lastIndexOf(id);
      if (i >= 0) this.modals.splice(i, 1);
    }
  }
  get topModal(): ModalEntry | undefined { return this.modals[this.modals.length - 1]; }

  // loader
  requestStarted(): void {
    this.loader.inFlight++;
    if (this.loaderTimer === null) this.loaderTimer = setTimeout(() => this.showLoaderIfBusy(), LOADER_DELAY_MS);
  }
  requestEnded(): void {
    this.loader.inFlight = Math.max(0, this.loader.inFlight - 1);
    if (this.loader.inFlight === 0) {
      this.loader.visible = false;
      if (this.loaderTimer !== null) { clearTimeout(this.loaderTimer); this.loaderTimer = null; }
    }
  }
  showLoaderIfBusy(): void {
    this.loaderTimer = null;
    this.loader.visible = this.loader.inFlight > 0;
  }

  // forms
  setFormData(formId: string, data: Record<string, unknown>): void {
    const cur = this.forms[formId];
    this.forms[formId] = { data, errors: cur?.errors ?? [], submitted: cur?.submitted ?? false, ...(cur?.fieldErrors ? { fieldErrors: cur.fieldErrors } : {}) };
  }
  /**
   * Sets (message) or clears (null) the server's error of a field (a dotted path for a nested one, e.g.
   * "deliveryAddress.postalCode"); it holds for the field's current value. `focus`: the form moves focus to the field
   * and scrolls it into view once the error is drawn (a refusal of a submit; not a check while typing).
   */
  setFieldError(formId: string, field: string, message: string | null, opts: { focus?: boolean } = {}): void {
    const cur = this.forms[formId] ?? { data: {}, errors: [], submitted: false };
    const fieldErrors = { ...(cur.fieldErrors ?? {}) };
    if (message === null) delete fieldErrors[field];
    else fieldErrors[field] = { message, value: valueAtPath(cur.data, field) };
    this.forms[formId] = { ...cur, fieldErrors };
    if (message !== null && opts.focus) this.fieldFocus = { formId, field, seq: (this.fieldFocus?.seq ?? 0) + 1 };
  }
  /** Clears every server error of a form (its data was accepted). */
  clearFieldErrors(formId: string): void {
    const cur = this.forms[formId];
    if (!cur?.fieldErrors) return;
    const { fieldErrors: _gone, ...rest } = cur;
    this.forms[formId] = rest;
  }
  setFormErrors(formId: string, errors: unknown[], submitted = true): void {
    const cur = this.forms[formId];
    this.forms[formId] = { data: cur?.data ?? {}, errors, submitted, ...(cur?.fieldErrors ? { fieldErrors: cur.fieldErrors } : {}) };
  }
  registerFormValidator(formId: string, v: FormValidator): () => void {
    this.validators.set(formId, v);
    return () => { if (this.validators.get(formId) === v) this.validators.delete(formId); };
  }
  /** Runs the validators of the given (default: all mounted) forms; the first invalid one scrolls itself into view. */
  validateForms(ids?: string[]): boolean {
    let ok = true;
    for (const [id, v] of this.validators) {
      if (ids && !ids.includes(id)) continue;
      if (!v()) ok = false;
      if (!ok) break;
    }
    return ok;
  }
  hasFormValidator(formId: string): boolean { return this.validators.has(formId); }

  setViewportWidth(width: number): void { this.viewport.width = width; }

  setConsent(c: CookieConsent): void { this.consent = c; }
}
