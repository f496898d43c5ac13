// The number choice of CONNECT_MSISDN (seed 001 §5, §7, §9): own numbers, free / nice / searched numbers held for
// the cart, a new number, or a number ported in with a code sent to it. State: stores.checkout.numbers.
import { userKnown } from '../stores/session';
import { defineAction, defineLoad, defineSetter } from '../define';
import type { ActionContext } from '../define';
import { ApiError } from '../api/errors';
import { clearToGo, goNext } from '../checkout-rules';
import type { NumberChoice, NumberOption, OwnNumber } from '../stores/numbers';

const OPTIONS: NumberOption[] = ['MOBILE_EXISTING', 'MOBILE_NEW_SELECTION', 'MOBILE_NEW', 'MOBILE_PORT_IN'];

/** Runs a call; a refused one shows its message in the step (and as a toast). Answers undefined when it failed. */
async function attempt<T>(ctx: ActionContext, fn: () => Promise<T>): Promise<T | undefined> {
  const { checkout, ui } = ctx.stores;
  try {
    const r = await fn();
    checkout.setNumbers({ error: null });
    return r;
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    const text = e.message || ctx.stores.session.t('error.generic');
    checkout.setNumbers({ error: text });
    ui.showToast({ kind: 'error', text });
    return undefined;
  }
}

async function lists(ctx: ActionContext) {
  const [free, nice] = await Promise.all([
    ctx.api.call('msisdnList', { query: { type: 'FREE', pageSize: 12 }, silent: true }),
    ctx.api.call('msisdnList', { query: { type: 'NICE', pageSize: 12 }, silent: true }),
  ]);
  ctx.stores.checkout.setNumbers({ free: free.msisdns, nice: nice.msisdns });
}

const setChoice = (ctx: ActionContext, r: { choice: NumberChoice | null } | undefined) => {
  if (r) ctx.stores.checkout.setNumbers({ choice: r.choice, ...(r.choice ? { option: r.choice.option } : {}) });
};

