import { userKnown } from '../stores/session';
import { defineAction, defineLoad, defineSetter, ActionError } from '../define';
import type { ActionContext } from '../define';
import type { Cart } from '../stores/types';
import { scrollToTop, pendingOrder, rememberPendingOrder } from '../dom';
import { clearToGo, firstUnfinishedBefore, goNext, goToCheckout, stepIndexForPath, validateCart } from '../checkout-rules';
import { userDataCheck } from '../session/account';
import { closeModal, goTo, openModal } from '../destinations';
import { markRefusedField, sendForm } from '../form-submit';
import {
  chosenPaymentMode, contractDocsConsent, orderFailed, payOrConfirm, requireConsents, requireValidCart, sendPaymentChoice, submitTheOrder,
} from './checkout-order';
import { offerCardPaymentTypes, offerMonthlyBills, offerSavedCards, preselectPaymentMode, readPaymentChoices } from './checkout-payment';

const routePath = (ctx: ActionContext) => (ctx.scope.route as { path?: string } | undefined)?.path ?? '';
const routeQuery = (ctx: ActionContext) => (ctx.scope.route as { query?: Record<string, string> } | undefined)?.query ?? {};

/** A phone number as the contact-phone field takes it (seed 000 §5: digits, first 1–9): +381 / 0 prefixes dropped. */
export function localPhone(raw: string | null | undefined): string | null {
  let d = (raw ?? '').replace(/\D/g, '');
  if (d.startsWith('381')) d = d.slice(3);
  d = d.replace(/^0+/, '');
  return /^[1-9]\d{6,9}$/.test(d) ? d : null;
}

/** (the contract documents' consent: actions/checkout/checkout-order.ts) */
export { contractDocsConsent };

