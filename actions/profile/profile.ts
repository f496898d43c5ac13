import { defineAction, type ActionContext } from '../define';
import type { ResponseOf } from '../api/client';
import { checkedForm, sendFormData, stopOnRefusal } from '../form-action';
import { loadUserInfo } from '../session/account';
import { rememberUser } from '../session/storage';
import type { SessionUser } from '../stores/session';

export const PERSONAL_DATA_FORM = 'personal-data';
export const PROFILE_CODE_FORM = 'profile-code';
export const PROFILE_EMAIL_FORM = 'profile-email';
export const PROFILE_EMAIL_CODE_FORM = 'profile-email-code';

/** After an account change the server rotated the session (new cookie): a fresh token for the new session. */
async function followRotation(ctx: ActionContext): Promise<void> {
  await ctx.api.fetchToken();
}

async function loadConsents(ctx: ActionContext): Promise<void> {
  const { profile } = ctx.stores;
  try {
    profile.setConsents((await ctx.api.call('userConsents', { silent: true })).consents);
  } catch (e) {
    profile.setConsents([]);
    stopOnRefusal(ctx, e, profile.setConsentError);
  }
}

const load = defineAction({
  name: 'profile.load',
  description: 'The profile page (seed 001 §2 /Profil/Izmena-licnih-podataka): for a signed-in customer fills the personal-data form from the user info and loads the consents (GET /users/consents); signed out, the page shows the sign-in prompt.',
  args: { type: 'object', properties: {} },
  async run(_args, ctx) {
    const { profile, session, ui } = ctx.stores;
    profile.setStep('edit');
    profile.setError(null);
    profile.setConsentError(null);
    profile.setConsents(null);
    profile.setEmailError(null);
    profile.resetEmailCode();
    ui.setFormData(PROFILE_EMAIL_FORM, {});
    ui.setFormData(PROFILE_EMAIL_CODE_FORM, {});
    let user: SessionUser | null = null;
    try {
      const t = await ctx.api.token();
      user = t.authorized ? await loadUserInfo(ctx) : null;
    } catch (e) {
      console.error('[profile.load]', e);
    }
    if (!user) { session.setUserKnown(); return; }
    ui.setFormData(PERSONAL_DATA_FORM, { firstName: user.firstName ?? '', lastName: user.lastName ?? '', contactPhoneNumber: user.contactPhoneNumber ?? '' });
    await loadConsents(ctx);
  },
});

const requestCode = defineAction({
  name: 'profile.requestCode',
  description: 'Personal-data change, step 1: validates the form (first and last name, mobile number) and asks for a one-time code (POST /users/security/requestotp), sent to the account\'s e-mail (else by SMS); then the page asks for the code. `again` sends a new code.',
  args: { type: 'object', properties: { form: { type: 'string', minLength: 1 }, again: { type: 'boolean' } } },
  async run(args, ctx) {
    const { ui, profile, session } = ctx.stores;
    profile.setError(null);
    const formId = args.form ?? PERSONAL_DATA_FORM;
    if (!args.again) checkedForm(ctx, formId, 'invalid personal data');
    try {
      const r = await ctx.api.call('securityRequestOtp', { body: { purpose: 'PERSONAL_DATA' } });
      ui.setFormData(PROFILE_CODE_FORM, {});
      profile.setStep('code', session.t('profile.code.sent', { destination: r.destination }));
      if (args.again) ui.showToast({ kind: 'info', message: 'profile.code.resent' });
    } catch (e) { stopOnRefusal(ctx, e, profile.setError); }
  },
});

const save = defineAction({
  name: 'profile.save',
  description: 'Personal-data change, step 2: sends the data with the code (PUT /users/personaldata: the code form as its document declares in "submit", with the personal-data form\'s fields); the server rotates the session, so a new token is fetched; the user in the header is updated and a success toast shows the server message.',
  args: { type: 'object', properties: { form: { type: 'string', minLength: 1 } } },
  async run(args, ctx) {
    const { ui, profile, session } = ctx.stores;
    profile.setError(null);
    const formId = args.form ?? PROFILE_CODE_FORM;
    checkedForm(ctx, formId, 'invalid code');
    try {
      // the code and the call as the form document declares them ("submit" of schemas/forms/profile-code.json), with
      // the personal data of the step before ("with": /ui/forms/personal-data/data/…)
      const { responses } = await sendFormData(ctx, formId);
      const r = responses[0] as ResponseOf<'personalDataUpdate'>;
      await followRotation(ctx);
      session.setUser(r.user);
      rememberUser(r.user);
      ui.setFormData(PERSONAL_DATA_FORM, { firstName: r.user.firstName, lastName: r.user.lastName, contactPhoneNumber: r.user.contactPhoneNumber ?? '' });
      profile.setStep('edit');
      ui.showToast({ kind: 'success', text: r.message });
    } catch (e) { stopOnRefusal(ctx, e, profile.setError); }
  },
});

const cancel = defineAction({
  name: 'profile.cancelCode',
  description: 'Personal-data change: back from the code to the form (nothing is changed).',
  args: { type: 'object', properties: {} },
  run(_args, ctx) { ctx.stores.profile.setError(null); ctx.stores.profile.setStep('edit'); },
});

