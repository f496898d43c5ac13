// The personal-data step (ADDITIONAL_CUSTOMER_DATA) and the delivery step (DELIVERY) of a signed-in checkout
// (seed 001 §3, §4, §7, §9). State: stores.checkout.delivery; forms "order-personal-data" and "delivery-contact".
import { defineAction, ActionError } from '../define';
import type { ActionContext } from '../define';
import { ApiError } from '../api/errors';
import { failedCallOf, refusedFieldOf, sendForm } from '../form-submit';
import { clearToGo, goNext } from '../checkout-rules';
import { localPhone } from '../checkout/checkout';
import { emptyCode, type EmailCodeState, type Option } from '../stores/delivery';
import { userKnown } from '../stores/session';

const PERSONAL_FORM = 'order-personal-data';
const CONTACT_FORM = 'delivery-contact';

/** yyyy-mm-dd… (sent) → dd.mm.yyyy (shown). */
export function issueDateFromApi(sent: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(sent ?? '');
  return m ? `${m[3]}.${m[2]}.${m[1]}` : '';
}

const messageOf = (e: unknown, ctx: ActionContext) => (e instanceof ApiError && e.message) || ctx.stores.session.t('error.generic');
const lang = (ctx: ActionContext) => (ctx.stores.session.lang === 'en' ? { lang: 'en' as const } : undefined);
const setCode = (ctx: ActionContext, which: 'renewal' | 'personal', patch: Partial<EmailCodeState>) =>
  ctx.stores.checkout.setDelivery({ [which]: { ...ctx.stores.checkout.delivery[which], ...patch } });

/** Sends an e-mail code (POST /otp/email); on failure the sent flag is cleared (seed 001 §4) and the error shown. */
async function sendCode(ctx: ActionContext, which: 'renewal' | 'personal', email: string): Promise<void> {
  setCode(ctx, which, { busy: true, error: null, email });
  try {
    const r = await ctx.api.call('sendEmailOtp', { body: { email, validateEmail: false }, query: lang(ctx) });
    setCode(ctx, which, { sent: true, expiresAt: Date.parse(r.expiresAt), code: '', verified: null, busy: false });
  } catch (e) {
    setCode(ctx, which, { sent: false, expiresAt: null, busy: false, error: messageOf(e, ctx) });
  }
}

/**
 * The customer info of the personal-data step refused (seed 001 §4): a 400 stays — a refused field (the JMBG, the issue
 * date, …) is marked under itself and takes focus, a refusal of the whole request shows in the box by the step's
 * buttons, where the shopper is (no jump to the page's top); another failure: error toast and on to the next step as
 * unsuccessful (the next step's guard leads back while this step is not done).
 */
async function personalDataRefused(ctx: ActionContext, e: unknown): Promise<void> {
  const { checkout, ui } = ctx.stores;
  if (e instanceof ApiError && e.status === 400) {
    const field = refusedFieldOf(e);
    if (field) {
      checkout.setDelivery({ error: null });
      ui.setFieldError(PERSONAL_FORM, field, messageOf(e, ctx), { focus: true });
    } else {
      checkout.setDelivery({ error: messageOf(e, ctx) });
    }
    throw new ActionError('customer info refused', true);
  }
  ui.showToast({ kind: 'error', message: 'checkout.error.deliveryPayment' });
  await goNext(ctx);
}

/** The guest form's address from the picked street number (the free-text fields stay editable; the server keeps the
 *  codes only while the text still names that address). */
