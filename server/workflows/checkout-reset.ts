// Workflow: the checkout reset (seed 000 §7 "POST cart reset. The body is checkoutStep."; seed 001 §4 "cart reset"
// among the loads after the token fetch). The progress of the session's checkout is reset from the given step on: what
// that step and every later step of the cart's flow chose (each step's `clears` in schemas/flows/) is cleared, so the
// step guard (each step's doneWhen) sends the shopper through those steps again. Spans cart (the open cart, locked
// first, and its checkout fields), numbers (the held number), home (the home-line setup), payment (the saved card or
// monthly bill chosen) and flows (the cart's flow) — one transaction, so two resets at once run one after the other.
import type { Db } from '../db/index';
import { badInput } from '../lib/errors';
import type { UiDocuments } from '../ui/index';
import { cartSignedIn, checkoutTypeOf, dropCustomerInfoFields, entriesOf, loadEntryProducts, lockOpenCart, setCheckoutFields, type CheckoutFields } from '../cart/index';
import { flowOf } from '../flows/index';
import { releaseCartNumber } from '../numbers/index';
import { releaseHomeSetup } from '../home/index';
import { setPaymentChoice } from '../payment/index';
import { syncNumberCharge } from './cart-numbers';

/** What was cleared (the steps reset and the parts of the checkout state), for tests and logs. */
export interface ResetResult { steps: string[]; cleared: string[] }

export async function resetCheckout(db: Db, ui: UiDocuments, sessionId: string, stepCode: string): Promise<ResetResult> {
  return db.transaction(async (tx) => {
    const cart = await lockOpenCart(tx, sessionId);
    const entries = await entriesOf(tx, cart.id);
    const unknown = () => badInput('error.checkout.unknownStep', { code: stepCode }, 'checkoutStep', 'unknownStep');
    if (entries.length === 0) throw unknown();
    const type = checkoutTypeOf(ui, await cartSignedIn(tx, cart), entries, await loadEntryProducts(tx, entries));
    const steps = flowOf(ui, type).steps;
    const from = steps.findIndex((s) => s.code === stepCode);
    if (from < 0) throw unknown();
    const reset = steps.slice(from);
    const cleared = [...new Set(reset.flatMap((s) => s.clears ?? []))];
    const fields: CheckoutFields = {};
    const infoFields: string[] = [];
    for (const part of cleared) {
      if (part === 'orderCustomerInfo') fields.orderCustomerInfo = null;
      else if (part.startsWith('orderCustomerInfo.')) infoFields.push(part.slice('orderCustomerInfo.'.length));
      else if (part === 'deliveryAddress') fields.deliveryAddress = null;
      else if (part === 'deliveryTimeSlot') fields.deliveryTimeSlot = null;
      else if (part === 'payment') { fields.paymentMode = null; fields.cardPaymentType = null; }
    }
    if (Object.keys(fields).length) await setCheckoutFields(tx, cart.id, fields);
    if (fields.orderCustomerInfo !== null) await dropCustomerInfoFields(tx, cart.id, infoFields);
    if (cleared.includes('payment')) await setPaymentChoice(tx, cart.id, { billingAccountId: null, savedCardId: null });
    if (cleared.includes('numberChoice') && await releaseCartNumber(tx, cart.id)) await syncNumberCharge(tx, cart.id);
    if (cleared.includes('homeLine')) await releaseHomeSetup(tx, cart.id);
    return { steps: reset.map((s) => s.code), cleared };
  });
}
