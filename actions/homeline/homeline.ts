// The home-line step of the home checkouts (CONNECT_HOME_DATA, seed 000 §2 "Home-line step", §7 "Home line";
// seed 001 §5 and §9): an existing home line (GPON home-line check), my address or another address from the address
// system (address check with GPON) with a new number, or a fixed number ported in from SBB, Orion or Beotel (transfer
// check). State: stores.home.homeLine; the address picker is stores.home.boxCheck (home.setAddressField).
import { userKnown } from '../stores/session';
import { defineAction, defineSetter } from '../define';
import type { ActionContext } from '../define';
import { ApiError } from '../api/errors';
import { clearToGo, goNext } from '../checkout-rules';
import type { HomeOption, HomeSetup } from '../stores/home';

const OPTIONS: HomeOption[] = ['HOME_LANDLINE', 'HOME_ADDRESS', 'HOME_PORT_IN'];

/** Runs a call; a refused one shows its message in the step (no toast: the step says it where the shopper looks). */
async function attempt<T>(ctx: ActionContext, fn: () => Promise<T>): Promise<T | undefined> {
  const { home, session } = ctx.stores;
  home.setHomeLine({ busy: true });
  try {
    const r = await fn();
    home.setHomeLine({ error: null, busy: false });
    return r;
  } catch (e) {
    if (!(e instanceof ApiError)) { home.setHomeLine({ busy: false }); throw e; }
    home.setHomeLine({ error: e.message || session.t('error.generic'), busy: false });
    return undefined;
  }
}

const keepSetup = (ctx: ActionContext, r: { homeLine: HomeSetup | null } | undefined) => {
  if (r) ctx.stores.home.setHomeLine({ setup: r.homeLine });
};

/** Sets the installation address (the server checks it again); an address that cannot carry the package clears the setup. */
async function setAddress(ctx: ActionContext, option: 'HOME_ADDRESS' | 'HOME_PORT_IN', addressType: 'MY_ADDRESS' | 'OTHER_ADDRESS', a: { addressCode: string; entrance: string | null; flatNum: string | null }) {
  const { home } = ctx.stores;
  const check = await attempt(ctx, () => ctx.api.call('homeAddressCheck', { body: { homeAddressCode: a.addressCode, entrance: a.entrance, flatNum: a.flatNum } }));
  if (!check) return;
  home.setHomeLine({ notice: { ok: check.status === 'VALID', message: check.message } });
  if (check.status !== 'VALID') {
    // an address that cannot carry the package is not set (the server would refuse it): Next stays blocked until a
    // valid choice is made; a setup made earlier stays on the cart and comes back when the step is opened again
    home.setHomeLine({ setup: null });
    return;
  }
  keepSetup(ctx, await attempt(ctx, () => ctx.api.call('setInstallationAddress', { body: { option, addressType, ...a } })));
}

