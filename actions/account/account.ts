import { defineAction, defineLoad, defineSetter, ActionError } from '../define';
import type { ActionContext } from '../define';
import { ApiError } from '../api/errors';
import { loadUserInfo, userDataCheck } from '../session/account';
import { goTo } from '../destinations';
import type { ResponseOf } from '../api/client';
import { checkedForm, formDataOf, sendFormData, stopOnRefusal } from '../form-action';

/** Where the account pages lead (seed 001 §2). */
export const CONTINUE_CHECKOUT = 'checkout';

const str = (d: Record<string, unknown>, k: string) => String(d[k] ?? '').trim();

/**
 * A refused call: a 4xx message goes to the page's error box (and, for a taken username, the error toast of seed
 * 001 §5) — or, for a form sent as its document declares (sendForm, `formId`), a refusal naming one of its fields
 * under that field, which takes focus; the action stops as handled. Other errors go on to the shared handler.
 */
function refused(ctx: ActionContext, e: unknown, formId?: string): never {
  if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 401) {
    if (e.errors[0]?.reason === 'usernameTaken') ctx.stores.ui.showToast({ kind: 'error', text: e.message });
    if (e.errors[0]?.subject === 'tisAddressCode') ctx.stores.account.setAddressError('tisAddressCode');
    stopOnRefusal(ctx, e, ctx.stores.account.setError, formId);
  }
  throw e;
}

async function attempt<T>(ctx: ActionContext, run: () => Promise<T>): Promise<T> {
  ctx.stores.account.setError(null);
  try {
    return await run();
  } catch (e) {
    refused(ctx, e);
  }
}

/** Sends a one-time code to an e-mail typed in a form (none typed: the page says to type it first); the timer starts. */
async function sendEmailCode(ctx: ActionContext, email: string, send: (email: string) => Promise<{ expiresInSeconds: number }>): Promise<void> {
  const { account, session } = ctx.stores;
  if (!email) { account.setError(session.t('account.code.emailFirst')); throw new ActionError('no e-mail', true); }
  const r = await attempt(ctx, () => send(email));
  account.codeWasSent(email, r.expiresInSeconds);
}

/**
 * Sends a form as its document declares ("submit" of schemas/forms/<formId>.json: the calls, only the fields of its
 * data schema, empty ones left out, and the values its "with" reads from the stores) and answers the first call's response with the data as sent (the schema's defaults
 * filled in); refusals as `refused` (a named field marked under itself).
 */
async function submitForm<T>(ctx: ActionContext, formId: string, data: Record<string, unknown>): Promise<{ response: T; sent: Record<string, unknown> }> {
  ctx.stores.account.setError(null);
  try {
    const { responses, data: sent } = await sendFormData(ctx, formId, data);
    ctx.stores.ui.clearFieldErrors(formId);
    return { response: responses[0] as T, sent };
  } catch (e) {
    refused(ctx, e, formId);
  }
}

/** After a change that rotated the session: a token of the new session, the user, the cart. */
async function afterAccountChange(ctx: ActionContext): Promise<void> {
  await ctx.api.fetchToken();
  await loadUserInfo(ctx);
  try {
    ctx.stores.cart.setCart(await ctx.api.call('fullCart', { silent: true }));
  } catch (e) {
    console.error('[account] cart', e);
  }
}

/** Registered or reset: the account is signed in on a new session (the code is used up); the shopper goes to `next`. */
async function signedInTo(ctx: ActionContext, next: string): Promise<void> {
  ctx.stores.account.resetCode();
  await afterAccountChange(ctx);
  ctx.navigate(next);
}

/** Where a fixed account continues: the next account check, then checkout or the page the shopper was going to. */
async function continueAfterFix(ctx: ActionContext): Promise<void> {
  const { account } = ctx.stores;
  const toCheckout = account.continueTo === CONTINUE_CHECKOUT;
  if (await userDataCheck(ctx, toCheckout)) return;
  const to = account.continueTo;
  account.setContinueTo('');
  if (toCheckout) {
    await ctx.dispatch({ action: 'checkout.proceed', args: {} });
    return;
  }
  ctx.navigate(to || '/');
}

