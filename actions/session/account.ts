import { defineAction, ActionError } from '../define';
import type { ActionContext } from '../define';
import { ApiError } from '../api/errors';
import type { SessionUser } from '../stores/session';
import { forgetUser, rememberUser, remembersUser, storeNotice, takeNotice } from './storage';
import { runCartMerge } from '../cart-response';
import { sendForm } from '../form-submit';

import { goTo, isAt, ROUTES_DOC, type Destination } from '../destinations';
import { evaluate } from '../../core/conditions';
import type { AccountGate } from '../../schemas/types/rule';

/** Seed 001 §8 token fetch failure: "the user identification is not active". */
export const IDENTIFICATION_NOTICE = 'user.identificationNotActive';

async function reloadCart(ctx: ActionContext): Promise<void> {
  try {
    ctx.stores.cart.setCart(await ctx.api.call('fullCart', { silent: true }));
  } catch (e) {
    console.error('[session] cart', e);
  }
}

/** Loads the user info into the session (and the browser storage of seed 001 §3). */
export async function loadUserInfo(ctx: ActionContext): Promise<SessionUser> {
  const user = await ctx.api.call('userInfo', { query: { isPaymentDetailsRequired: true } });
  ctx.stores.session.setUser(user);
  rememberUser(user);
  return user;
}

/** The account gates of schemas/rules/routes.json (the checker proves each names a destination of the document). */
async function accountGates(ctx: ActionContext): Promise<AccountGate[]> {
  return (await ctx.api.getDocument<{ accountGates?: AccountGate[] }>(ROUTES_DOC)).accountGates ?? [];
}

/**
 * The account gates (seed 001 §4, seed 000 §4; schemas/rules/routes.json `accountGates`): the first gate whose
 * condition holds for { user, toCheckout, atSignIn } sends the shopper to its destination — a weak password to
 * /Slaba-lozinka or /podaci/slaba-lozinka, a missing e-mail to /podaci/dopuni-podatke as the document has it. Where
 * the shopper was going is remembered (/account/continueTo: checkout, or the page of the sign-in — not a page where
 * the account is being fixed or signed in to), so fixing it continues there. Answers true when the user must fix the
 * account first.
 */
export async function userDataCheck(ctx: ActionContext, toCheckout = false, atSignIn = false): Promise<boolean> {
  const user = ctx.stores.session.user;
  if (!user) return false;
  const gates = await accountGates(ctx);
  const gate = gates.find((g) => evaluate(g.when, { user, toCheckout, atSignIn }));
  if (!gate) return false;
  const { account } = ctx.stores;
  if (toCheckout) account.setContinueTo('checkout');
  else if (!account.continueTo) {
    const here = routeOf(ctx).path ?? '';
    const fixingPages = ['login', ...gates.map((g) => g.to)] as Destination[];
    const fixing = (await Promise.all(fixingPages.map((d) => isAt(ctx, d, here)))).some(Boolean);
    if (!account.continueTo) account.setContinueTo(fixing ? '' : here);
  }
  await goTo(ctx, gate.to as Destination);
  return true;
}

/** A form's data with every text trimmed (the other values as they are). */
const trimmed = (data: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(data).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]));

const routeOf = (ctx: ActionContext) => (ctx.scope.route as { path?: string; query?: Record<string, string> } | undefined) ?? {};

