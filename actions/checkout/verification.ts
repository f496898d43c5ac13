// The prepaid eSIM e-mail step (VERIFICATION, seed 001 §4): a one-time code goes to the e-mail (valid 300 s, a visible
// timer and resend); the code confirms the address. What follows is the screen's: a signed-in customer moves on to
// the next step, a guest's order is submitted with payment mode CreditCard (the screen chains checkout.submitOrder).
// State: stores.checkout.verification.
import { defineAction, ActionError } from '../define';
import type { ActionContext } from '../define';
import { ApiError } from '../api/errors';

/** The server's message of a refused call (or the generic one); shown in the step and as a toast. */
function refused(ctx: ActionContext, e: unknown): never {
  if (!(e instanceof ApiError)) throw e;
  const text = e.message || ctx.stores.session.t('error.generic');
  ctx.stores.checkout.setVerification({ error: text, sending: false });
  ctx.stores.ui.showToast({ kind: 'error', text });
  throw new ActionError('verification refused', true);
}

export default [
  defineAction({
    name: 'checkout.sendEmailCode',
    description: 'Sends the one-time code of the e-mail verification step to the e-mail address (POST prepaidEmailOtp; valid 300 s; a new code replaces the old one) and starts the visible timer. On failure the sent state is cleared and the server\'s message is shown.',
    args: { type: 'object', required: ['email'], properties: { email: { type: 'string' } } },
    async run(args, ctx) {
      const { checkout } = ctx.stores;
      const email = args.email.trim();
      checkout.setVerification({ sending: true, error: null });
      try {
        const r = await ctx.api.call('prepaidEmailOtp', { body: { email }, silent: true });
        checkout.setVerification({ email, expiresAt: r.expiresAt, sending: false, error: null });
      } catch (e) {
        checkout.setVerification({ expiresAt: null, email: null });
        refused(ctx, e);
      }
    },
  }),
  defineAction({
    name: 'checkout.verifyEmail',
    description: 'Confirms the e-mail with its code (POST prepaidEmailVerify): the address becomes the cart\'s contact and eSIM delivery address, payment mode CreditCard is chosen. A guest also sends first and last name and the prepaid guest checkout terms consent. A wrong, expired or unsent code stops the sequence with the server\'s message ("Potrebno je poslati kod.").',
    args: {
      type: 'object', required: ['email', 'otpCode'],
      properties: {
        email: { type: 'string' }, otpCode: { type: 'string' }, firstName: { type: 'string' }, lastName: { type: 'string' },
        prepaidGuestTermsConsent: { type: 'boolean' },
      },
    },
    async run(args, ctx) {
      const { checkout, cart } = ctx.stores;
      if (checkout.submitting) throw new ActionError('busy', true);
      checkout.setVerification({ error: null });
      const body: Record<string, unknown> = { email: args.email.trim(), otpCode: args.otpCode.trim() };
      for (const k of ['firstName', 'lastName', 'prepaidGuestTermsConsent'] as const) if (args[k] !== undefined) body[k] = args[k];
      try {
        const r = await ctx.api.call('prepaidEmailVerify', { body: body as never, silent: true });
        cart.setCart(r.cart);
        checkout.setVerification({ verifiedEmail: body.email as string, error: null });
        checkout.selectPaymentMode('CreditCard');
      } catch (e) {
        refused(ctx, e);
      }
    },
  }),
];