const withdraw = defineAction({
  name: 'profile.withdrawConsent',
  description: 'Withdraws a consent (POST /users/consents/withdraw with consentTemplateId and consentCode); the session rotates (a new token is fetched); the list shows the new state and a success toast the server message.',
  args: { type: 'object', required: ['consentTemplateId', 'consentCode'], properties: { consentTemplateId: { type: 'string', minLength: 1 }, consentCode: { type: 'string', minLength: 1 } } },
  async run(args, ctx) {
    const { profile, ui } = ctx.stores;
    profile.setConsentError(null);
    try {
      const r = await ctx.api.call('consentWithdraw', { body: { consentTemplateId: args.consentTemplateId, consentCode: args.consentCode } });
      await followRotation(ctx);
      profile.setConsents(r.consents);
      if (r.message) ui.showToast({ kind: 'success', text: r.message });
    } catch (e) { stopOnRefusal(ctx, e, profile.setConsentError); }
  },
});

const give = defineAction({
  name: 'profile.giveConsent',
  description: 'Gives a consent (POST /users/consents with consentTemplateId); the session rotates (a new token is fetched); the list shows the new state.',
  args: { type: 'object', required: ['consentTemplateId'], properties: { consentTemplateId: { type: 'string', minLength: 1 } } },
  async run(args, ctx) {
    const { profile, ui } = ctx.stores;
    profile.setConsentError(null);
    try {
      const r = await ctx.api.call('consentGive', { body: { consentTemplateId: args.consentTemplateId } });
      await followRotation(ctx);
      profile.setConsents(r.consents);
      if (r.message) ui.showToast({ kind: 'success', text: r.message });
    } catch (e) { stopOnRefusal(ctx, e, profile.setConsentError); }
  },
});

const requestEmailCode = defineAction({
  name: 'profile.requestEmailCode',
  description: 'E-mail change, step 1: validates the new address and sends a one-time code (300 s) to it (POST /users/email/otp, the field the form document declares in "submit"); an address another account uses, or the current one, is refused under the field (which takes focus) without telling whose it is. Sending again restarts the timer.',
  args: { type: 'object', properties: { form: { type: 'string', minLength: 1 } } },
  async run(args, ctx) {
    const { ui, profile } = ctx.stores;
    const formId = args.form ?? PROFILE_EMAIL_FORM;
    profile.setEmailError(null);
    checkedForm(ctx, formId, 'invalid e-mail');
    try {
      // the field and the call as the form document declares them ("submit" of schemas/forms/profile-email.json)
      const { data, responses } = await sendFormData(ctx, formId);
      const r = responses[0] as ResponseOf<'emailOtp'>;
      const email = String(data.email ?? '').trim();
      ui.clearFieldErrors(formId);
      if (profile.emailCode.to !== email) ui.setFormData(PROFILE_EMAIL_CODE_FORM, {});
      profile.emailCodeSent(email, r.expiresInSeconds);
    } catch (e) {
      // a refusal naming the field (in use, the same address, malformed) is under it and takes focus; another is the box
      stopOnRefusal(ctx, e, profile.setEmailError, formId);
    }
  },
});

const saveEmail = defineAction({
  name: 'profile.saveEmail',
  description: 'E-mail change, step 2: sets the new address with the code sent to it (PUT /users/email: the code as the form document declares in "submit", with the address the code went to); the server rotates the session (a new token is fetched), tells the old address, and from then on the account signs in with the new address only. The header\'s user is reloaded and a success toast shown.',
  args: { type: 'object', properties: { form: { type: 'string', minLength: 1 } } },
  async run(args, ctx) {
    const { ui, profile } = ctx.stores;
    const formId = args.form ?? PROFILE_EMAIL_CODE_FORM;
    profile.setEmailError(null);
    checkedForm(ctx, formId, 'invalid code');
    try {
      // the code and the call as the form document declares them ("submit" of schemas/forms/profile-email-code.json),
      // with the address the code was sent to ("with": /profile/emailCode/to)
      await sendFormData(ctx, formId);
    } catch (e) { stopOnRefusal(ctx, e, profile.setEmailError); }
    await followRotation(ctx);
    await loadUserInfo(ctx);
    profile.resetEmailCode();
    ui.setFormData(PROFILE_EMAIL_FORM, {});
    ui.setFormData(PROFILE_EMAIL_CODE_FORM, {});
    ui.showToast({ kind: 'success', message: 'profile.email.saved' });
  },
});

const cancelEmail = defineAction({
  name: 'profile.cancelEmail',
  description: 'E-mail change: gives up the code (nothing is changed); the form for the new address shows again.',
  args: { type: 'object', properties: {} },
  run(_args, ctx) {
    ctx.stores.profile.setEmailError(null);
    ctx.stores.profile.resetEmailCode();
    ctx.stores.ui.setFormData(PROFILE_EMAIL_CODE_FORM, {});
  },
});

export default [load, requestCode, save, cancel, withdraw, give, requestEmailCode, saveEmail, cancelEmail];