export default [
  defineAction({
    name: 'numbers.load',
    description: 'Loads the number step: the cart\'s current choice (GET msisdnChoice), the free and nice numbers (GET msisdnList), and a signed-in customer\'s own numbers (GET msisdnRegistered). The option shown first: the current choice, else own numbers if any, else the number selection.',
    async run(_args, ctx) {
      const { checkout, session } = ctx.stores;
      // after a reload the boot's user check may still be running: wait for it (else a signed-in customer looks anonymous)
      await userKnown(session);
      const [choice, own] = await Promise.all([
        ctx.api.call('msisdnChoice', { silent: true }),
        session.isAuthorized ? ctx.api.call('msisdnRegistered', { silent: true }).then((r) => r.msisdns, () => []) : Promise.resolve([] as OwnNumber[]),
      ]);
      await lists(ctx);
      const option = choice.choice?.option ?? (own.length > 0 ? 'MOBILE_EXISTING' : 'MOBILE_NEW_SELECTION');
      checkout.setNumbers({ choice: choice.choice, own, option, loaded: true, error: null });
    },
  }),
  defineLoad({
    name: 'numbers.loadChoice',
    description: 'Loads only the cart\'s number choice (GET msisdnChoice) for the steps after the number step, whose order summary shows the chosen number (a cart of another checkout type has none: nothing is shown).',
    // a failure is only logged: the summary simply shows no number
    async load(_args, ctx) {
      const r = await ctx.api.call('msisdnChoice', { silent: true });
      ctx.stores.checkout.setNumbers({ choice: r.choice });
    },
  }),
  defineAction({
    name: 'numbers.selectOption',
    description: 'Shows one of the mobile number options (MOBILE_EXISTING, MOBILE_NEW_SELECTION, MOBILE_NEW, MOBILE_PORT_IN); MOBILE_NEW is chosen at once (POST msisdnNew: the number is assigned at activation).',
    args: { type: 'object', required: ['option'], properties: { option: { enum: OPTIONS } } },
    async run(args, ctx) {
      ctx.stores.checkout.setNumbers({ option: args.option, error: null });
      if (args.option === 'MOBILE_NEW') setChoice(ctx, await attempt(ctx, () => ctx.api.call('msisdnNew', { body: {} })));
    },
  }),
  defineSetter({
    name: 'numbers.selectTab',
    description: 'Shows a tab of the number selection: FREE (free numbers), NICE (nice numbers, priced) or SEARCH (search number).',
    args: { type: 'object', required: ['tab'], properties: { tab: { enum: ['FREE', 'NICE', 'SEARCH'] } } },
    set: (args, { checkout }) => checkout.setNumbers({ tab: args.tab }),
  }),
  defineAction({
    name: 'numbers.search',
    description: 'The search tab: numbers on offer containing these digits (GET msisdnList?query=).',
    args: { type: 'object', required: ['query'], properties: { query: { type: 'string' } } },
    async run(args, ctx) {
      const query = args.query.replace(/\D/g, '').slice(0, 10);
      ctx.stores.checkout.setNumbers({ query });
      const r = await attempt(ctx, () => ctx.api.call('msisdnList', { query: { query, pageSize: 24 } }));
      if (r) ctx.stores.checkout.setNumbers({ found: r.msisdns });
    },
  }),
  defineAction({
    name: 'numbers.reserve',
    description: 'Takes a free, nice or searched number for the cart (POST msisdnReserve): it is held for the cart; a number another cart took gives "selected number is taken" and the lists are read again.',
    args: { type: 'object', required: ['msisdn'], properties: { msisdn: { type: 'string' } } },
    async run(args, ctx) {
      const r = await attempt(ctx, () => ctx.api.call('msisdnReserve', { body: { msisdn: args.msisdn } }));
      setChoice(ctx, r);
      if (!r) await lists(ctx);
    },
  }),
  defineAction({
    name: 'numbers.chooseExisting',
    description: 'Chooses one of the signed-in customer\'s own numbers (POST msisdnRegisteredNew).',
    args: { type: 'object', required: ['msisdn'], properties: { msisdn: { type: 'string' } } },
    async run(args, ctx) {
      setChoice(ctx, await attempt(ctx, () => ctx.api.call('msisdnRegisteredNew', { body: { msisdn: args.msisdn } })));
    },
  }),
  defineAction({
    name: 'numbers.requestOtp',
    description: 'Port-in: sends a six-digit code to the number being transferred (POST msisdnRequestOtp); the step counts down its 60 s.',
    args: { type: 'object', required: ['msisdn'], properties: { msisdn: { type: 'string' } } },
    async run(args, ctx) {
      const r = await attempt(ctx, () => ctx.api.call('msisdnRequestOtp', { body: { msisdn: args.msisdn } }));
      // a failed send clears the sent flag (seed 001 §4)
      ctx.stores.checkout.setNumbers(r ? { otpSentAt: Date.now(), otpMsisdn: r.msisdn } : { otpSentAt: null, otpMsisdn: null });
      if (r) ctx.stores.ui.showToast({ kind: 'success', message: 'numbers.portIn.codeSent' });
    },
  }),
  defineAction({
    name: 'numbers.portIn',
    description: 'Port-in (MOBILE_PORT_IN): the number, its operator (A1, Yettel, Globatel, Mundio), the SIM serial number, the 8-digit PUK and the code sent to the number (POST msisdnPortIn).',
    args: {
      type: 'object', required: ['msisdn', 'operator', 'simSerialNumber', 'puk', 'otpCode'],
      properties: { msisdn: { type: 'string' }, operator: { type: 'string' }, simSerialNumber: { type: 'string' }, puk: { type: 'string' }, otpCode: { type: 'string' } },
    },
    async run(args, ctx) {
      setChoice(ctx, await attempt(ctx, () => ctx.api.call('msisdnPortIn', { body: args })));
    },
  }),
  defineAction({
    name: 'numbers.next',
    description: 'Next on the number step: without a chosen number (or, in the search tab, a number whose availability was not checked) the step says so (seed 001 §5); otherwise on to the next step.',
    async run(_args, ctx) {
      const { checkout, session } = ctx.stores;
      if (!(await clearToGo(ctx))) return;
      const n = checkout.numbers;
      if (!n.choice || n.choice.option !== n.option) {
        const key = n.option === 'MOBILE_NEW_SELECTION' && n.tab === 'SEARCH' && n.query && !n.found ? 'numbers.error.mustCheck' : 'numbers.error.required';
        checkout.setNumbers({ error: session.t(key) });
        return;
      }
      await goNext(ctx);
    },
  }),
];
