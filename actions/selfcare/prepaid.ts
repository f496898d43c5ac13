import { defineAction, defineSetter, ActionError } from '../define';
import type { ResponseOf } from '../api/client';
import { checkedForm, sendFormData, stopOnRefusal } from '../form-action';
import { ApiError } from '../api/errors';

export const PREPAID_NUMBER_FORM = 'prepaid-number';
export const PREPAID_FORM = 'prepaid-registration';

/** Date and time in Belgrade, in the shopper's language. */
export function formatWhen(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'sr-Latn-RS', { timeZone: 'Europe/Belgrade', dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso));
}

const STATUS_KEY: Record<string, string> = {
  NOT_REQUIRED: 'selfcare.prepaid.error.notRequired', REGISTERED: 'selfcare.prepaid.error.alreadyRegistered', EXPIRED: 'selfcare.prepaid.error.expired',
};

const check = defineAction({
  name: 'selfcare.checkPrepaid',
  description: 'Prepaid registration, step 1: checks the number (GET /blinking/users/prepaid/check); a number awaiting registration shows its 24-hour deadline and the free video-identification times (GET /closing-time); otherwise the reason (not needed, already registered, period over).',
  args: { type: 'object', properties: { form: { type: 'string', minLength: 1 } } },
  async run(args, ctx) {
    const { selfcare, session } = ctx.stores;
    const formId = args.form ?? PREPAID_NUMBER_FORM;
    selfcare.setPrepaidError(null);
    selfcare.setPrepaidResult(null);
    checkedForm(ctx, formId, 'invalid number');
    try {
      // the form declares its call (schemas/forms/prepaid-number.json "submit": prepaidCheck, the number as its query)
      const sent = await sendFormData(ctx, formId);
      const c = sent.responses[0] as ResponseOf<'prepaidCheck'>;
      const msisdn = String(sent.data.msisdn ?? '').trim();
      if (!c.registrationRequired || !c.deadline) {
        selfcare.setPrepaid(null);
        selfcare.setPrepaidError(session.t(STATUS_KEY[c.status] ?? STATUS_KEY.NOT_REQUIRED));
        throw new ActionError(c.status, true);
      }
      const times = await ctx.api.call('closingTime', { query: { msisdn } });
      selfcare.setPrepaid({ msisdn, deadline: c.deadline, deadlineText: formatWhen(c.deadline, session.lang) }, times.slots);
    } catch (e) {
      if (e instanceof ActionError) throw e;
      stopOnRefusal(ctx, e, selfcare.setPrepaidError);
    }
  },
});

const setSlot = defineSetter({
  name: 'selfcare.setVideoSlot',
  description: 'Chooses the video-identification appointment (one of the free times offered).',
  args: { type: 'object', required: ['slot'], properties: { slot: { type: 'string', minLength: 1 } } },
  set: (args, { selfcare }) => selfcare.setPrepaidSlot(args.slot),
});

const register = defineAction({
  name: 'selfcare.registerPrepaid',
  description: 'Prepaid registration, step 2: validates the form (6-character code, name, JMBG, document, consent) and the chosen time, checks the customer id (GET /customerid/check) and registers (POST /blinking: the form as its document declares in "submit", with the checked number and the chosen time); a taken time reloads the free times.',
  args: { type: 'object', properties: { form: { type: 'string', minLength: 1 } } },
  async run(args, ctx) {
    const { selfcare, session } = ctx.stores;
    const formId = args.form ?? PREPAID_FORM;
    selfcare.setPrepaidError(null);
    const d = checkedForm(ctx, formId, 'invalid registration form');
    const p = selfcare.prepaid;
    if (!p) throw new ActionError('no number', true);
    if (!selfcare.prepaidSlot) {
      selfcare.setPrepaidError(session.t('selfcare.prepaid.slotRequired'));
      throw new ActionError('no slot', true);
    }
    try {
      await ctx.api.call('customerIdCheck', { query: { customerId: String(d.customerId ?? '').trim() } });
      // the fields and the call as the form document declares them ("submit" of schemas/forms/prepaid-registration.json;
      // the document type defaults to the data schema's "default"), with the number and the video time of the earlier
      // steps ("with": /selfcare/prepaid/msisdn, /selfcare/prepaidSlot)
      const { responses } = await sendFormData(ctx, formId, d);
      const res = responses[0] as ResponseOf<'prepaidRegister'>;
      selfcare.setPrepaidResult({ msisdn: res.msisdn, videoSlotText: formatWhen(res.videoSlot, session.lang) });
      selfcare.setPrepaid(null);
    } catch (e) {
      if (e instanceof ApiError && e.reason === 'slotTaken') {
        const times = await ctx.api.call('closingTime', { query: { msisdn: p.msisdn } }).catch(() => null);
        if (times) selfcare.setPrepaidSlots(times.slots);
      }
      stopOnRefusal(ctx, e, selfcare.setPrepaidError);
    }
  },
});

const reset = defineAction({
  name: 'selfcare.resetPrepaid',
  description: 'Back to the number check (another number).',
  args: { type: 'object', properties: {} },
  run(_a, ctx) { ctx.stores.selfcare.setPrepaid(null); ctx.stores.selfcare.setPrepaidError(null); ctx.stores.selfcare.setPrepaidResult(null); },
});

export default [check, setSlot, register, reset];