export default [
  defineAction({
    name: 'checkout.proceed',
    description: 'Proceed to checkout (seed 000 §4): forced → checkout; not signed in → remembered for checkout, then the guest-or-login modal (guest, standalone, prepaid guest carts) or the header login menu with an info toast saying why (checkout.error.signInRequired: the other checkout types, e.g. a home package); signed in: light account, subaccount and OTP users get an error toast (user.lightAccount / user.subaccount / user.otpLogin), weak password → /podaci/slaba-lozinka, unset e-mail → /podaci/dopuni-podatke (fixing it continues to checkout), others → checkout.',
    args: { type: 'object', properties: { forced: { type: 'boolean' } } },
    async run(args, ctx) {
      const { session, cart, ui } = ctx.stores;
      cart.setMiniCartOpen(false);
      if (args.forced) return goToCheckout(ctx);
      if (!session.isAuthorized) {
        session.setRememberCheckout(true);
        // the cart's flow says whether a guest may buy it (schemas/flows/ signInRequired, answered with the cart)
        if (cart.cart?.checkoutSignInRequired !== true) await openModal(ctx, 'guestOrLogin', { checkoutType: cart.cart?.checkoutType ?? null });
        else {
          // a home package or a postpaid contract: the login, with why (the server refuses a guest's order of it)
          ui.showToast({ kind: 'info', message: 'checkout.error.signInRequired' });
          session.setLoginMenuOpen(true);
        }
        return;
      }
      const u = session.user;
      if (u?.isLightAccount) { ui.showToast({ kind: 'error', message: 'user.lightAccount' }); return; }
      if (u?.subaccountLogin) { ui.showToast({ kind: 'error', message: 'user.subaccount' }); return; }
      if (u?.otpLogin) { ui.showToast({ kind: 'error', message: 'user.otpLogin' }); return; }
      if (await userDataCheck(ctx, true)) return;
      await goToCheckout(ctx);
    },
  }),
  defineAction({
    name: 'checkout.continueAsGuest',
    description: 'From the guest-or-login modal: closes it and goes to the first step of the guest checkout.',
    async run(_args, ctx) {
      await closeModal(ctx, 'guestOrLogin');
      await goToCheckout(ctx);
    },
  }),
  defineAction({
    name: 'checkout.start',
    description: 'Checkout start (seed 000 §4): compares the cart entry codes with the server — if they differ, replaces the cart, shows the cart-changed toast and stops: the shopper is taken back to the cart (cartChanged.to, replace navigation; cartChanged.openMiniCart opens the mini cart there) and no checkout step is shown. Otherwise validates the cart and loads the steps (checkoutSteps). Step guard: when an earlier step is not done (its doneWhen in the flow), goes to the first such step instead.',
    args: {
      type: 'object',
      required: ['cartChanged'],
      properties: {
        cartChanged: {
          type: 'object',
          required: ['to'],
          properties: { to: { type: 'string', minLength: 1 }, openMiniCart: { type: 'boolean' } },
        },
      },
    },
    async run(args, ctx) {
      const { cart, checkout, ui } = ctx.stores;
      const local = cart.cart ? [...cart.entryCodes].sort() : null;
      let server = await ctx.api.call('fullCart');
      // back from the gateway page without paying (browser Back): the order's cart comes back, its session is re-used
      const abandoned = pendingOrder();
      if (abandoned && (server?.entries ?? []).length === 0 && (local ?? []).length === 0) {
        rememberPendingOrder(null);
        try {
          server = (await ctx.api.call('retryOrder', { body: { orderCode: abandoned }, silent: true })).cart;
          cart.setCart(server);
        } catch (e) {
          console.error('[checkout.start] reopen', e); // paid meanwhile, or a new cart: the empty cart stays
        }
      }
      const remote = (server?.entries ?? []).map((e) => e.product.code).sort();
      if (local !== null && JSON.stringify(local) !== JSON.stringify(remote)) {
        cart.setCart(server);
        ui.showToast({ kind: 'error', message: 'error.cartChanged' });
        // stop (seed 000 §4): back to the cart, the checkout step's address leaves the history
        ctx.navigate(args.cartChanged.to, { replace: true });
        if (args.cartChanged.openMiniCart) cart.setMiniCartOpen(true);
        throw new ActionError('cart changed', true); // the screen's other loads do not run for a page being left
      }
      cart.setCart(server);
      const { ok } = await validateCart(ctx, false);
      const i = stepIndexForPath(checkout.steps, routePath(ctx));
      // the step guard: a later step's address opened before the earlier steps are done → the first step not done
      const open = firstUnfinishedBefore(checkout.steps, i);
      if (open) {
        ctx.navigate(open.url, { replace: true });
        throw new ActionError('step guard', true); // the screen's other loads do not run for a page being left

      }
      checkout.setCurrentStep(i >= 0 ? checkout.steps[i].code : null);
      if (!ok) scrollToTop();
    },
  }),
  defineAction({
    name: 'checkout.prefillCustomer',
    description: 'A signed-in customer\'s own data (first and last name, e-mail, contact phone) into the data step\'s form (customerData of form `form`, default "guest"), only into fields still empty: nothing the shopper typed is overwritten. Does nothing for a guest.',
    args: { type: 'object', properties: { form: { type: 'string' } } },
    async run(args, ctx) {
      const { session } = ctx.stores;
      // on a fresh page the boot's user check may still be running
      await userKnown(session);
      const u = session.user;
      if (!session.isAuthorized || !u) return;
      const id = args.form ?? 'guest';
      const data = ctx.stores.ui.forms[id]?.data ?? {};
      const current = (data.customerData as Record<string, unknown> | undefined) ?? {};
      const own: Record<string, string | null> = { firstName: u.firstName, lastName: u.lastName, contactEmail: u.email, contactPhone: localPhone(u.contactPhoneNumber) };
      const next: Record<string, unknown> = { ...current };
      let changed = false;
      for (const [k, v] of Object.entries(own)) {
        if (v && (next[k] === undefined || next[k] === '')) { next[k] = v; changed = true; }
      }
      if (changed) ctx.stores.ui.setFormData(id, { ...data, customerData: next });
    },
  }),
  defineAction({
    name: 'checkout.next',
    description: 'Goes to the url of the next checkout step once a removal or validation in flight is done; while a cart conflict exists it only scrolls to the top.',
    run: (_args, ctx) => goNext(ctx),
  }),
  defineAction({
    name: 'checkout.back',
    description: 'Goes to the url of the previous checkout step; on the first step back to the offer page: the backToOffer arg if given, else the flow\'s backToOffer (from cart-validate), else the phone list.',
    args: { type: 'object', properties: { backToOffer: { type: 'string' } } },
    async run(args, ctx) {
      const { checkout } = ctx.stores;
      const i = stepIndexForPath(checkout.steps, routePath(ctx));
      const back = args.backToOffer ?? checkout.backToOffer;
      if (i > 0) ctx.navigate(checkout.steps[i - 1].url);
      else if (back) ctx.navigate(back);
      else await goTo(ctx, 'offer');
    },
  }),
  defineAction({
    name: 'checkout.reset',
    description: 'The cart reset (seed 000 §7 "POST cart reset", body checkoutStep): resets the checkout\'s progress from a step on — the step before the current step\'s address (from: "previous", the step "Izmeni" / Back leads to), the current one or the first — so that step and every later one are gone through again (what each step chose is named by its clears in the flow); the cart from the answer. Nothing to reset (no such step): nothing is called. A refused reset is logged and the sequence goes on (the step guard still holds).',
    args: { type: 'object', required: ['from'], properties: { from: { enum: ['previous', 'current', 'first'] } } },
    async run(args, ctx) {
      const { checkout, cart } = ctx.stores;
      const i = stepIndexForPath(checkout.steps, routePath(ctx));
      const at = args.from === 'first' ? 0 : args.from === 'current' ? i : i - 1;
      const step = at >= 0 ? checkout.steps[at] : undefined;
      if (!step) return;
      try {
        const res = await ctx.api.call('checkoutReset', { body: { checkoutStep: step.code }, silent: true });
        if (res?.cart) cart.setCart(res.cart);
      } catch (e) {
        console.error('[checkout.reset]', e);
      }
    },
  }),
  defineAction({
    name: 'checkout.submitGuest',
    description: 'Guest submit (seed 000 §4): waits for a removal or validation in flight; while a cart conflict stands only scrolls to the top; validates the forms (the first invalid field scrolls into view), sends the form data to the calls its document declares ("submit" of the form `form`, default "guest": the guest data, the delivery time slot if chosen), goes to the next step; a refusal naming a field of the form (its subject, e.g. body/customerData/contactPhone) marks that field, which takes focus and scrolls into view; another failure shows the delivery/payment error toast.',
    args: { type: 'object', properties: { form: { type: 'string' } } },
    async run(args, ctx) {
      const { ui, cart } = ctx.stores;
      const formId = args.form ?? 'guest';
      // a removal or validation in flight decides the conflict first (a quick Next right after a removal)
      if (!(await clearToGo(ctx))) throw new ActionError('cart conflict', true);
      if (!ui.validateForms()) throw new ActionError('invalid form', true);
      try {
        // the calls and their bodies as the form document declares them ("submit", checked by npm run schemas:check
        // against each call's contract): the guest data, then the delivery time slot if one was chosen; the cart each
        // call answers is kept at once
        await sendForm(ctx.api, formId, ui.forms[formId]?.data ?? {}, ctx.stores, (res) => {
          const replied = (res as { cart?: Cart } | undefined)?.cart;
          if (replied) cart.setCart(replied);
        });
      } catch (e) {
        console.error('[checkout.submitGuest]', e);
        // a refused field (a phone, an e-mail the server will not take) is marked under itself and takes focus, like
        // the personal data's refusals; anything else is the delivery/payment error toast
        if (!markRefusedField(ui, formId, e)) ui.showToast({ kind: 'error', message: 'checkout.error.deliveryPayment' });
        throw new ActionError('guest submit failed', true);
      }
      ui.clearFieldErrors(formId);
      if (ctx.stores.checkout.steps.length === 0) await validateCart(ctx, true);
      await goNext(ctx);
    },
  }),
  defineAction({
    name: 'checkout.loadPayment',
    description: 'Loads the payment modes the cart\'s checkout offers (schemas/rules/payment-modes.json) with the card payment types, the consent templates (non-required consents start unchecked) and, for a signed-in customer, the monthly bills (e-bills) and saved cards; preselects the cart\'s payment mode or the first one, the chosen or first monthly bill, the first valid saved card, and the first card payment type that can be used.',
    async run(_args, ctx) {
      const { checkout, session } = ctx.stores;
      const q = session.lang === 'en' ? { lang: 'en' } : undefined;
      // after a reload the boot's user check may still be running: wait for it (else a signed-in customer looks anonymous)
      await userKnown(session);
      const { modes, consents, bills, cards } = await readPaymentChoices(ctx, q);
      checkout.setPaymentModes(modes.paymentModes ?? []);
      checkout.setConsentTemplates(consents.consentTemplates ?? []);
      offerMonthlyBills(ctx, bills);
      const usable = offerSavedCards(ctx, cards);
      offerCardPaymentTypes(ctx, modes, usable);
      preselectPaymentMode(ctx);
    },
  }),
  defineSetter({
    name: 'checkout.selectBillingAccount',
    description: 'Chooses the monthly bill (billingAccountId) a ChargeGroupAccount order is charged to; sent with "set monthly bill" on submit.',
    args: { type: 'object', required: ['code'], properties: { code: { type: 'string', minLength: 1 } } },
    set: (args, { checkout }) => checkout.selectBillingAccount(args.code),
  }),
  defineSetter({
    name: 'checkout.selectCardPaymentType',
    description: 'Chooses how the card is given: SAVED_CARD (a saved card), NEW_CARD_SAVE (a new card, saved after payment) or NEW_CARD (a new card, not saved).',
    args: { type: 'object', required: ['code'], properties: { code: { type: 'string', enum: ['SAVED_CARD', 'NEW_CARD_SAVE', 'NEW_CARD'] } } },
    set: (args, { checkout }) => checkout.selectCardPaymentType(args.code),
  }),
  defineSetter({
    name: 'checkout.selectSavedCard',
    description: 'Chooses the saved card (its id) a SAVED_CARD payment is made with.',
    args: { type: 'object', required: ['code'], properties: { code: { type: 'string', minLength: 1 } } },
    set: (args, { checkout }) => checkout.selectCard(args.code),
  }),
  defineSetter({
    name: 'checkout.setConsent',
    description: 'Checks or unchecks a consent.',
    args: { type: 'object', required: ['id', 'value'], properties: { id: { type: 'string', minLength: 1 }, value: { type: 'boolean' } } },
    set: (args, { checkout }) => checkout.setConsent(args.id, args.value),
  }),
  defineSetter({
    name: 'checkout.selectPaymentMode',
    description: 'Chooses the payment mode (CreditCard, Delivery, ChargeGroupAccount, ChargeNewGroupAccount).',
    args: { type: 'object', required: ['code'], properties: { code: { type: 'string', minLength: 1 } } },
    set: (args, { checkout }) => checkout.selectPaymentMode(args.code),
  }),
  defineAction({
    name: 'checkout.submitOrder',
    description: 'Submit order (seed 000 §4, steps 1–8): validation trigger, required consents, cart validate, monthly bill, payment type, submit; card → authorize and go to the gateway; else the successful-order page after 1500 ms; failure → unsuccessful-order page; card limit → its own message.',
    args: { type: 'object', properties: { creditCardPaymentType: { type: 'string' }, creditCardId: { type: 'string' }, billingAccountId: { type: 'string' } } },
    async run(args, ctx) {
      const { checkout } = ctx.stores;
      if (checkout.submitting) return;
      requireConsents(ctx);
      const mode = chosenPaymentMode(args, ctx);
      checkout.setSubmitting(true);
      try {
        await requireValidCart(ctx);
        await sendPaymentChoice(args, ctx, mode);
        const result = await submitTheOrder(ctx);
        await payOrConfirm(ctx, result);
      } catch (e) {
        await orderFailed(e, ctx);
      } finally {
        checkout.setSubmitting(false);
      }
    },
  }),
  defineAction({
    name: 'checkout.retryOrder',
    description: '"Pokušaj ponovo" after a failed or abandoned card payment: the server reopens the order\'s cart (entries, customer data, address, payment mode, consents) and the shopper goes to the overview to pay the same order again. Idempotent on the server; a second click while in flight does nothing.',
    args: { type: 'object', properties: { orderCode: { type: 'string' }, to: { type: 'string', minLength: 1 } } },
    async run(args, ctx) {
      const { checkout, cart } = ctx.stores;
      const orderCode = args.orderCode ?? routeQuery(ctx).orderCode ?? checkout.orderResult?.code;
      if (!orderCode) { if (args.to) ctx.navigate(args.to); else await goTo(ctx, 'checkoutOverview'); return; }
      if (checkout.submitting) return;
      checkout.setSubmitting(true);
      try {
        rememberPendingOrder(null);
        const res = await ctx.api.call('retryOrder', { body: { orderCode } });
        cart.setCart(res.cart);
        checkout.setOrderResult(null);
        checkout.setErrorMessage(null);
        checkout.setConflict(false);
        checkout.setConsentTemplates([]); // read again: the server tells the consents given for this order
        if (args.to) ctx.navigate(args.to);
        else await goTo(ctx, 'checkoutOverview');
      } finally {
        checkout.setSubmitting(false);
      }
    },
  }),
  defineLoad({
    name: 'checkout.loadConfirmation',
    description: 'Loads the order of the confirmation page (orderCode from the args or the address ?orderCode=).',
    args: { type: 'object', properties: { orderCode: { type: 'string' } } },
    async load(args, ctx) {
      const orderCode = args.orderCode ?? routeQuery(ctx).orderCode ?? ctx.stores.checkout.orderResult?.code;
      if (!orderCode) return;
      const res = await ctx.api.call('confirmationData', { query: { orderCode } });
      ctx.stores.checkout.setConfirmation(res.order ?? res);
    },
  }),
];
