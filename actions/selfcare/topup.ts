import { defineAction, ActionError } from '../define';
import { ApiError } from '../api/errors';
import type { ResponseOf } from '../api/client';
import { markRefusedField } from '../form-submit';
import { checkedForm, sendFormData } from '../form-action';
import { assignLocation, delay } from '../dom';
import type { TopUpStatus } from '../stores/selfcare';

export const TOPUP_FORM = 'topup';
/** Seed 001 §5 / §9. */
export const TOPUP_MIN = 200;
export const TOPUP_MAX = 3000;
export const STATUS_POLL_MS = 1000;
export const STATUS_POLL_TRIES = 15;

const setAmount = defineAction({
  name: 'selfcare.setTopUpAmount',
  description: 'A preset top-up amount (RSD) was chosen: writes it into the top-up form (ui.forms.topup.data.amount), keeping the number.',
  args: { type: 'object', required: ['amount'], properties: { amount: { type: 'integer', minimum: TOPUP_MIN, maximum: TOPUP_MAX } } },
  run(args, ctx) {
    const { ui } = ctx.stores;
    ui.setFormData(TOPUP_FORM, { ...(ui.forms[TOPUP_FORM]?.data ?? {}), amount: args.amount });
  },
});

const topUp = defineAction({
  name: 'selfcare.topUp',
  description: 'Top-up (seed 001 §7 POST /topup/card/authorize): validates the form (number, 200–3,000 RSD), asks the server for the card payment and goes to the gateway page. The fields sent are those the form document declares ("submit"). A refused number or amount is marked under its field; another refusal shows the server message above the form.',
  args: { type: 'object', properties: { form: { type: 'string', minLength: 1 } } },
  async run(args, ctx) {
    const { ui, selfcare } = ctx.stores;
    const formId = args.form ?? TOPUP_FORM;
    selfcare.setTopUpError(null);
    checkedForm(ctx, formId, 'invalid top-up form');
    selfcare.setSubmitting(true);
    try {
      // the fields and the call as the form document declares them ("submit" of schemas/forms/topup.json)
      const { responses } = await sendFormData(ctx, formId);
      ui.clearFieldErrors(formId);
      assignLocation((responses[0] as ResponseOf<'topUpAuthorize'>).redirectionUrl);
    } catch (e) {
      selfcare.setSubmitting(false);
      if (e instanceof ApiError && e.status === 400) {
        // a refused number or amount is marked under its field (it takes focus); another refusal above the form
        if (!markRefusedField(ui, formId, e)) selfcare.setTopUpError(e.message);
        throw new ActionError(e.message, true);
      }
      throw e;
    }
  },
});

const loadStatus = defineAction({
  name: 'selfcare.loadTopUpStatus',
  description: 'The top-up status page (?orderId=…): reads the top-up status until the gateway has answered (at most 15 s), then shows the card transaction.',
  args: { type: 'object', properties: { orderId: { type: 'string' } } },
  async run(args, ctx) {
    const { selfcare } = ctx.stores;
    const orderId = args.orderId ?? (ctx.scope.route as { query?: Record<string, string> } | undefined)?.query?.orderId;
    selfcare.setTopUpStatus(null);
    if (!orderId || !/^[A-Z]{2}[0-9]{6,20}$/.test(orderId)) { selfcare.setTopUpUnknown(); return; }
    for (let i = 0; i < STATUS_POLL_TRIES; i++) {
      let s: TopUpStatus;
      try {
        s = await ctx.api.call('topUpStatus', { query: { orderId } });
      } catch (e) {
        if (e instanceof ApiError && (e.status === 404 || e.status === 400)) { selfcare.setTopUpUnknown(); return; }
        throw e;
      }
      selfcare.setTopUpStatus(s);
      if (s.status !== 'PENDING') return;
      await delay(STATUS_POLL_MS);
    }
  },
});

export default [setAmount, topUp, loadStatus];
