import { defineAction, ActionError } from '../define';
import type { ActionContext } from '../define';
import { ApiError } from '../api/errors';
import type { ResponseOf } from '../api/client';
import { checkedForm, sendFormData, stopOnRefusal } from '../form-action';
import { assignLocation, delay } from '../dom';
import type { BillStatus } from '../stores/selfcare';
import { STATUS_POLL_MS, STATUS_POLL_TRIES } from './topup';

export const BILL_FIND_FORM = 'bill-find';
export const BILL_CONSENTS_FORM = 'bill-consents';
/** The outcomes of seed 001 §4 the server names in errors[0].reason. */
export const BILL_OUTCOMES = ['ALREADY_PAID', 'NOT_FOUND', 'IN_PROCESSING', 'SERVICE_UNAVAILABLE', 'SESSION_EXPIRED', 'CANCELLED'] as const;

type Ctx = ActionContext;

/** A refusal of the server: kept with its title (by reason) and the server's message, shown above the form. */
function showRefusal(ctx: Ctx, e: unknown, formId?: string): never {
  const { selfcare, session } = ctx.stores;
  // a refusal of a field of a form sent as its document declares is marked under that field (it takes focus)
  stopOnRefusal(ctx, e, (text, refusal) => {
    const reason = (BILL_OUTCOMES as readonly string[]).includes(refusal.reason ?? '') ? refusal.reason! : 'INVALID';
    selfcare.setBillError({ reason, title: session.t(`selfcare.bill.refused.${reason}`), text });
    if (reason === 'SESSION_EXPIRED' || reason === 'ALREADY_PAID' || reason === 'CANCELLED' || reason === 'IN_PROCESSING') selfcare.setBill(null);
  }, formId);
}

const findBill = defineAction({
  name: 'selfcare.findBill',
  description: 'Bill payment, step 1 (/placanje-racuna): finds the bill by customer number and bill reference (POST /ecommerce/b2c/bill/find, the fields the form document declares in "submit"); a refusal naming a field marks that field. An outcome of seed 001 §4 (already paid, not found, in processing, service unavailable, cancelled) is shown with its message.',
  args: { type: 'object', properties: { form: { type: 'string', minLength: 1 } } },
  async run(args, ctx) {
    const { ui, selfcare } = ctx.stores;
    const formId = args.form ?? BILL_FIND_FORM;
    selfcare.setBillError(null);
    checkedForm(ctx, formId, 'invalid bill form');
    try {
      // the fields and the call as the form document declares them ("submit" of schemas/forms/bill-find.json)
      const { responses } = await sendFormData(ctx, formId);
      const res = responses[0] as ResponseOf<'billFind'>;
      ui.clearFieldErrors(formId);
      selfcare.setBill(res.bill, res.billSessionId);
    } catch (e) {
      selfcare.setBill(null);
      showRefusal(ctx, e, formId);
    }
  },
});

const payBill = defineAction({
  name: 'selfcare.payBill',
  description: 'Bill payment, step 2: checks the three consents (general terms, privacy policy, personal-data notice), opens the card payment (POST /ecommerce/b2c/bill/payment/authorize: the consents and the found bill\'s session as the form document declares in "submit") and goes to the gateway page; an expired session or a bill no longer payable is shown with its message.',
  args: { type: 'object', properties: { form: { type: 'string', minLength: 1 } } },
  async run(args, ctx) {
    const { selfcare } = ctx.stores;
    const formId = args.form ?? BILL_CONSENTS_FORM;
    selfcare.setBillError(null);
    checkedForm(ctx, formId, 'consents missing');
    if (!selfcare.billSessionId) throw new ActionError('no bill', true);
    selfcare.setSubmitting(true);
    try {
      // the consents and the call as the form document declares them ("submit" of schemas/forms/bill-consents.json),
      // with the bill session the search step left in the store ("with": /selfcare/billSessionId)
      const { responses } = await sendFormData(ctx, formId);
      const res = responses[0] as ResponseOf<'billAuthorize'>;
      assignLocation(res.redirectionUrl);
    } catch (e) {
      selfcare.setSubmitting(false);
      showRefusal(ctx, e);
    }
  },
});

const resetBill = defineAction({
  name: 'selfcare.resetBill',
  description: 'Back to the bill search (another bill): forgets the found bill and the shown outcome.',
  args: { type: 'object', properties: {} },
  run(_args, ctx) {
    ctx.stores.selfcare.setBill(null);
    ctx.stores.selfcare.setBillError(null);
  },
});

const loadBillStatus = defineAction({
  name: 'selfcare.loadBillStatus',
  description: 'The bill payment result page (?orderId=…): reads the payment status until the gateway has answered (at most 15 s), then shows the card transaction.',
  args: { type: 'object', properties: { orderId: { type: 'string' } } },
  async run(args, ctx) {
    const { selfcare } = ctx.stores;
    const orderId = args.orderId ?? (ctx.scope.route as { query?: Record<string, string> } | undefined)?.query?.orderId;
    selfcare.setBillStatus(null);
    if (!orderId || !/^[A-Z]{2}[0-9]{6,20}$/.test(orderId)) { selfcare.setBillUnknown(); return; }
    for (let i = 0; i < STATUS_POLL_TRIES; i++) {
      let s: BillStatus;
      try {
        s = await ctx.api.call('billStatus', { query: { orderId } });
      } catch (e) {
        if (e instanceof ApiError && (e.status === 404 || e.status === 400)) { selfcare.setBillUnknown(); return; }
        throw e;
      }
      selfcare.setBillStatus(s);
      if (s.status !== 'PENDING') return;
      await delay(STATUS_POLL_MS);
    }
  },
});

export default [findBill, payBill, resetBill, loadBillStatus];
