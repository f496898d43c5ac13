import { defineAction, ActionError } from '../define';
import type { ResponseOf } from '../api/client';
import { checkedForm, sendFormData, stopOnRefusal } from '../form-action';

export const DONT_CALL_FORM = 'dont-call';
export const DONT_CALL_CODE_FORM = 'dont-call-code';

type Kind = 'MSISDN' | 'HOMELINE';
type Op = 'ADD' | 'REMOVE';

/** "2026-11-26" → "26.11.2026." (sr) / "26/11/2026" (en) */
export function formatDay(iso: string, lang: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'sr-Latn-RS', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(Date.UTC(y, m - 1, d)));
}

const requestCode = defineAction({
  name: 'selfcare.dontCallRequestCode',
  description: 'Do-not-call register, step 1 (seed 001 §7 request-OTP call): validates the form (mobile number or fixed line, add or remove), sends the fields its document declares ("submit") and asks the server to send a one-time code to that number; then the page asks for the code. `again` sends a new code for the same request.',
  args: { type: 'object', properties: { form: { type: 'string', minLength: 1 }, again: { type: 'boolean' } } },
  async run(args, ctx) {
    const { ui, selfcare, session } = ctx.stores;
    selfcare.setDontCallError(null);
    const formId = args.form ?? DONT_CALL_FORM;
    const again = args.again ? selfcare.dontCallRequest : null;
    if (!again) checkedForm(ctx, formId, 'invalid do-not-call form');
    try {
      let req: { kind: Kind; action: Op; number: string };
      let r: ResponseOf<'dontCallRequestOtp'>;
      if (again) {
        // a new code for the request already made
        req = { kind: again.kind, action: again.action, number: again.number };
        r = await ctx.api.call('dontCallRequestOtp', { body: req });
      } else {
        // the fields and the call as the form document declares them ("submit" of schemas/forms/dont-call.json; the
        // kind and the action default to the data schema's "default")
        const { data, responses } = await sendFormData(ctx, formId);
        req = { kind: data.kind === 'HOMELINE' ? 'HOMELINE' : 'MSISDN', action: data.action === 'REMOVE' ? 'REMOVE' : 'ADD', number: String(data.number ?? '').trim() };
        r = responses[0] as ResponseOf<'dontCallRequestOtp'>;
        ui.clearFieldErrors(formId);
      }
      selfcare.setDontCallRequest({ ...req, sentText: session.t('dontcall.code.sent', { number: r.number, seconds: r.expiresInSeconds }) });
      ui.setFormData(DONT_CALL_CODE_FORM, {});
      selfcare.setDontCallStep('code');
      if (args.again) ui.showToast({ kind: 'info', message: 'dontcall.code.resent' });
    } catch (e) { stopOnRefusal(ctx, e, selfcare.setDontCallError, again ? undefined : formId); }
  },
});

const confirm = defineAction({
  name: 'selfcare.dontCallConfirm',
  description: 'Do-not-call register, step 2: sends the code with the number to /users/dontcall/msisdn/add, /msisdn/remove, /homeline/add or /homeline/remove — the call of the form\'s "submit" whose "when" holds for the request; shows the date from which the change takes effect (the next day).',
  args: { type: 'object', properties: { form: { type: 'string', minLength: 1 } } },
  async run(args, ctx) {
    const { selfcare, session } = ctx.stores;
    selfcare.setDontCallError(null);
    const formId = args.form ?? DONT_CALL_CODE_FORM;
    checkedForm(ctx, formId, 'invalid code');
    const r = selfcare.dontCallRequest;
    if (!r) throw new ActionError('no request', true);
    try {
      // the call and the body as the form document declares them ("submit" of schemas/forms/dont-call-code.json: of
      // the four calls, the one whose "when" holds for the request of step 1, with its number and the code)
      const { responses } = await sendFormData(ctx, formId);
      const res = responses[0] as ResponseOf<'dontCallMsisdnAdd'>;
      const day = r.action === 'ADD' ? res.effectiveFrom : res.effectiveTo ?? null;
      selfcare.setDontCallResult({
        message: session.t(r.action === 'ADD' ? 'dontcall.done.added' : 'dontcall.done.removed', { number: res.number, date: day ? formatDay(day, session.lang) : '' }),
        effectiveFrom: res.effectiveFrom, effectiveTo: res.effectiveTo ?? null, action: r.action,
      });
      selfcare.setDontCallStep('done');
    } catch (e) { stopOnRefusal(ctx, e, selfcare.setDontCallError); }
  },
});

const reset = defineAction({
  name: 'selfcare.dontCallReset',
  description: 'Do-not-call register: back to the first step (another number, or a change of mind before the code).',
  args: { type: 'object', properties: {} },
  run(_args, ctx) {
    const { selfcare } = ctx.stores;
    selfcare.setDontCallError(null);
    selfcare.setDontCallResult(null);
    selfcare.setDontCallRequest(null);
    selfcare.setDontCallStep('number');
  },
});

export default [requestCode, confirm, reset];
