import { defineAction } from '../define';
import { pushEvent, readConsent, writeConsent } from '../consent-cookies';

const cookieJar = (): { cookie: string } => (typeof document === 'undefined' ? { cookie: '' } : document);

export default [
  defineAction<Record<string, never>>({
    name: 'consent.load',
    description: 'Reads the cookie choice (cookie b2c_consent) into /ui/consent; without one, the cookie banner shows and nothing is pushed to the data layer.',
    args: { type: 'object', properties: {} },
    run(_args, ctx) {
      const c = readConsent(cookieJar());
      if (c) ctx.stores.ui.setConsent(c);
    },
  }),
  defineAction<{ analytics: boolean; marketing: boolean }>({
    name: 'consent.save',
    description: 'Saves the cookie choice: necessary cookies always, analytics and marketing as given; kept a year in the b2c_consent and b2b_consent cookies, and in /ui/consent. With analytics allowed, a consent_update event goes to the data layer.',
    args: { type: 'object', required: ['analytics', 'marketing'], properties: { analytics: { type: 'boolean' }, marketing: { type: 'boolean' } } },
    run(args, ctx) {
      writeConsent(cookieJar(), args);
      ctx.stores.ui.setConsent({ decided: true, analytics: args.analytics, marketing: args.marketing });
      pushEvent(() => ctx.stores.ui.consent, { event: 'consent_update', analytics: args.analytics, marketing: args.marketing });
    },
  }),
  defineAction<{ event: string; params?: Record<string, unknown>; delayMs?: number }>({
    name: 'consent.track',
    description: 'Pushes an analytics event { event, ...params } to window.dataLayer, only when the shopper allowed analytics cookies (otherwise it is dropped); delayMs waits first (seed 000 §9: 1000 ms for a data-layer push, 3000 ms for the checkout-step event).',
    args: { type: 'object', required: ['event'], properties: { event: { type: 'string', minLength: 1 }, params: { type: 'object' }, delayMs: { type: 'integer', minimum: 0, maximum: 10000 } } },
    run(args, ctx) {
      pushEvent(() => ctx.stores.ui.consent, { event: args.event, ...(args.params ?? {}) }, args.delayMs ?? 0);
    },
  }),
];