function fillForm(ctx: ActionContext, formId: string, tisAddressCode: string): void {
  const d = ctx.stores.checkout.delivery;
  const n = d.numbers.find((x) => x.tisAddressCode === tisAddressCode);
  const m = d.municipalities.find((x) => x.code === d.municipalityCode) as (Option & { postalCode?: string }) | undefined;
  const l = d.localities.find((x) => x.code === d.localityCode);
  const st = d.streets.find((x) => x.code === d.streetCode);
  if (!n || !m || !l || !st) return;
  const data = (ctx.stores.ui.forms[formId]?.data ?? {}) as Record<string, unknown>;
  const cur = (data.deliveryAddress as Record<string, unknown> | undefined) ?? {};
  ctx.stores.ui.setFormData(formId, {
    ...data,
    deliveryAddress: {
      ...cur, town: l.name, townCode: l.code, province: m.name, provinceCode: m.code, postalCode: m.postalCode ?? cur.postalCode,
      line1: st.name, line1Code: st.code, line2: n.number, tisAddressCode,
    },
  });
}

export default [
  defineAction({
    name: 'delivery.loadPersonalData',
    description: 'Personal-data step: loads the checkout user data (GET checkoutUserData: what the cart holds, else the signed-in account\'s own data) into the form "order-personal-data" — only into empty fields; the issue date shown as dd.mm.yyyy.',
    async run(_args, ctx) {
      const { session, ui, checkout } = ctx.stores;
      await userKnown(session);
      const d = await ctx.api.call('checkoutUserData', { silent: true });
      checkout.setDelivery({ accountEmail: d.accountEmail ?? null });
      const own: Record<string, string> = {
        orderFor: d.orderFor ?? 'SELF', firstName: d.firstName, lastName: d.lastName, jmbg: d.jmbg ?? '',
        primaryContactDocumentIdNum: d.primaryContactDocumentIdNum ?? '', primaryContactDocumentIdIssueAuthority: d.primaryContactDocumentIdIssueAuthority ?? '',
        primaryContactDocumentIdIssueDate: issueDateFromApi(d.primaryContactDocumentIdIssueDate), contactEmail: d.contactEmail ?? '', msisdn: d.msisdn ?? '',
      };
      const cur = (ui.forms[PERSONAL_FORM]?.data ?? {}) as Record<string, unknown>;
      const next: Record<string, unknown> = { ...cur };
      for (const [k, v] of Object.entries(own)) if (v && (next[k] === undefined || next[k] === '')) next[k] = v;
      ui.setFormData(PERSONAL_FORM, next);
    },
  }),
  defineAction({
    name: 'delivery.sendPersonalCode',
    description: 'Sends a one-time code to the personal-data form\'s contact e-mail (POST sendEmailOtp, 300 s).',
    async run(_args, ctx) {
      const email = String(ctx.stores.ui.forms[PERSONAL_FORM]?.data?.contactEmail ?? '').trim();
      if (!email) { setCode(ctx, 'personal', { error: ctx.stores.session.t('validation.email') }); return; }
      await sendCode(ctx, 'personal', email);
    },
  }),
  defineAction({
    name: 'delivery.setCode',
    description: 'Keeps the typed one-time code of the renewal e-mail or the personal-data e-mail.',
    args: { type: 'object', required: ['which', 'code'], properties: { which: { enum: ['renewal', 'personal'] }, code: { type: 'string', maxLength: 6 } } },
    run(args, ctx) { setCode(ctx, args.which, { code: args.code.replace(/\D/g, '').slice(0, 6), error: null }); },
  }),
  defineAction({
    name: 'delivery.submitPersonalData',
    description: 'Personal-data submit (seed 001 §4): validates the form, then sends it as its document declares ("submit"): the customer-info save (POST saveCustomerInfo) and then — when a code was sent to the contact e-mail, which is not the account\'s, and typed — the e-mail code save (PUT verifyEmailOtp). Both succeed: next step. A refused customer info (400) stays: a refused field (its subject, e.g. userInfo/jmbg) shows the message under the field, which takes focus and scrolls into view; a refusal of the whole request shows in the error box; another failure: error toast and on to the next step (unsuccessful). Only the e-mail failed: its error is shown.',
    async run(_args, ctx) {
      const { ui, cart, checkout } = ctx.stores;
      if (!(await clearToGo(ctx))) throw new ActionError('cart conflict', true);
      if (!ui.validateForms()) throw new ActionError('invalid form', true);
      const data = ui.forms[PERSONAL_FORM]?.data ?? {};
      // the document sends the e-mail code (verifyEmailOtp) when one was sent and typed ("when"); that it was sent to
      // the contact e-mail being saved, which is not the account's, the document cannot say: without that it is left out
      const email = String(data.contactEmail ?? '').trim().toLowerCase();
      const code = checkout.delivery.personal;
      const forThisEmail = (checkout.delivery.accountEmail ?? '').toLowerCase() !== email && code.email.toLowerCase() === email;
      const onAnswer = (answer: unknown, call: string) => {
        const a = answer as { cart?: Parameters<typeof cart.setCart>[0]; email?: string } | null;
        if (call === 'verifyEmailOtp') setCode(ctx, 'personal', { verified: a?.email ?? null, error: null });
        else if (a?.cart) cart.setCart(a.cart);
      };
      try {
        // the customer info, then the e-mail code, as "submit" of schemas/forms/order-personal-data.json declares them
        await sendForm(ctx.api, PERSONAL_FORM, data, ctx.stores, onAnswer, forThisEmail ? [] : ['verifyEmailOtp']);
      } catch (e) {
        if (failedCallOf(e) !== 'verifyEmailOtp') { await personalDataRefused(ctx, e); return; }
        setCode(ctx, 'personal', { error: messageOf(e, ctx) });
        checkout.setDelivery({ error: null });
        ui.clearFieldErrors(PERSONAL_FORM);
        throw new ActionError('e-mail code refused', true);
      }
      checkout.setDelivery({ error: null });
      ui.clearFieldErrors(PERSONAL_FORM);
      await goNext(ctx);
    },
  }),
  defineAction({
    name: 'delivery.load',
    description: 'Delivery step: loads the delivery options of the cart\'s checkout type (GET checkoutOptions?checkoutStep=DELIVERY — the flow document lists them), the saved addresses, the installation address of the home setup (GET homeLineSetup, only when DELIVERY_ADDRESS_INSTALLATION is offered), the pickup stores, the time slots and the municipalities (a failed lookup gives an empty list), and the phone for the courier into form "delivery-contact".',
    async run(_args, ctx) {
      const { checkout, cart, ui, session } = ctx.stores;
      const q = lang(ctx);
      const empty = <T>(p: Promise<T>, fallback: T) => p.catch((e) => { console.error('[delivery.load]', e); return fallback; });
      const [opts, addresses, stores, slots, municipalities] = await Promise.all([
        empty(ctx.api.call('checkoutOptions', { query: { checkoutStep: 'DELIVERY', ...(q ?? {}) }, silent: true }).then((r) => r.options.deliveryOptions), []),
        empty(ctx.api.call('customerAddresses', { query: q, silent: true }).then((r) => r.addresses), []),
        empty(ctx.api.call('pickupStores', { query: q, silent: true }).then((r) => r.pickupStores), []),
        empty(ctx.api.call('deliveryTimeSlots', { query: q, silent: true }).then((r) => r.deliveryTimeSlots), []),
        empty<Option[]>(ctx.api.call('homeMunicipalities', { silent: true }).then((r) => r.municipalities), []),
      ]);
      const options = opts
        // a saved address is offered only when there is one
        .filter((o) => o.code !== 'DELIVERY_ADDRESS_EXISTING' || addresses.length > 0);
      // the installation address of the home setup, when the checkout type offers delivery there
      const installation = options.some((o) => o.code === 'DELIVERY_ADDRESS_INSTALLATION')
        ? await empty(ctx.api.call('homeLineSetup', { query: q, silent: true }).then((r) => {
          const hl = r.homeLine;
          return hl && hl.checkStatus.status === 'VALID' ? { formattedAddress: hl.formattedAddress } : null;
        }), null)
        : null;
      const onCart = cart.cart?.deliveryAddressType ?? null;
      const selected = options.find((o) => o.code === onCart)?.code ?? options[0]?.code ?? null;
      const addr = (cart.cart?.deliveryAddress ?? {}) as Record<string, string>;
      checkout.setDelivery({
        options: options.map(({ code, name }) => ({ code, name })), selected, addresses, installation, stores, municipalities,
        slots: slots.map(({ code, name }) => ({ code, name })), slot: slots.find((s) => s.selected)?.code ?? '',
        addressId: addr.addressId ?? addresses.find((a) => a.defaultAddress)?.id ?? addresses[0]?.id ?? null,
        pickupStoreId: addr.pickupStoreId ?? null,
        renewal: { ...emptyCode(), email: addr.email ?? session.user?.email ?? '' },
        error: null, loaded: true,
      });
      const phone = (cart.cart?.orderCustomerInfo as Record<string, string> | undefined)?.contactPhone ?? localPhone(session.user?.contactPhoneNumber) ?? '';
      const cur = (ui.forms[CONTACT_FORM]?.data ?? {}) as Record<string, unknown>;
      if (phone && !cur.contactPhone) ui.setFormData(CONTACT_FORM, { ...cur, contactPhone: phone });
    },
  }),
  defineAction({
    name: 'delivery.selectOption',
    description: 'Chooses a delivery option (DELIVERY_ADDRESS_INSTALLATION, DELIVERY_ADDRESS_EXISTING, DELIVERY_ADDRESS_NEW, PICKUP_ADDRESS, DELIVERY_EMAIL_ADDRESS, …).',
    args: { type: 'object', required: ['option'], properties: { option: { type: 'string', minLength: 1, maxLength: 40 } } },
    run(args, ctx) { ctx.stores.checkout.setDelivery({ selected: args.option, error: null }); },
  }),
  defineAction({
    name: 'delivery.choose',
    description: 'Keeps a choice of the delivery step: a saved address (addressId), a store (pickupStoreId), a time slot (slot, empty: any time), the renewal e-mail (email), saving a new address (saveAddress).',
    args: { type: 'object', properties: { addressId: { type: 'string', maxLength: 12 }, pickupStoreId: { type: 'string', maxLength: 40 }, slot: { type: 'string', maxLength: 40 }, email: { type: 'string', maxLength: 80 }, saveAddress: { type: 'boolean' } } },
    run(args, ctx) {
      const { checkout } = ctx.stores;
      const d = checkout.delivery;
      checkout.setDelivery({
        ...(args.addressId !== undefined ? { addressId: args.addressId } : {}),
        ...(args.pickupStoreId !== undefined ? { pickupStoreId: args.pickupStoreId } : {}),
        ...(args.slot !== undefined ? { slot: args.slot } : {}),
        ...(args.saveAddress !== undefined ? { saveAddress: args.saveAddress } : {}),
        ...(args.email !== undefined ? { renewal: { ...d.renewal, email: args.email, sent: args.email === d.renewal.email ? d.renewal.sent : false } } : {}),
        error: null,
      });
    },
  }),
  defineAction({
    name: 'delivery.setAddressField',
    description: 'Sets one part of the new address from the address system: a municipality, locality or street loads the next list (GET homeLocations / homeStreets / homeStreetNumbers; a failed lookup gives an empty list, seed 001 §8) and empties the parts below. With `form` (the guest form), a chosen number fills that form\'s deliveryAddress: town, postal code, street, number and their codes (province, provinceCode, townCode, line1Code, tisAddressCode).',
    args: { type: 'object', required: ['field', 'value'], properties: { field: { enum: ['municipalityCode', 'localityCode', 'streetCode', 'tisAddressCode', 'entrance', 'floor', 'apartment'] }, value: { type: 'string', maxLength: 60 }, form: { type: 'string', minLength: 1, maxLength: 40 } } },
    async run(args, ctx) {
      if (args.form && args.field === 'tisAddressCode' && args.value) fillForm(ctx, args.form, args.value);
      const { checkout } = ctx.stores;
      const below: Record<string, Record<string, unknown>> = {
        municipalityCode: { localityCode: '', streetCode: '', tisAddressCode: '', entrance: '', localities: [], streets: [], numbers: [] },
        localityCode: { streetCode: '', tisAddressCode: '', entrance: '', streets: [], numbers: [] },
        streetCode: { tisAddressCode: '', entrance: '', numbers: [] },
        tisAddressCode: { entrance: '' },
      };
      checkout.setDelivery({ [args.field]: args.value, ...(below[args.field] ?? {}), error: null });
      const d = checkout.delivery;
      const load = async <T>(key: 'localities' | 'streets' | 'numbers', call: () => Promise<T[]>) => {
        try { checkout.setDelivery({ [key]: await call() }); } catch (e) { console.error('[delivery.setAddressField]', e); checkout.setDelivery({ [key]: [] }); }
      };
      if (!args.value) return;
      if (args.field === 'municipalityCode') await load('localities', async () => (await ctx.api.call('homeLocations', { query: { municipalityCode: d.municipalityCode }, silent: true })).locations);
      else if (args.field === 'localityCode') await load('streets', async () => (await ctx.api.call('homeStreets', { query: { municipalityCode: d.municipalityCode, localityCode: d.localityCode }, silent: true })).streets);
      else if (args.field === 'streetCode') await load('numbers', async () => (await ctx.api.call('homeStreetNumbers', { query: { municipalityCode: d.municipalityCode, streetCode: d.streetCode }, silent: true })).streetnumbers);
    },
  }),
  defineAction({
    name: 'delivery.sendRenewalCode',
    description: 'Renewal by e-mail: sends a one-time code to the e-mail given (POST sendEmailOtp); on failure the sent flag is cleared.',
    async run(_args, ctx) {
      const email = ctx.stores.checkout.delivery.renewal.email.trim();
      if (!email) { setCode(ctx, 'renewal', { error: ctx.stores.session.t('validation.email') }); return; }
      await sendCode(ctx, 'renewal', email);
    },
  }),
  defineAction({
    name: 'delivery.submit',
    description: 'Delivery submission (seed 001 §4): validation, then in order — a new address (POST createDeliveryAddress), a saved address only if it differs from the cart\'s (PUT replaceDeliveryAddress), the installation address of the home setup (PUT setInstallationDelivery, always: the setup may have changed), the time slot if chosen (PUT setDeliveryTimeSlot), the courier\'s phone when filled in (PUT saveDeliveryContact, form "delivery-contact" as its document declares in "submit"), pickup in a store (POST setPickupStore) or renewal (POST setRenewalEmail). All sent items succeeded: next step (success); a refused courier phone (400 naming contactPhone) is marked under its field, which takes focus, and the step stays; otherwise the error toast ("Došlo je do greške") and on to the next step (failure; its guard leads back while this step is not done).',
    async run(_args, ctx) {
      const { checkout, cart, ui, session } = ctx.stores;
      if (!(await clearToGo(ctx))) throw new ActionError('cart conflict', true);
      const d = checkout.delivery;
      // validation
      const stop = (key: string) => { checkout.setDelivery({ error: session.t(key) }); throw new ActionError('invalid delivery', true); };
      const formsOk = ui.validateForms();
      if (d.selected === 'DELIVERY_ADDRESS_NEW' && !d.tisAddressCode) stop('delivery.error.chooseAddress');
      if (d.selected === 'DELIVERY_ADDRESS_EXISTING' && !d.addressId) stop('delivery.error.chooseAddress');
      if (d.selected === 'PICKUP_ADDRESS' && !d.pickupStoreId) stop('delivery.error.chooseStore');
      if (d.selected === 'DELIVERY_ADDRESS_INSTALLATION' && !d.installation) stop('delivery.error.noInstallationAddress');
      if (d.selected === 'DELIVERY_EMAIL_ADDRESS' && (!d.renewal.sent || d.renewal.code.length !== 6)) { setCode(ctx, 'renewal', { error: session.t('otp.error.otpNotSent') }); throw new ActionError('no code', true); }
      if (!formsOk) throw new ActionError('invalid form', true);
      const q = lang(ctx);
      const onCart = (cart.cart?.deliveryAddress ?? {}) as Record<string, string>;
      const sends: Array<(() => Promise<{ cart?: unknown } | null>) & { form?: string }> = [];
      if (d.selected === 'DELIVERY_ADDRESS_NEW') {
        const n = d.numbers.find((x) => x.tisAddressCode === d.tisAddressCode);
        const address: Record<string, unknown> = { tisAddressCode: d.tisAddressCode, provinceCode: d.municipalityCode, townCode: d.localityCode, line1Code: d.streetCode, saveAddress: d.saveAddress };
        if (n) address.line2 = n.number;
        for (const k of ['entrance', 'floor', 'apartment'] as const) if (d[k]) address[k] = d[k];
        sends.push(() => ctx.api.call('createDeliveryAddress', { body: { address }, query: q }));
      }
      if (d.selected === 'DELIVERY_ADDRESS_EXISTING' && !(onCart.deliveryAddressType === 'DELIVERY_ADDRESS_EXISTING' && onCart.addressId === d.addressId)) {
        sends.push(() => ctx.api.call('replaceDeliveryAddress', { body: { addressId: d.addressId! }, query: q }));
      }
      // always sent: the installation address may have changed on the home-line step since it was copied
      if (d.selected === 'DELIVERY_ADDRESS_INSTALLATION') sends.push(() => ctx.api.call('setInstallationDelivery', { query: q }));
      if (d.slot) sends.push(() => ctx.api.call('setDeliveryTimeSlot', { body: { deliveryTimeSlotCode: d.slot }, query: q }));
      // the courier's phone as the form document declares it ("submit" of schemas/forms/delivery-contact.json: the call
      // is optional, made only when the phone is filled in)
      const contact = ui.forms[CONTACT_FORM]?.data ?? {};
      sends.push(Object.assign(async () => ((await sendForm(ctx.api, CONTACT_FORM, contact, ctx.stores)).responses[0] ?? null) as { cart?: unknown } | null, { form: CONTACT_FORM }));
      if (d.selected === 'PICKUP_ADDRESS') sends.push(() => ctx.api.call('setPickupStore', { body: { address: { pickupStoreId: d.pickupStoreId! } }, query: q }));
      if (d.selected === 'DELIVERY_EMAIL_ADDRESS') sends.push(() => ctx.api.call('setRenewalEmail', { query: { email: d.renewal.email.trim(), code: d.renewal.code, ...(q ?? {}) } }));
      let ok = true;
      let fieldRefused = false;
      for (const send of sends) {
        try {
          const r = await send();
          if (r && typeof r === 'object' && 'cart' in r && r.cart) cart.setCart(r.cart as never);
          if (send.form) ui.clearFieldErrors(send.form);
        } catch (e) {
          console.error('[delivery.submit]', e);
          // a refused field of a form (the courier's phone) is marked under itself and takes focus; the step stays
          const field = send.form ? refusedFieldOf(e) : null;
          if (field && send.form) {
            ui.setFieldError(send.form, field, messageOf(e, ctx), { focus: true });
            fieldRefused = true;
            continue;
          }
          ok = false;
          checkout.setDelivery({ error: messageOf(e, ctx) });
        }
      }
      if (fieldRefused) {
        if (ok) checkout.setDelivery({ error: null });
        throw new ActionError('delivery contact refused', true);
      }
      if (!ok) ui.showToast({ kind: 'error', message: 'delivery.error.failed' });
      else checkout.setDelivery({ error: null });
      await goNext(ctx);
    },
  }),
];