export default [
  defineLoad({
    name: 'account.openPage',
    description: 'An account page opened (registration, recovery, password change, fill data): clears what an earlier page left (error, code, recovery); with address: true loads the municipalities of the address system (a failed lookup gives an empty list).',
    args: { type: 'object', properties: { address: { type: 'boolean' } } },
    async load(args, ctx) {
      const { account } = ctx.stores;
      account.reset();
      if (!args.address || account.address.municipalities.length > 0) return;
      const r = await ctx.api.call('homeMunicipalities', { silent: true });
      account.setAddressOptions('municipalities', r.municipalities.map((m) => ({ code: m.code, name: m.name })));
    },
    failed: (_args, { account }) => account.setAddressOptions('municipalities', []),
  }),
  defineAction({
    name: 'account.setAddressField',
    description: 'Sets one part of the registration address; a municipality, locality or street loads the next list of the address system (failed lookups give empty lists) and empties the parts below.',
    args: { type: 'object', required: ['field', 'value'], properties: { field: { enum: ['municipalityCode', 'localityCode', 'streetCode', 'tisAddressCode', 'apartment'] }, value: { type: 'string', maxLength: 60 } } },
    async run(args, ctx) {
      const { account } = ctx.stores;
      account.setAddressField(args.field, args.value);
      const a = account.address;
      const load = async (list: 'localities' | 'streets' | 'numbers', call: () => Promise<Array<{ code: string; name: string }>>) => {
        try { account.setAddressOptions(list, await call()); } catch (e) { console.error('[account.setAddressField]', e); account.setAddressOptions(list, []); }
      };
      if (!args.value) return;
      if (args.field === 'municipalityCode') {
        await load('localities', async () => (await ctx.api.call('homeLocations', { query: { municipalityCode: a.municipalityCode }, silent: true })).locations);
      } else if (args.field === 'localityCode') {
        await load('streets', async () => (await ctx.api.call('homeStreets', { query: { municipalityCode: a.municipalityCode, localityCode: a.localityCode }, silent: true })).streets);
      } else if (args.field === 'streetCode') {
        await load('numbers', async () => (await ctx.api.call('homeStreetNumbers', { query: { municipalityCode: a.municipalityCode, streetCode: a.streetCode }, silent: true }))
          .streetnumbers.map((n) => ({ code: n.tisAddressCode, name: n.number })));
      }
    },
  }),
  defineAction({
    name: 'account.registerFromCart',
    description: 'The mini cart\'s registration link (seed 001 §2, §8): an empty cart shows the empty-cart error toast; with items the shopper goes to the registration check /kupovina/registracija-provera.',
    async run(_args, ctx) {
      const { cart, ui } = ctx.stores;
      if ((cart.cart?.entries ?? []).length === 0) {
        ui.showToast({ kind: 'error', message: 'cart.empty' });
        return;
      }
      cart.setMiniCartOpen(false);
      await goTo(ctx, 'registrationCheck');
    },
  }),
  defineAction({
    name: 'account.sendRegistrationCode',
    description: 'Sends the registration e-mail code (POST register/otp, 300 s) to the e-mail field (default uid) of the form; the e-mail must be well-formed and not registered yet. The timer starts.',
    args: { type: 'object', required: ['form'], properties: { form: { type: 'string', minLength: 1 }, field: { type: 'string', minLength: 1 } } },
    async run(args, ctx) {
      await sendEmailCode(ctx, str(formDataOf(ctx, args.form), args.field ?? 'uid'), (email) => ctx.api.call('registerOtp', { body: { email } }));
    },
  }),
  defineAction({
    name: 'account.checkUsername',
    description: 'Username availability (seed 001 §5), run when the shopper leaves the username field (Form blurFields): asks the server (POST checkusername) once per new value, never per keystroke; a taken username shows the error toast and the field\'s error (until the field changes). A malformed username is left to the field\'s own rule.',
    args: { type: 'object', required: ['form'], properties: { form: { type: 'string', minLength: 1 } } },
    async run(args, ctx) {
      const { account, session, ui } = ctx.stores;
      const username = str(formDataOf(ctx, args.form), 'username');
      if (!username || username === account.usernameChecked) return;
      let free: boolean;
      try {
        free = await ctx.api.call('checkUsername', { body: { username }, silent: true });
      } catch (e) {
        if (e instanceof ApiError && e.status === 400) return; // the format rule of the field says why
        throw e;
      }
      account.setUsernameAvailable(free, username);
      ui.setFieldError(args.form, 'username', free ? null : session.t('account.usernameTaken'));
      if (!free) ui.showToast({ kind: 'error', message: 'account.usernameTaken' });
    },
  }),
  defineAction({
    name: 'account.identifyCustomer',
    description: 'Existing customer without an account: finds the customer by JMBG and customer number (POST register/jmbg) and goes to `next`, the page where the account is chosen.',
    args: { type: 'object', required: ['form', 'next'], properties: { form: { type: 'string', minLength: 1 }, next: { type: 'string', minLength: 1 } } },
    async run(args, ctx) {
      const d = checkedForm(ctx, args.form);
      const { response: c } = await submitForm<ResponseOf<'registerJmbg'>>(ctx, args.form, d);
      ctx.stores.account.setCustomer({ ...c, jmbg: str(d, 'jmbg') });
      ctx.navigate(args.next);
    },
  }),
  defineAction({
    name: 'account.register',
    description: 'Registration (POST register/new, the signUpWsDTO of seed 001 §3): sends the form as its document declares in "submit" — a new user (mode new) its customer data with the address chosen in the address system (tisAddressCode), an existing customer (mode existing) the customer number and data found by JMBG; both send uid (the e-mail), username, password, its confirmation and the e-mail code. The username is checked first (taken → error toast). On success the new account is signed in (new session), the cart kept, and the shopper goes to `next`.',
    args: { type: 'object', required: ['form', 'mode', 'next'], properties: { form: { type: 'string', minLength: 1 }, mode: { enum: ['new', 'existing'] }, next: { type: 'string', minLength: 1 } } },
    async run(args, ctx) {
      const { account, session, ui } = ctx.stores;
      const d = checkedForm(ctx, args.form);
      const a = account.address;
      const customer = account.customer;
      if (args.mode === 'new' && !a.tisAddressCode) {
        account.setError(session.t('account.address.required'));
        account.setAddressError('tisAddressCode');
        throw new ActionError('no address', true);
      }
      if (args.mode === 'existing' && !customer) {
        account.setError(session.t('account.register.identifyFirst'));
        throw new ActionError('no customer', true);
      }
      const username = str(d, 'username');
      const free = await attempt(ctx, () => ctx.api.call('checkUsername', { body: { username } }));
      account.setUsernameAvailable(free, username);
      if (!free) {
        ui.setFieldError(args.form, 'username', session.t('account.usernameTaken'));
        account.setError(session.t('account.usernameTaken'));
        ui.showToast({ kind: 'error', message: 'account.usernameTaken' });
        throw new ActionError('username taken', true);
      }
      // the account's fields as the form declares them ("submit" of schemas/forms/register-new.json: the customer data
      // grouped, the e-mail also the contact e-mail, the issue date converted, the address system's code; of
      // register-existing.json: the customer found by JMBG)
      const r = (await submitForm<ResponseOf<'registerNew'>>(ctx, args.form, d)).response;
      account.setRegistered({ username: r.username, email: r.email });
      await signedInTo(ctx, args.next);
    },
  }),
  defineAction({
    name: 'account.requestRecovery',
    description: 'Password recovery (seed 001 §2): sends a code by e-mail (300 s) or SMS (60 s) to the address of the form (fields channel, address). The page answers the same for known and unknown addresses.',
    args: { type: 'object', required: ['form'], properties: { form: { type: 'string', minLength: 1 } } },
    async run(args, ctx) {
      const { account } = ctx.stores;
      const d = checkedForm(ctx, args.form);
      const { response: r, sent } = await submitForm<ResponseOf<'passwordRecovery'>>(ctx, args.form, d);
      // the channel and address as sent (the form's default channel when none was chosen): the reset step sends them
      const channel = sent.channel === 'SMS' ? 'SMS' as const : 'EMAIL' as const;
      const address = str(sent, 'address');
      account.setRecovery({ channel, address });
      account.codeWasSent(address, r.expiresInSeconds);
    },
  }),
  defineAction({
    name: 'account.resetPassword',
    description: 'Reset by the recovery code (POST password/reset: code, new password and confirmation as the form document declares in "submit", with the channel and address the recovery step sent the code to); a refusal naming a field marks that field; the account is signed in on a new session and the shopper goes to `next`.',
    args: { type: 'object', required: ['form', 'next'], properties: { form: { type: 'string', minLength: 1 }, next: { type: 'string', minLength: 1 } } },
    async run(args, ctx) {
      const { account, session } = ctx.stores;
      const d = checkedForm(ctx, args.form);
      if (!account.recovery) { account.setError(session.t('otp.error.otpNotSent')); throw new ActionError('no recovery', true); }
      // the code and the new password as the form declares them, with the channel and address of the recovery step
      // ("with" of schemas/forms/password-reset.json: /account/recovery)
      await submitForm(ctx, args.form, d);
      await signedInTo(ctx, args.next);
    },
  }),
  defineAction({
    name: 'account.changePassword',
    description: 'Password change of the signed-in user (POST users/password: current password, new password, confirmation; the policy of seed 001 §5 and the last 5 passwords checked by the server). The session is rotated. With `next` the shopper goes there; without it (the weak-password pages) the shopper continues where they were going — the next account check, then checkout or the page they came from.',
    args: { type: 'object', required: ['form'], properties: { form: { type: 'string', minLength: 1 }, next: { type: 'string', minLength: 1 } } },
    async run(args, ctx) {
      const d = checkedForm(ctx, args.form);
      await submitForm(ctx, args.form, d);
      await afterAccountChange(ctx);
      ctx.stores.ui.showToast({ kind: 'success', message: 'account.change.done' });
      if (args.next) ctx.navigate(args.next);
      else await continueAfterFix(ctx);
    },
  }),
  defineAction({
    name: 'account.sendEmailCode',
    description: 'Fill data: sends a code (300 s) to the e-mail the signed-in customer adds (POST users/email/otp).',
    args: { type: 'object', required: ['form'], properties: { form: { type: 'string', minLength: 1 } } },
    async run(args, ctx) {
      await sendEmailCode(ctx, str(formDataOf(ctx, args.form), 'email'), (email) => ctx.api.call('emailOtp', { body: { email } }));
    },
  }),
  defineAction({
    name: 'account.setEmail',
    description: 'Fill data: sets the e-mail confirmed by its code (PUT users/email); the session is rotated and the shopper continues where they were going (checkout included).',
    args: { type: 'object', required: ['form'], properties: { form: { type: 'string', minLength: 1 } } },
    async run(args, ctx) {
      const d = checkedForm(ctx, args.form);
      await submitForm(ctx, args.form, d);
      ctx.stores.account.resetCode();
      await afterAccountChange(ctx);
      ctx.stores.ui.showToast({ kind: 'success', message: 'account.fill.done' });
      await continueAfterFix(ctx);
    },
  }),
  defineAction({
    name: 'account.continue',
    description: 'The success pages\' continue button: to checkout when the shopper came from there (the registration check, a checkout gate), else to the home page.',
    run: (_args, ctx) => continueAfterFix(ctx),
  }),
  defineSetter({
    name: 'account.continueTo',
    description: 'Remembers where the shopper continues after an account page (the checkout registration pages set "checkout").',
    args: { type: 'object', required: ['to'], properties: { to: { type: 'string' } } },
    set: (args, { account }) => account.setContinueTo(args.to),
  }),
];