export default [
  defineAction({
    name: 'homeline.load',
    description: 'Loads the home-line step: the option groups, the cart\'s setup (GET homeLineSetup), a signed-in customer\'s home lines and addresses, and the municipalities of the address picker. The option shown first: the current setup\'s, else an existing line if any, else a new address.',
    async run(_args, ctx) {
      const { home, session } = ctx.stores;
      home.resetAddress();
      // after a reload the boot's user check may still be running: wait for it (else a signed-in customer looks anonymous)
      await userKnown(session);
      const signedIn = session.isAuthorized;
      const [groups, setup, lines, addresses, municipalities] = await Promise.all([
        ctx.api.call('homeLineOptionGroups', { silent: true }),
        ctx.api.call('homeLineSetup', { silent: true }),
        signedIn ? ctx.api.call('homeLineRegistered', { silent: true }).then((r) => r.numbers, () => []) : Promise.resolve([]),
        signedIn ? ctx.api.call('homeAddressesExisting', { silent: true }).then((r) => r.addresses, () => []) : Promise.resolve([]),
        ctx.api.call('homeMunicipalities', { silent: true }).then((r) => r.municipalities, () => []),
      ]);
      home.setBoxOptions('municipalities', municipalities);
      home.setBoxOptions('municipalities', municipalities, 'billAddress');
      const available = groups.groups.filter((g) => g.available).map((g) => g.code);
      const option = setup.homeLine?.option ?? (lines.length > 0 ? 'HOME_LANDLINE' : 'HOME_ADDRESS');
      home.setHomeLine({
        loaded: true, available, operators: groups.operators ?? [], lines, addresses, setup: setup.homeLine, option,
        addressType: setup.homeLine?.addressType === 'OTHER_ADDRESS' || addresses.length === 0 ? 'OTHER_ADDRESS' : 'MY_ADDRESS',
        notice: null, error: null, busy: false,
      });
    },
  }),
  defineSetter({
    name: 'homeline.selectOption',
    description: 'Shows one of the home line options (HOME_LANDLINE, HOME_ADDRESS, HOME_PORT_IN); the choice is made inside it.',
    args: { type: 'object', required: ['option'], properties: { option: { enum: OPTIONS } } },
    set: (args, { home }) => home.setHomeLine({ option: args.option, notice: null, error: null }),
  }),
  defineSetter({
    name: 'homeline.selectAddressType',
    description: 'HOME_ADDRESS: my address (one of the customer\'s addresses) or another address from the address system.',
    args: { type: 'object', required: ['addressType'], properties: { addressType: { enum: ['MY_ADDRESS', 'OTHER_ADDRESS'] } } },
    set: (args, { home }) => home.setHomeLine({ addressType: args.addressType, notice: null, error: null }),
  }),
  defineAction({
    name: 'homeline.chooseLine',
    description: 'HOME_LANDLINE: one of the customer\'s lines. The GPON home-line check runs first (GET gponHomeLineCheck); a line that can carry the package is set (PUT setHomeLineNumber, EXISTING).',
    args: { type: 'object', required: ['lineId'], properties: { lineId: { type: 'string', maxLength: 40 } } },
    async run(args, ctx) {
      const { home } = ctx.stores;
      const check = await attempt(ctx, () => ctx.api.call('gponHomeLineCheck', { query: { lineId: args.lineId } }));
      if (!check) return;
      home.setHomeLine({ notice: { ok: check.status === 'VALID', message: check.message } });
      if (check.status !== 'VALID') {
        if (home.homeLine.setup?.option === 'HOME_LANDLINE') home.setHomeLine({ setup: null });
        return;
      }
      keepSetup(ctx, await attempt(ctx, () => ctx.api.call('setHomeLineNumber', { body: { homeLine: { numberOption: 'EXISTING', lineId: args.lineId } } })));
    },
  }),
  defineAction({
    name: 'homeline.chooseMyAddress',
    description: 'HOME_ADDRESS, my address: the address check for the cart\'s package (POST homeAddressCheck), then the installation address (POST setInstallationAddress).',
    args: {
      type: 'object', required: ['code'],
      properties: { code: { type: 'string', maxLength: 40 }, entrance: { type: ['string', 'null'], maxLength: 5 }, flatNum: { type: ['string', 'null'], maxLength: 4 } },
    },
    async run(args, ctx) {
      await setAddress(ctx, 'HOME_ADDRESS', 'MY_ADDRESS', { addressCode: args.code, entrance: args.entrance ?? null, flatNum: args.flatNum ?? null });
    },
  }),
  defineAction({
    name: 'homeline.checkAddress',
    description: 'Another address (HOME_ADDRESS) or the address of a ported number (HOME_PORT_IN) from the address picker: the address check with GPON, then the installation address. An address without coverage shows why and Next stays blocked.',
    async run(_args, ctx) {
      const { home, session } = ctx.stores;
      const b = home.boxCheck;
      if (!b.addressCode) { home.setHomeLine({ error: session.t('homeLine.error.pickAddress'), notice: null }); return; }
      const option = home.homeLine.option === 'HOME_PORT_IN' ? 'HOME_PORT_IN' : 'HOME_ADDRESS';
      await setAddress(ctx, option, 'OTHER_ADDRESS', { addressCode: b.addressCode, entrance: b.entrance || null, flatNum: b.flatNum || null });
    },
  }),
  defineAction({
    name: 'homeline.newNumber',
    description: 'HOME_ADDRESS: a new fixed number at the checked address (PUT setHomeLineNumber, NEW_NUMBER).',
    async run(_args, ctx) {
      keepSetup(ctx, await attempt(ctx, () => ctx.api.call('setHomeLineNumber', { body: { homeLine: { numberOption: 'NEW_NUMBER' } } })));
    },
  }),
  defineAction({
    name: 'homeline.transfer',
    description: 'HOME_PORT_IN: the transfer check of the fixed number to the checked address (GET fnpTransferCheck); an allowed transfer is set (PUT setHomeLineNumber, PORT_IN, with the operator SBB, Orion or Beotel).',
    args: {
      type: 'object', required: ['homeLineNumber', 'operator'],
      properties: { homeLineNumber: { type: 'string', maxLength: 20 }, operator: { type: 'string', maxLength: 20 } },
    },
    async run(args, ctx) {
      const { home, session } = ctx.stores;
      const setup = home.homeLine.setup;
      if (setup?.option !== 'HOME_PORT_IN') { home.setHomeLine({ error: session.t('homeLine.error.addressFirst') }); return; }
      if (!['SBB', 'Orion', 'Beotel'].includes(args.operator)) { home.setHomeLine({ error: session.t('homeLine.error.operator', { operators: 'SBB, Orion, Beotel' }) }); return; }
      const number = args.homeLineNumber.trim();
      if (!/^[0-9 +/()-]{6,20}$/.test(number)) { home.setHomeLine({ error: session.t('homeLine.error.numberFormat', { areaCodes: '010–039, 0230, 0280, 0290, 0390' }) }); return; }
      const check = await attempt(ctx, () => ctx.api.call('fnpTransferCheck', { query: { homeLineNumber: number, addressCode: setup.addressCode } }));
      if (!check) return;
      home.setHomeLine({ notice: { ok: check.transferAllowed, message: check.message } });
      if (!check.transferAllowed) return;
      keepSetup(ctx, await attempt(ctx, () => ctx.api.call('setHomeLineNumber', { body: { homeLine: { numberOption: 'PORT_IN', homeLineNumber: number, operator: args.operator as 'SBB' | 'Orion' | 'Beotel' } } })));
    },
  }),
  defineAction({
    name: 'homeline.selectBill',
    description: 'Shows one of the installation bill options; the installation address is saved at once (PUT setInstallationBill), another address and an e-bill with their save button.',
    args: { type: 'object', required: ['option'], properties: { option: { enum: ['INSTALLATION_ADDRESS', 'OTHER_ADDRESS', 'E_BILL'] } } },
    async run(args, ctx) {
      ctx.stores.home.setHomeLine({ billOption: args.option, billError: null, billErrorField: null });
      if (args.option === 'INSTALLATION_ADDRESS') await ctx.dispatch({ action: 'homeline.setBill', args: { option: 'INSTALLATION_ADDRESS' } });
    },
  }),
  defineAction({
    name: 'homeline.setBill',
    description: 'Where the installation bill goes (seed 001 §9; PUT setInstallationBill): the installation address, another address (the bill address picker, /home/billAddress) or an e-bill to the e-mail given. A refusal is shown at the bill choice.',
    args: { type: 'object', required: ['option'], properties: { option: { enum: ['INSTALLATION_ADDRESS', 'OTHER_ADDRESS', 'E_BILL'] }, email: { type: 'string', maxLength: 120 } } },
    async run(args, ctx) {
      const { home, session } = ctx.stores;
      home.setHomeLine({ billError: null, billErrorField: null });
      const b = home.billAddress;
      if (args.option === 'OTHER_ADDRESS' && !b.addressCode) { home.setHomeLine({ billError: session.t('homeLine.bill.error.address'), billErrorField: 'addressCode' }); return; }
      // the e-mail is checked here first (the server checks it again)
      if (args.option === 'E_BILL' && !/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test((args.email ?? '').trim())) { home.setHomeLine({ billError: session.t('homeLine.bill.error.email'), billErrorField: 'email' }); return; }
      const body = args.option === 'OTHER_ADDRESS'
        ? { billOption: args.option, addressCode: b.addressCode, entrance: b.entrance || null, flatNum: b.flatNum || null }
        : args.option === 'E_BILL' ? { billOption: args.option, email: (args.email ?? '').trim() } : { billOption: args.option };
      home.setHomeLine({ busy: true });
      try {
        keepSetup(ctx, await ctx.api.call('setInstallationBill', { body }));
        home.setHomeLine({ busy: false });
      } catch (e) {
        home.setHomeLine({ busy: false });
        if (!(e instanceof ApiError)) throw e;
        home.setHomeLine({ billError: e.message || session.t('error.generic'), billErrorField: e.errors[0]?.subject ?? null });
      }
    },
  }),
  defineAction({
    name: 'homeline.loadSetup',
    description: 'Loads the cart\'s home-line setup (GET homeLineSetup) into /home/homeLine/setup, e.g. for the overview (a cart without one answers null).',
    async run(_args, ctx) {
      const r = await ctx.api.call('homeLineSetup', { silent: true }).catch(() => ({ homeLine: null }));
      ctx.stores.home.setHomeLine({ setup: r.homeLine });
    },
  }),
  defineAction({
    name: 'homeline.next',
    description: 'Next on the home-line step: unless the fixed-line or address check of the shown option is completed and valid (seed 001 §5), the step says so and stays; otherwise on to the next step.',
    async run(_args, ctx) {
      const { home, session } = ctx.stores;
      if (!(await clearToGo(ctx))) return;
      const s = home.homeLine;
      if (!s.setup || s.setup.option !== s.option || s.setup.checkStatus.status !== 'VALID' || !s.setup.checkStatus.gponCheckIsDone) {
        home.setHomeLine({ error: session.t('homeLine.error.required') });
        return;
      }
      // a bill option shown but not saved (another address, an e-bill): the step says so
      if (s.billOption && s.billOption !== s.setup.installationBill?.option) {
        home.setHomeLine({ billError: session.t('homeLine.bill.error.unsaved') });
        return;
      }
      // no bill choice made: the installation bill goes to the installation address (the first option), stored
      if (!s.setup.installationBill) {
        try {
          keepSetup(ctx, await ctx.api.call('setInstallationBill', { body: { billOption: 'INSTALLATION_ADDRESS' } }));
        } catch (e) {
          if (!(e instanceof ApiError)) throw e;
          home.setHomeLine({ billError: e.message || session.t('error.generic') });
          return;
        }
      }
      await goNext(ctx);
    },
  }),
];
