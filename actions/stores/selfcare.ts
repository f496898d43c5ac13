import { makeAutoObservable } from 'mobx';
import type * as ApiSelfcare from '../../schemas/types/api.selfcare';

/** The payloads the self-care pages show: the generated shapes of schemas/api/selfcare.json. */
export type TopUpStatus = ApiSelfcare.TopUpStatusResponse;
export type BillView = ApiSelfcare.Bill;
export type BillStatus = ApiSelfcare.BillStatusResponse;
/** A shop (Store) in the shopper's language. */
export type StoreInfo = ApiSelfcare.Store;

/** Self-care state (seed 001 §2 top-up, bill payment, prepaid registration, do-not-call): written only by actions/selfcare. */
export class SelfcareStore {
  /** the top-up status page's transaction (null while loading) */
  topUpStatus: TopUpStatus | null = null;
  /** 'pending' | 'approved' | 'failed' | 'unknown' — what the status page shows */
  topUpOutcome: 'pending' | 'approved' | 'failed' | 'unknown' = 'pending';
  /** a message (already localized) shown on a self-care form, e.g. "only prepaid numbers" */
  topUpError: string | null = null;
  submitting = false;

  /** the bill found on /placanje-racuna and its payment session */
  bill: BillView | null = null;
  billSessionId: string | null = null;
  /** an outcome that stops the payment (seed 001 §4): title and the server's message */
  billError: { reason: string; title: string; text: string } | null = null;
  billStatus: BillStatus | null = null;
  billOutcome: 'pending' | 'approved' | 'failed' | 'unknown' = 'pending';

  /** prepaid registration: the checked number, its deadline (formatted), free video slots, the chosen one, the result */
  prepaid: { msisdn: string; deadline: string; deadlineText: string } | null = null;
  prepaidSlots: string[] = [];
  prepaidSlot: string | null = null;
  prepaidError: string | null = null;
  prepaidResult: { msisdn: string; videoSlotText: string } | null = null;

  /** the shops of "Kako do nas" (GET /stores), in the shopper's language; null while loading */
  stores: StoreInfo[] | null = null;
  storesError = false;

  /** the do-not-call register: which step the page shows, the request being confirmed, the result */
  dontCallStep: 'number' | 'code' | 'done' = 'number';
  dontCallRequest: { kind: 'MSISDN' | 'HOMELINE'; action: 'ADD' | 'REMOVE'; number: string; sentText: string } | null = null;
  dontCallError: string | null = null;
  dontCallResult: { message: string; effectiveFrom: string | null; effectiveTo: string | null; action: 'ADD' | 'REMOVE' } | null = null;

  /** the contact form's acknowledgement (ticket and text), null until sent */
  contactResult: { ticket: string; message: string } | null = null;
  contactError: string | null = null;

  constructor() { makeAutoObservable(this, {}, { autoBind: true }); }

  setStores(list: StoreInfo[] | null, failed = false): void { this.stores = list; this.storesError = failed; }
  setDontCallStep(step: SelfcareStore['dontCallStep']): void { this.dontCallStep = step; }
  setDontCallRequest(r: SelfcareStore['dontCallRequest']): void { this.dontCallRequest = r; }
  setDontCallError(message: string | null): void { this.dontCallError = message; }
  setDontCallResult(r: SelfcareStore['dontCallResult']): void { this.dontCallResult = r; }
  setContactResult(r: SelfcareStore['contactResult']): void { this.contactResult = r; }
  setContactError(message: string | null): void { this.contactError = message; }

  setPrepaid(p: SelfcareStore['prepaid'], slots: string[] = []): void { this.prepaid = p; this.prepaidSlots = slots; this.prepaidSlot = null; }
  setPrepaidSlot(slot: string | null): void { this.prepaidSlot = slot; }
  setPrepaidSlots(slots: string[]): void { this.prepaidSlots = slots; if (this.prepaidSlot && !slots.includes(this.prepaidSlot)) this.prepaidSlot = null; }
  setPrepaidError(message: string | null): void { this.prepaidError = message; }
  setPrepaidResult(r: SelfcareStore['prepaidResult']): void { this.prepaidResult = r; }

  setTopUpStatus(s: TopUpStatus | null): void {
    this.topUpStatus = s;
    this.topUpOutcome = !s ? 'pending' : s.status === 'APPROVED' ? 'approved' : s.status === 'PENDING' ? 'pending' : 'failed';
  }
  setTopUpUnknown(): void { this.topUpStatus = null; this.topUpOutcome = 'unknown'; }
  setTopUpError(message: string | null): void { this.topUpError = message; }
  setSubmitting(v: boolean): void { this.submitting = v; }

  setBill(bill: BillView | null, sessionId: string | null = null): void { this.bill = bill; this.billSessionId = bill ? sessionId : null; }
  setBillError(e: { reason: string; title: string; text: string } | null): void { this.billError = e; }
  setBillStatus(s: BillStatus | null): void {
    this.billStatus = s;
    this.billOutcome = !s ? 'pending' : s.status === 'APPROVED' ? 'approved' : s.status === 'PENDING' ? 'pending' : 'failed';
  }
  setBillUnknown(): void { this.billStatus = null; this.billOutcome = 'unknown'; }
}
