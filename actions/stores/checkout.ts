import { makeAutoObservable } from 'mobx';
import type { CheckoutStep, ConsentTemplate, OrderResult } from './types';
import { emptyNumberState, type NumberState } from './numbers';
import { emptyDeliveryState, type DeliveryState } from './delivery';

export class CheckoutStore {
  checkoutType: string | null = null;
  steps: CheckoutStep[] = [];
  /** the offer page of the cart's flow (validateCart's backToOffer): Back from the first step, an emptied cart */
  backToOffer: string | null = null;
  currentStepCode: string | null = null;
  paymentModes: { code: string; name: string }[] = [];
  selectedPaymentMode: string | null = null;
  consentTemplates: ConsentTemplate[] = [];
  consents: Record<string, boolean> = {};
  /** set when required consents are missing on submit: the ids that must be confirmed */
  consentErrors: string[] = [];
  conflict = false;
  validationTrigger = 0;
  submitting = false;
  orderResult: OrderResult | null = null;
  confirmation: unknown = null;
  paymentResult: { code: string; status: string; paymentStatus: string; errorType: string | null; message: string | null } | null = null;
  /** a message (already localized) shown on the page, e.g. the card-limit error */
  errorMessage: string | null = null;
  /** the number choice of CONNECT_MSISDN (actions/numbers) */
  numbers: NumberState = emptyNumberState();
  /** the personal-data and delivery steps (actions/delivery) */
  delivery: DeliveryState = emptyDeliveryState();

  /** Work in flight that decides the conflict flag (a removal during checkout and its re-validation, a cart
   *  validation): Next waits for it instead of acting on the flag as it was before (not observable). */
  private pending = new Set<Promise<unknown>>();

  constructor() { makeAutoObservable<this, 'pending'>(this, { pending: false, track: false, settled: false }, { autoBind: true }); }

  /** Registers work Next must wait for; answers the same promise. */
  track<T>(p: Promise<T>): Promise<T> {
    this.pending.add(p);
    const done = () => { this.pending.delete(p); };
    p.then(done, done);
    return p;
  }

  /** Resolves once no tracked work is in flight (work started meanwhile is waited for too); never rejects. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  get visibleSteps(): CheckoutStep[] { return this.steps.filter((s) => !s.hidden); }
  get currentIndex(): number { return this.steps.findIndex((s) => s.code === this.currentStepCode); }

  setSteps(type: string | null, steps: CheckoutStep[]): void { this.checkoutType = type; this.steps = steps; }
  setBackToOffer(path: string | null): void { this.backToOffer = path; }
  setNumbers(patch: Partial<NumberState>): void { this.numbers = { ...this.numbers, ...patch }; }
  setDelivery(patch: Partial<DeliveryState>): void { this.delivery = { ...this.delivery, ...patch }; }
  setCurrentStep(code: string | null): void { this.currentStepCode = code; }
  setPaymentModes(m: { code: string; name: string }[]): void { this.paymentModes = m; }
  selectPaymentMode(code: string | null): void { this.selectedPaymentMode = code; }
  setConsentTemplates(t: ConsentTemplate[]): void {
    this.consentTemplates = t;
    // non-required consents start unchecked (seed 000 §5); required ones too, until confirmed — unless the server
    // says they were given for the failed order whose cart "Pokušaj ponovo" reopened (`given`)
    const c: Record<string, boolean> = {};
    for (const tpl of t) c[tpl.id] = this.consents[tpl.id] ?? tpl.given === true;
    this.consents = c;
  }
  setConsent(id: string, value: boolean): void {
    this.consents[id] = value;
    if (value) this.consentErrors = this.consentErrors.filter((x) => x !== id);
  }
  setConsentErrors(ids: string[]): void { this.consentErrors = ids; }
  setConflict(v: boolean): void { this.conflict = v; }
  triggerValidation(): void { this.validationTrigger++; }
  setSubmitting(v: boolean): void { this.submitting = v; }
  setOrderResult(r: OrderResult | null): void { this.orderResult = r; }
  setConfirmation(c: unknown): void { this.confirmation = c; }
  setPaymentResult(r: CheckoutStore['paymentResult']): void { this.paymentResult = r; }
  setErrorMessage(m: string | null): void { this.errorMessage = m; }
}
