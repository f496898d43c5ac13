// Home services: the product-page hierarchy (seed 001 §4), the package page, TV channels, TV guide, box check, FNP.
import { defineAction, defineLoad, defineSetter } from '../define';
import { ApiError } from '../api/errors';
import type { ActionContext } from '../define';
import { goTo, pathTo } from '../destinations';
import type { ResponseOf } from '../api/client';
import { markRefusedField, sendForm } from '../form-submit';
import { checkedForm } from '../form-action';

type Route = { path?: string; params?: Record<string, string | undefined>; query?: Record<string, string | undefined> };
const routeOf = (ctx: ActionContext): Route => (ctx.scope.route ?? {}) as Route;

/** Data requests of the hierarchy run one after another (seed 001 §4): each waits for the one before it. */
let queue: Promise<unknown> = Promise.resolve();
function queued<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

const messageOf = (e: unknown, ctx: ActionContext) => (e instanceof ApiError ? e.message : ctx.stores.session.t('error.generic'));

export default [
  defineLoad({
    name: 'home.loadHierarchy',
    description: 'Loads the home-package hierarchy into /home/hierarchy and chooses the first level from ?kategorija= (code or slug), else the default, else the first; the second level from ?podkategorija= the same way; the term to the recommended one.',
    args: { type: 'object', properties: {} },
    async load(_args, ctx) {
      const { home } = ctx.stores;
      const q = routeOf(ctx).query ?? {};
      home.hierarchyStarted();
      const body = await queued(() => ctx.api.call('homeHierarchy'));
      home.hierarchyLoaded(body.categories, false);
      home.chooseFirst(q.kategorija ?? null, q.kategorija !== undefined);
      if (q.podkategorija) home.chooseSecond(q.podkategorija);
    },
    failed: (_args, { home }) => home.hierarchyFailed(),
  }),
  defineAction({
    name: 'home.selectCategory',
    description: 'Chooses a first-level category: resets the second level to its default (else first) and the term to the recommended one, updates the URL when the category came from it, and reloads that category (queued after any request still running).',
    args: { type: 'object', required: ['code'], properties: { code: { type: 'string', minLength: 1 } } },
    async run(args, ctx) {
      const { home } = ctx.stores;
      const fromUrl = home.firstFromUrl;
      const chosen = home.chooseFirst(args.code, fromUrl);
      if (!chosen) return;
      // the request takes its place in the queue now (a later choice's request goes after it), the address follows
      const request = queued(() => ctx.api.call('homeHierarchy', { query: { categoryCode: chosen.code } }));
      if (fromUrl) await goTo(ctx, 'homePackages', { query: { kategorija: chosen.slug }, replace: true }).catch((e: unknown) => console.error('[home.selectCategory] address', e));
      try {
        const body = await request;
        home.hierarchyLoaded(body.categories, true);
        // the answer may have changed the services: keep the choice, re-check the term
        if (home.firstCode === chosen.code && home.termMonths !== null && !home.terms.includes(home.termMonths)) home.resetTerm();
      } catch (e) {
        console.error('[home.selectCategory]', e);
      }
    },
  }),
  defineSetter({
    name: 'home.selectSubcategory',
    description: 'Chooses a second-level category and resets the term to the recommended (else first) one.',
    args: { type: 'object', required: ['code'], properties: { code: { type: 'string', minLength: 1 } } },
    set: (args, { home }) => home.chooseSecond(args.code),
  }),
  defineSetter({
    name: 'home.selectTerm',
    description: 'Chooses the contract term (months) shown for the home packages.',
    args: { type: 'object', required: ['months'], properties: { months: { type: 'integer', minimum: 0 } } },
    set: (args, { home }) => home.selectTerm(args.months),
  }),
  defineLoad({
    name: 'home.loadService',
    description: 'Loads a home package page (/Privatni/Kucni-paketi/paket/:productCode) into /home/service with the recommended term chosen.',
    args: { type: 'object', properties: { productCode: { type: 'string', minLength: 1 } } },
    async load(args, ctx) {
      const code = args.productCode ?? routeOf(ctx).params?.productCode;
      ctx.stores.home.serviceStarted();
      if (!code) throw new Error('no productCode');
      ctx.stores.home.serviceLoaded(await ctx.api.call('homeService', { query: { productCode: code } }));
    },
    failed: (_args, { home }) => home.serviceFailed(),
  }),
  defineSetter({
    name: 'home.selectServiceTerm',
    description: 'Chooses the contract term on the package page (/home/service/termId).',
    args: { type: 'object', required: ['subscriptionTermId'], properties: { subscriptionTermId: { type: 'string', minLength: 1 } } },
    set: (args, { home }) => home.selectServiceTerm(args.subscriptionTermId),
  }),
  defineLoad({
    name: 'home.loadChannels',
    description: 'Loads the TV channels into /home/channels: of the package given, else of ?paket=, else of the first TV package.',
    args: { type: 'object', properties: { packageCode: { type: 'string', minLength: 1 } } },
    async load(args, ctx) {
      const { home } = ctx.stores;
      let code = args.packageCode ?? routeOf(ctx).query?.paket ?? null;
      home.channelsStarted(code);
      if (!code) {
        const all = await ctx.api.call('tvChannels');
        code = all.packages[0]?.code ?? null;
      }
      home.channelsLoaded(await ctx.api.call('tvChannels', { query: code ? { packageCode: code } : {} }));
    },
    failed: (_args, { home }) => home.channelsFailed(),
  }),
  defineAction({
    name: 'home.selectChannelPackage',
    description: 'Shows the channels of another TV package: puts it in the address (?paket=), which loads the screen again.',
    args: { type: 'object', required: ['packageCode'], properties: { packageCode: { type: 'string', minLength: 1 } } },
    async run(args, ctx) {
      // the screen loads again for the new address (home.loadChannels reads ?paket=)
      const here = routeOf(ctx).path ?? await pathTo(ctx, 'tvPackages');
      ctx.navigate(`${here}?paket=${encodeURIComponent(args.packageCode)}`, { replace: true });
    },
  }),
  defineLoad({
    name: 'home.loadGuide',
    description: 'Loads the TV guide of a day (default ?datum=, else today) into /home/guide; today starts at the current hour, another day at its start hour.',
    args: { type: 'object', properties: { date: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' } } },
    async load(args, ctx) {
      const date = args.date ?? routeOf(ctx).query?.datum;
      ctx.stores.home.guideStarted();
      const d = await ctx.api.call('tvGuide', { query: date ? { date } : {} });
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Belgrade' }).format(new Date());
      const hour = d.date === today ? Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Belgrade', hour: '2-digit', hourCycle: 'h23' }).format(new Date())) : d.startHour;
      ctx.stores.home.guideLoaded(d, Math.min(hour, d.endHour - 1));
    },
    failed: (_args, { home }) => home.guideFailed(),
  }),
  defineSetter({
    name: 'home.slideGuide',
    description: 'Slides the TV guide by `by` steps of one hour (slideStep), within the day.',
    args: { type: 'object', required: ['by'], properties: { by: { type: 'integer', minimum: -24, maximum: 24 } } },
    set: (args, { home }) => home.slideGuide(args.by),
  }),
  defineLoad({
    name: 'home.loadMunicipalities',
    description: 'Loads the municipalities of the address system into /home/boxCheck (a failed lookup gives an empty list, seed 001 §8).',
    args: { type: 'object', properties: {} },
    async load(_args, ctx) {
      ctx.stores.home.setBoxOptions('municipalities', (await ctx.api.call('homeMunicipalities')).municipalities);
    },
    failed: (_args, { home }) => home.setBoxOptions('municipalities', []),
  }),
  defineAction({
    name: 'home.setAddressField',
    description: 'Sets one part of an address of the address system — the box-check address (target boxCheck, default; the home-line step\'s picker too) or the installation bill\'s other address (target billAddress); a municipality, locality or street loads the next list (failed lookups give empty lists) and empties the parts below.',
    args: {
      type: 'object', required: ['field', 'value'],
      properties: { field: { enum: ['municipalityCode', 'localityCode', 'streetCode', 'addressCode', 'entrance', 'flatNum'] }, value: { type: 'string', maxLength: 60 }, target: { enum: ['boxCheck', 'billAddress'] } },
    },
    async run(args, ctx) {
      const { home } = ctx.stores;
      const target = args.target ?? 'boxCheck';
      home.setBoxField(args.field, args.value, target);
      const b = home[target];
      const load = async (list: 'localities' | 'streets' | 'numbers', call: () => Promise<unknown[]>) => {
        try { home.setBoxOptions(list, await call(), target); } catch (e) { console.error('[home.setAddressField]', e); home.setBoxOptions(list, [], target); }
      };
      if (!args.value) return;
      if (args.field === 'municipalityCode') {
        await load('localities', async () => (await ctx.api.call('homeLocations', { query: { municipalityCode: b.municipalityCode } })).locations);
      } else if (args.field === 'localityCode') {
        await load('streets', async () => (await ctx.api.call('homeStreets', { query: { municipalityCode: b.municipalityCode, localityCode: b.localityCode } })).streets);
      } else if (args.field === 'streetCode') {
        await load('numbers', async () => (await ctx.api.call('homeStreetNumbers', { query: { municipalityCode: b.municipalityCode, streetCode: b.streetCode } })).streetnumbers);
      }
    },
  }),
  defineAction({
    name: 'home.checkAddress',
    description: 'Runs the GPON address check (addressCode, entrance, flatNum) of the box-check page; the answer or the error goes to /home/boxCheck.',
    args: { type: 'object', properties: {} },
    async run(_args, ctx) {
      const { home, session } = ctx.stores;
      const b = home.boxCheck;
      if (!b.addressCode) { home.boxCheckDone(null, session.t('validation.required'), 'addressCode'); return; }
      home.boxCheckStarted();
      try {
        const query: Record<string, string> = { addressCode: b.addressCode };
        if (b.entrance) query.entrance = b.entrance;
        if (b.flatNum) query.flatNum = b.flatNum;
        home.boxCheckDone(await ctx.api.call('gponAddressCheck', { query }));
      } catch (e) {
        const field = e instanceof ApiError ? (e.errors[0]?.subject ?? null) : null;
        home.boxCheckDone(null, messageOf(e, ctx), field);
      }
    },
  }),
  defineAction({
    name: 'home.requestFnpCode',
    description: 'Sends the FNP code (POST contactMts/requestotp) to the fixed number typed in the form (network group and number): only the holder of the number can file the transfer request (issue 24). The countdown is /home/fnpCode; an error (a wrong number, too many codes) shows in /home/fnp/error.',
    args: { type: 'object', properties: { form: { type: 'string', minLength: 1 } } },
    async run(args, ctx) {
      const { home, ui, session } = ctx.stores;
      const d = ui.forms[args.form ?? 'fnp']?.data ?? {};
      const networkGroup = String(d.networkGroup ?? '');
      const phoneNumber = String(d.phoneNumber ?? '').trim();
      if (!networkGroup || !/^[1-9][0-9]{4,6}$/.test(phoneNumber)) {
        home.fnpCodeFailed(session.t('home.fnp.otp.numberFirst'));
        return;
      }
      try {
        const r = await ctx.api.call('fnpRequestOtp', { body: { networkGroup, phoneNumber } });
        home.fnpCodeSent(r.phoneNumber, r.expiresInSeconds);
      } catch (e) {
        home.fnpCodeFailed(messageOf(e, ctx));
      }
    },
  }),
  defineAction({
    name: 'home.submitFnp',
    description: 'Sends the fixed number transfer (FNP) form (POST contactMts: the fields its document declares in "submit", the billing address only when it differs) with the code sent to the number, and keeps the acknowledgement (reference, message) or the error in /home/fnp. `data` is a form submit event\'s data; with `form` the form is validated and its data sent.',
    args: { type: 'object', properties: { data: { type: 'object' }, form: { type: 'string', minLength: 1 } } },
    async run(args, ctx) {
      const { home, ui } = ctx.stores;
      const formId = args.form ?? 'fnp';
      let data = args.data;
      if (!data) data = { ...checkedForm(ctx, formId, 'invalid FNP form') };
      home.fnpStarted();
      try {
        // the fields and the call as the form document declares them ("submit" of schemas/forms/fnp.json); a billing
        // address counts only when it is not the installation address (what was typed there before is not sent)
        const fields = { ...data } as Record<string, unknown>;
        if (fields.billingSameAsInstallation !== false) delete fields.billingAddress;
        const { responses } = await sendForm(ctx.api, formId, fields, ctx.stores);
        const ack = responses[0] as ResponseOf<'fnpContact'>;
        ui.clearFieldErrors(formId);
        home.fnpDone(ack.reference, ack.message, null);
        if (typeof window !== 'undefined' && typeof window.scrollTo === 'function') window.scrollTo(0, 0);
      } catch (e) {
        // a refused field is marked under itself (it takes focus); another refusal is the form's error line
        home.fnpDone(null, null, markRefusedField(ui, formId, e) ? null : messageOf(e, ctx));
      }
    },
  }),
];
