import { defineAction, ActionError } from '../define';
import { ApiError } from '../api/errors';

export const CONTACT_FORM = 'contact';

const send = defineAction<{ form?: string }>({
  name: 'selfcare.sendContact',
  description: 'The contact form (seed 001 §7 POST /contactMts): validates the form, sends it and shows the acknowledgement with the ticket number; a refusal shows the server message above the form.',
  args: { type: 'object', properties: { form: { type: 'string', minLength: 1 } } },
  async run(args, ctx) {
    const { ui, selfcare } = ctx.stores;
    const formId = args.form ?? CONTACT_FORM;
    selfcare.setContactError(null);
    if (ui.hasFormValidator(formId) && !ui.validateForms([formId])) throw new ActionError('invalid contact form', true);
    const d = ui.forms[formId]?.data ?? {};
    const str = (k: string) => String(d[k] ?? '').trim();
    try {
      const phone = str('phone');
      const bankAccount = str('bankAccount');
      const r = await ctx.api.call('contactMts', {
        body: {
          topic: (str('topic') || 'GENERAL') as 'GENERAL', firstName: str('firstName'), lastName: str('lastName'),
          email: str('email'), ...(phone ? { phone } : {}), ...(bankAccount ? { bankAccount } : {}), message: str('message'),
        },
      });
      selfcare.setContactResult(r);
      ui.setFormData(formId, {});
    } catch (e) {
      if (e instanceof ApiError && e.status < 500) {
        selfcare.setContactError(e.message);
        throw new ActionError(e.message, true);
      }
      throw e;
    }
  },
});

const again = defineAction<Record<string, never>>({
  name: 'selfcare.contactAgain',
  description: 'The contact form again, after a message was sent.',
  args: { type: 'object', properties: {} },
  run(_args, ctx) { ctx.stores.selfcare.setContactResult(null); ctx.stores.selfcare.setContactError(null); },
});

const loadStores = defineAction<{ pickup?: boolean }>({
  name: 'selfcare.loadStores',
  description: 'The shops of "Kako do nas" (GET /stores, in the shopper\'s language): name, address, opening hours, phone.',
  args: { type: 'object', properties: { pickup: { type: 'boolean' } } },
  async run(args, ctx) {
    const { selfcare } = ctx.stores;
    try {
      const r = await ctx.api.call('storeLocations', { query: args.pickup ? { pickup: true } : {} });
      selfcare.setStores(r.stores);
    } catch (e) {
      selfcare.setStores([], true);
      throw e;
    }
  },
});

export default [send, again, loadStores];
