import { defineAction } from '../define';
import type { ResponseOf } from '../api/client';
import { checkedForm, sendFormData, stopOnRefusal } from '../form-action';

export const CONTACT_FORM = 'contact';

const send = defineAction({
  name: 'selfcare.sendContact',
  description: 'The contact form (seed 001 §7 POST /contactMts): validates the form, sends the fields its document declares ("submit" of the form) and shows the acknowledgement with the ticket number; a refusal naming a field marks that field (it takes focus), another shows the server message above the form.',
  args: { type: 'object', properties: { form: { type: 'string', minLength: 1 } } },
  async run(args, ctx) {
    const { ui, selfcare } = ctx.stores;
    const formId = args.form ?? CONTACT_FORM;
    selfcare.setContactError(null);
    checkedForm(ctx, formId, 'invalid contact form');
    try {
      // the fields and the call as the form document declares them ("submit" of schemas/forms/contact.json; the topic
      // defaults to the data schema's "default")
      const { responses: [r] } = await sendFormData(ctx, formId);
      selfcare.setContactResult(r as ResponseOf<'contactMts'>);
      ui.clearFieldErrors(formId);
      ui.setFormData(formId, {});
    } catch (e) {
      // a refused field is marked under itself (it takes focus); another refusal is the message above the form
      stopOnRefusal(ctx, e, selfcare.setContactError, formId);
    }
  },
});

const again = defineAction({
  name: 'selfcare.contactAgain',
  description: 'The contact form again, after a message was sent.',
  args: { type: 'object', properties: {} },
  run(_args, ctx) { ctx.stores.selfcare.setContactResult(null); ctx.stores.selfcare.setContactError(null); },
});

const loadStores = defineAction({
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