export default [
  defineAction({
    name: 'session.login',
    description: 'Sign-in (seed 001 §4): reads email + password (args from the header dropdown, else the form `form`, default "login"), both trimmed; posts authorize as the form document declares ("submit": the e-mail as userId, the base64 password); then the token, the user info, the (merged) cart, the statuses of the merge (GET mergeCart, handled as on add) and — when the merge has no issue — the weak-password / missing-email check. A failure marks both fields invalid and shows the server message; a blocked user goes to /Prijava-b2c?blocked=true. After an unauthenticated checkout attempt it proceeds to checkout.',
    args: { type: 'object', properties: { form: { type: 'string', minLength: 1 }, email: { type: 'string' }, password: { type: 'string' } } },
    async run(args, ctx) {
      const { session, ui, cart } = ctx.stores;
      const formId = args.form ?? 'login';
      const fromForm = args.email === undefined && args.password === undefined;
      if (fromForm && ui.hasFormValidator(formId) && !ui.validateForms([formId])) throw new ActionError('invalid login form', true);
      // the values as typed, without the spaces around them (seed 001 §4: both trimmed)
      const data = trimmed(fromForm ? (ui.forms[formId]?.data ?? {}) : args);
      const email = String(data.email ?? '');
      if (!email || !data.password) {
        session.setLoginFailure(session.t('validation.required'));
        throw new ActionError('login fields missing', true);
      }
      session.setLoginPending(true);
      try {
        // what the form document declares ("submit" of schemas/forms/login.json: the e-mail as userId, the password
        // in base64, rememberMe false)
        await sendForm(ctx.api, formId, data);
      } catch (e) {
        session.setLoginPending(false);
        session.setUser(null);
        if (e instanceof ApiError && e.type === 'MtsBlockedUserError') {
          // seed 001 §8: to the login page with the blocked parameter, which shows the blocked notice
          session.setLoginFailure(null);
          session.setLoginMenuOpen(false);
          await goTo(ctx, 'login', { query: { blocked: 'true' } });
          throw new ActionError(e.message, true);
        }
        if (e instanceof ApiError) session.setLoginFailure(e.message);
        throw e; // the shared error handler shows the server message
      }
      // signed in: the dropdown and the mini cart close before the user's initial shows in the header, so a click on
      // either while the cart still loads opens it (closing them only at the end took that click back)
      session.setLoginMenuOpen(false);
      cart.setMiniCartOpen(false);
      try {
        session.setLoginFailure(null);
        await ctx.api.fetchToken();
        await loadUserInfo(ctx);
        await reloadCart(ctx);
      } finally {
        session.setLoginPending(false);
      }
      // the error toasts of earlier failed attempts are answered now
      for (const t of ui.toasts.filter((x) => x.kind === 'error')) ui.dismissToast(t.id);
      if (ui.forms[formId]) ui.setFormData(formId, { email });
      const toCheckout = session.rememberCheckout;
      const onLoginPage = await isAt(ctx, 'login', routeOf(ctx).path);
      // the cart merge's statuses are handled as on add (seed 000 §4); the account checks wait until the merge has
      // no replace, limit, not-eligible or accessories issue (seed 001 §4) — a pending replacement is decided in
      // the replace modal, which then goes on to checkout when the shopper came from there
      let blocked = false;
      try {
        ({ blocked } = await runCartMerge(ctx, toCheckout));
      } catch (e) {
        console.error('[session.login] cart merge', e);
      }
      if (blocked) {
        if (!toCheckout && onLoginPage) await goTo(ctx, 'home');
        return;
      }
      if (await userDataCheck(ctx, toCheckout, true)) {
        session.setRememberCheckout(false);
        return;
      }
      if (toCheckout) {
        session.setRememberCheckout(false);
        await ctx.dispatch({ action: 'checkout.proceed', args: {} });
        return;
      }
      if (onLoginPage) await goTo(ctx, 'home');
    },
  }),
  defineAction({
    name: 'session.logout',
    description: 'Sign-out (seed 001 §4): posts logout; on success clears the authorized flag, the stored user data and service flags and the token (a fresh anonymous one is fetched), reloads the cart and shows the server message as a success toast. On error the user stays authorized.',
    async run(_args, ctx) {
      const { session, ui } = ctx.stores;
      const res = await ctx.api.call('logout');
      session.setUser(null);
      session.setRememberCheckout(false);
      session.setLoginMenuOpen(false);
      forgetUser();
      session.setToken(null);
      try {
        await ctx.api.fetchToken();
      } catch (e) {
        console.error('[session.logout] token', e);
      }
      await reloadCart(ctx);
      if (res?.message) ui.showToast({ kind: 'success', text: res.message });
      else ui.showToast({ kind: 'success', message: 'user.logout.success' });
    },
  }),
  defineAction({
    name: 'session.loadUser',
    description: 'Loads the signed-in user (GET user info) into /session/user. With ifSignedIn (boot): asks the token call whether the session is signed in first and never fails — an anonymous session just clears the stored user data.',
    args: { type: 'object', properties: { ifSignedIn: { type: 'boolean' } } },
    async run(args, ctx) {
      const { session } = ctx.stores;
      if (!args.ifSignedIn) {
        await loadUserInfo(ctx);
        return;
      }
      try {
        // the boot's token answer (one token request per page load)
        const t = await ctx.api.token();
        if (t.authorized) await loadUserInfo(ctx);
        else { session.setUser(null); forgetUser(); }
      } catch (e) {
        console.error('[session.loadUser]', e);
        // Seed 001 §8: a token failure of a remembered user — unauthorized, and the home page tells that the user
        // identification is not active (the stored notice is shown there as an error toast, then removed).
        if (e instanceof ApiError && remembersUser()) {
          session.setUser(null);
          forgetUser();
          storeNotice(IDENTIFICATION_NOTICE);
          const path = routeOf(ctx).path;
          const home = (await isAt(ctx, 'home', path)) || (await isAt(ctx, 'homeOverview', path));
          if (path !== undefined && !home) await goTo(ctx, 'home', { replace: true });
        }
      } finally {
        session.setUserKnown();
        const notice = takeNotice();
        if (notice) ctx.stores.ui.showToast({ kind: 'error', message: notice });
      }
    },
  }),
  defineAction({
    name: 'session.setLoginMenu',
    description: 'Opens (open: true), closes (open: false) or toggles (no open) the header login dropdown; opening it closes the mini cart.',
    args: { type: 'object', properties: { open: { type: 'boolean' } } },
    run(args, ctx) {
      const { session, cart } = ctx.stores;
      const open = args.open ?? !session.loginMenuOpen;
      if (open) cart.setMiniCartOpen(false);
      else session.setLoginFailure(null);
      session.setLoginMenuOpen(open);
    },
  }),
];
