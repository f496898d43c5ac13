import { makeAutoObservable } from 'mobx';
import type * as StateCheckout from '../../schemas/types/state.checkout';
import type { CheckoutStep, ConsentTemplate, OrderResult, OrderStatus } from './types';
import { emptyNumberState, type NumberState } from './numbers';
import { emptyDeliveryState, type DeliveryState } from './delivery';
import { emptySuggested, type SuggestedState } from './suggested';

/** The e-mail verification step: declared in schemas/state/checkout.json (the EmailVerification component draws it). */
export type VerificationState = StateCheckout.VerificationState;
export const emptyVerification = (): VerificationState => ({ email: null, expiresAt: null, error: null, verifiedEmail: null, sending: false });

export class CheckoutStore {
  checkoutType: string | null = null;
  steps: CheckoutStep[] = [];
  /** the offer page of the cart's flow (validateCart's backToOffer): Back from the first step, an emptied cart */
  backToOffer: string | null = null;
  currentStepCode: string | null = null;
  paymentModes: { code: string; name: string }[] = [];
  selectedPaymentMode: string | null = null;
  /** how a card may be given in this checkout (SAVED_CARD, NEW_CARD_SAVE, NEW_CARD) and the chosen one */
  cardPaymentTypes: { code: string; name: string }[] = [];
  selectedCardPaymentType: string | null = null;
  /** the customer's monthly bills (ChargeGroupAccount) as choices, and the chosen billingAccountId */
  ebills: { code: string; name: string; description?: string | null }[] = [];
  selectedBillingAccount: string | null = null;
  /** the customer's saved cards as choices (expired ones disabled), and the chosen card id */
  savedCards: { code: string; name: string; description?: string | null; disabled?: boolean; brand?: string | null }[] = [];
  selectedCardId: string | null = null;
  consentTemplates: ConsentTemplate[] = [];
  consents: Record<string, boolean> = {};
  /** set when required consents are missing on submit: the ids that must be confirmed */
  consentErrors: string[] = [];
  conflict = false;
  validationTrigger = 0;
  submitting = false;
  orderResult: OrderResult | null = null;
  confirmation: unknown = null;
  paymentResult: OrderStatus | null = null;
  /** a message (already localized) shown on the page, e.g. the card-limit error */
  errorMessage: string | null = null;
  /** the number choice of CONNECT_MSISDN (actions/numbers) */
  numbers: NumberState = emptyNumberState();
  /** the prepaid e-mail verification (VERIFICATION, actions/checkout/verification.ts) */
  verification: VerificationState = emptyVerification();
  /** the personal-data and delivery steps (actions/delivery) */
  delivery: DeliveryState = emptyDeliveryState();
  /** the extra-benefits step (SUGGESTED_PRODUCTS, actions/suggested) */
  suggested: SuggestedState = emptySuggested();

  /** Work in flight that decides the conflict flag (a removal during checkout and its re-validation, a cart
   *  validation): Next waits for it instead of acting on the flag as it was before (not observable). */
  private pending = new Set<Promise<unknown>>();

  constructor() { makeAutoObservable<this, 'pending'>(this, { pending: false, track: false, settled: false, busy: false }, { autoBind: true }); }

  /** Tracked work is in flight (a validation and the changes it makes to the cart: not observable). */
  busy(): boolean { return this.pending.size > 0; }

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
  /** the step being shown ({ code, url, eventName, … }): its eventName is the checkout-step analytics event */
  get currentStep(): CheckoutStep | null { return this.steps[this.currentIndex] ?? null; }

  setSteps(type: string | null, steps: CheckoutStep[]): void { this.checkoutType = type; this.steps = steps; }
  setBackToOffer(path: string | null): void { this.backToOffer = path; }
  setNumbers(patch: Partial<NumberState>): void { this.numbers = { ...this.numbers, ...patch }; }
  setVerification(patch: Partial<VerificationState>): void { this.verification = { ...this.verification, ...patch }; }
  setDelivery(patch: Partial<DeliveryState>): void { this.delivery = { ...this.delivery, ...patch }; }
  setSuggested(patch: Partial<SuggestedState>): void { this.suggested = { ...this.suggested, ...patch }; }
  setCurrentStep(code: string | null): void { this.currentStepCode = code; }
  setPaymentModes(m: { code: string; name: string }[]): void { this.paymentModes = m; }
  selectPaymentMode(code: string | null): void { this.selectedPaymentMode = code; }
  setCardPaymentTypes(t: { code: string; name: string }[]): void { this.cardPaymentTypes = t; }
  selectCardPaymentType(code: string | null): void { this.selectedCardPaymentType = code; }
  setEbills(b: CheckoutStore['ebills']): void { this.ebills = b; }
  selectBillingAccount(code: string | null): void { this.selectedBillingAccount = code; }
  setSavedCards(c: CheckoutStore['savedCards']): void { this.savedCards = c; }
  selectCard(code: string | null): void { this.selectedCardId = code; }
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
