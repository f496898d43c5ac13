/**
 * The analytics events of the shop into `window.dataLayer` (seed 000 §9, issue 27). Which event fires when is
 * declared in the screens (consent.track calls in their load and on-handlers); the delays are named, and their
 * milliseconds are declared once in schemas/rules/analytics.json (checkoutStep 3000, dataLayerPush 1000).
 *
 * One behaviour for the consent: an event is pushed only when analytics cookies are allowed both when it happens
 * and when its delay is over; otherwise it is dropped (never queued for a later consent).
 * A delayed event still fires when its page was left meanwhile (the step was entered, so its event is due); an
 * event identical to one still waiting (a double navigation, React's StrictMode double effect) is not scheduled
 * twice. An event with a `once` key (the purchase: the order code) is pushed once per tab session: the keys pushed
 * are remembered in sessionStorage, so a reload of the success page pushes nothing again.
 */
import type { ActionContext } from './define';
import type { Stores } from './stores';
import type { CartEntry } from './stores/types';
import { currentConsent, pushEvent, type DataLayerEvent } from './consent-cookies';

/** The document of the delays (served from schemas/rules/analytics.json). */
export const ANALYTICS_DOC = '/ui/rules/analytics';
import type { AnalyticsDelay } from './analytics-delays';
export { ANALYTICS_DELAYS, type AnalyticsDelay } from './analytics-delays';

/** The keys of the `once` events pushed in this tab (sessionStorage, newest last, at most ONCE_LIMIT). */
export const ONCE_KEY = 'orbita.analytics.once';
const ONCE_LIMIT = 50;

/** One cart or order line as a data-layer item (GA4 ecommerce item fields; money in RSD, rounded to 2 decimals). */
export interface DataLayerItem { item_id: string; item_name: string; item_category: string; quantity: number; price: number; monthly_price: number | null }

const round2 = (v: number) => Math.round(v * 100) / 100;

/** Cart or order entries → data-layer items (an unknown shape gives no item rather than an error). */
export function dataLayerItems(entries: unknown): DataLayerItem[] {
  if (!Array.isArray(entries)) return [];
  return (entries as CartEntry[]).filter((e) => e && typeof e.product?.code === 'string').map((e) => ({
    item_id: e.product.code,
    item_name: e.product.name,
    item_category: e.product.productOfferingType,
    quantity: e.quantity,
    price: round2(e.oneTimePrice?.value ?? 0),
    monthly_price: typeof e.monthlyPrice?.price?.value === 'number' ? round2(e.monthlyPrice.price.value) : null,
  }));
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function oncePushed(): string[] {
  try {
    const v = JSON.parse(storage()?.getItem(ONCE_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function rememberOnce(key: string): void {
  try {
    storage()?.setItem(ONCE_KEY, JSON.stringify([...oncePushed().filter((k) => k !== key), key].slice(-ONCE_LIMIT)));
  } catch { /* storage full or disabled: a reload may push the event again */ }
}

/** The events scheduled and not yet pushed, per shop runtime (its stores). */
const pendingByStores = new WeakMap<Stores, Set<string>>();
function pendingOf(stores: Stores): Set<string> {
  let s = pendingByStores.get(stores);
  if (!s) pendingByStores.set(stores, (s = new Set()));
  return s;
}


/** The milliseconds of a named delay (schemas/rules/analytics.json; the document is cached per tab). */
export async function delayMs(ctx: ActionContext, name: AnalyticsDelay | undefined): Promise<number> {
  if (!name) return 0;
  const doc = await ctx.api.getDocument<{ analyticsDelays?: Record<AnalyticsDelay, number> }>(ANALYTICS_DOC);
  const ms = doc.analyticsDelays?.[name];
  if (typeof ms !== 'number') throw new Error(`schemas/rules/analytics.json: no delay "${name}"`);
  return ms;
}

export interface TrackArgs { event?: string; params?: Record<string, unknown>; items?: unknown; delay?: AnalyticsDelay; once?: string | null }

/**
 * Schedules one event (consent.track). `host` is the window (tests pass their own). Resolves once the event is
 * scheduled, or at once when it is dropped.
 */
export async function track(args: TrackArgs, ctx: ActionContext, host?: { dataLayer?: unknown[] }): Promise<void> {
  const { stores } = ctx;
  if (!currentConsent(stores.ui.consent).analytics) return; // not allowed when it happens: dropped
  if (!args.event) return; // bound to nothing (no current step): nothing to push
  // a `once` event without its key (a success page without an order) has nothing to be pushed for
  if ('once' in args && !args.once) return;
  if (args.once && oncePushed().includes(args.once)) return;
  const e: DataLayerEvent = { ...(args.params ?? {}), event: args.event };
  if ('items' in args) e.items = dataLayerItems(args.items);
  const key = args.once ? `once:${args.once}` : JSON.stringify(e);
  const pending = pendingOf(stores);
  if (pending.has(key)) return; // the same event is waiting already
  pending.add(key);
  let ms: number;
  try {
    ms = await delayMs(ctx, args.delay);
  } catch (err) {
    pending.delete(key);
    throw err;
  }
  const fire = () => {
    pending.delete(key);
    if (args.once && oncePushed().includes(args.once)) return;
    const allowed = currentConsent(stores.ui.consent).analytics; // checked again: a consent withdrawn meanwhile drops it
    pushEvent(() => currentConsent(stores.ui.consent), e, 0, host ?? (typeof window === 'undefined' ? undefined : (window as unknown as { dataLayer?: unknown[] })));
    if (allowed && args.once) rememberOnce(args.once);
  };
  if (ms > 0) setTimeout(fire, ms);
  else fire();
}
