import { defineAction } from '../define';
import { currentConsent, pushEvent, readConsent, writeConsent } from '../consent-cookies';
import { ANALYTICS_DELAYS } from '../analytics-delays';

const cookieJar = (): { cookie: string } => (typeof document === 'undefined' ? { cookie: '' } : document);

export default [
  defineAction({
    name: 'consent.load',
    description: 'Reads the cookie choice (cookie b2c_consent) into /ui/consent; without one, the cookie banner shows and nothing is pushed to the data layer.',
    args: { type: 'object', properties: {} },
    run(_args, ctx) {
      const c = readConsent(cookieJar());
      if (c) ctx.stores.ui.setConsent(c);
    },
  }),
  defineAction({
    name: 'consent.save',
    description: 'Saves the cookie choice: necessary cookies always, analytics and marketing as given; kept a year in the b2c_consent and b2b_consent cookies, and in /ui/consent. With analytics allowed, a consent_update event goes to the data layer.',
    args: { type: 'object', required: ['analytics', 'marketing'], properties: { analytics: { type: 'boolean' }, marketing: { type: 'boolean' } } },
    run(args, ctx) {
      writeConsent(cookieJar(), args);
      ctx.stores.ui.setConsent({ decided: true, analytics: args.analytics, marketing: args.marketing });
      pushEvent(() => ctx.stores.ui.consent, { event: 'consent_update', analytics: args.analytics, marketing: args.marketing });
    },
  }),
  defineAction({
    name: 'consent.track',
    description: 'Pushes an analytics event { event, ...params } to window.dataLayer (actions/analytics.ts): only when analytics cookies are allowed when it happens and when it is pushed (otherwise dropped, never queued). delay names a wait of schemas/rules/analytics.json (checkoutStep 3000 ms, dataLayerPush 1000 ms, seed 000 §9); the event still fires if the page was left meanwhile, and an identical event still waiting is not scheduled twice. items (cart or order entries) become data-layer items { item_id, item_name, item_category, quantity, price, monthly_price }. once: a key (the order code) pushed once per tab session — a reload pushes nothing again. An event name or once key bound to nothing (no current step, no order) pushes nothing.',
    args: {
      type: 'object',
      properties: {
        event: { type: 'string', minLength: 1 },
        params: { type: 'object' },
        items: { type: ['array', 'null'] },
        delay: { enum: ANALYTICS_DELAYS },
        once: { type: ['string', 'null'] },
      },
    },
    run(args, ctx) {
      // analytics not allowed when the event happens: dropped here (never queued), without loading the analytics code
      if (!currentConsent(ctx.stores.ui.consent).analytics) return;
      // scheduled in the background: a screen's later loads do not wait for the delays document; the analytics code
      // is a chunk of its own, loaded by the first event (the cookie banner's pages do not carry it)
      import('../analytics').then(({ track }) => track(args, ctx)).catch((e: unknown) => console.error('[consent.track]', e));
    },
  }),
];
