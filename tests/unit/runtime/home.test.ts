// Home services in the browser: the product-page hierarchy choices (seed 001 §4: first level from the URL, else
// the default, else the first; a change resets the second level and the term) and its queued data requests.
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../../actions/api/client';
import { collectActions } from '../../../actions/registry';
import type { HomeCategory, HomeService } from '../../../actions/stores/home';
import type { Subcategory } from '../../../schemas/types/api.home';
import { makeCtx, makeStores } from './helpers';

const actions = collectActions();
const money = (v: number) => ({ value: v, formattedValue: `${v},00 RSD`, currencyIso: 'RSD' as const });
const service = (code: string, terms: Array<[number, boolean]>): HomeService => ({
  code, name: code, description: '', productOfferingType: 'BOX_PACKAGE', checkoutType: 'HOME_FIXED', url: `/p/${code}`, purchasableAlone: true, channelCount: 0,
  monthlyPrice: { price: money(1000), oldPrice: null, promoPeriod: null }, oneTimePrice: null,
  pricePlans: [{ id: `${code}_PLAN`, purchasable: true, oneTimeChargeEntries: [], recurringChargeEntries: [], subscriptionTerms: terms.map(([m, r]) => ({ id: `${code}_T${m}`, termOfServiceNumber: m, recommended: r })) }],
  tmaProductSpecCharacteristicGroups: [],
});
const cat = (code: string, slug: string, def: boolean, subs: Subcategory[]): HomeCategory => ({ id: code, code, slug, name: code, description: null, defaultCategory: def, checkoutType: 'HOME_FIXED', subcategories: subs, services: [] });
const sub = (code: string, def: boolean, services: HomeService[]): Subcategory => ({ ...cat(code, code.toLowerCase(), def, []), subcategories: [], services });

const TREE: HomeCategory[] = [
  cat('A', 'a-slug', false, [sub('A1', false, [service('P1', [[12, false], [24, false]])]), sub('A2', false, [])]),
  cat('B', 'b-slug', true, [sub('B1', false, [service('P2', [[12, false], [24, true]])]), sub('B2', true, [service('P3', [[12, true], [24, false]])])]),
];

describe('home store: hierarchy choices', () => {
  it('first level: from the URL, else the default, else the first; the second level and term likewise', () => {
    const s = makeStores().home;
    s.hierarchyLoaded(TREE, false);
    s.chooseFirst(null, false);
    expect([s.firstCode, s.secondCode, s.termMonths]).toEqual(['B', 'B2', 12]);
    s.chooseFirst('a-slug', true);
    expect([s.firstCode, s.firstFromUrl, s.secondCode, s.termMonths]).toEqual(['A', true, 'A1', 12]);
    s.chooseFirst('nope', true);
    expect([s.firstCode, s.firstFromUrl]).toEqual(['B', false]);
    s.hierarchyLoaded(TREE.map((c) => ({ ...c, defaultCategory: false })), false);
    s.chooseFirst(null, false);
    expect(s.firstCode).toBe('A');
  });

  it('changing the first level resets the second level and the term to the recommended one', () => {
    const s = makeStores().home;
    s.hierarchyLoaded(TREE, false);
    s.chooseFirst(null, false);
    s.chooseSecond('B1');
    expect(s.termMonths).toBe(24);
    s.selectTerm(12);
    s.chooseFirst('A', false);
    s.chooseFirst('B', false);
    expect([s.secondCode, s.termMonths]).toEqual(['B2', 12]);
    expect(s.services.map((x) => x.code)).toEqual(['P3']);
    expect(s.terms).toEqual([12, 24]);
  });

  it('slides the guide by whole hours within the day', () => {
    const s = makeStores().home;
    s.guideLoaded({ date: '2026-11-25', days: [], halfHourLength: 240, startHour: 0, endHour: 24, slideStep: 1, hdFeature: 'feature_hd', channels: [] }, 22);
    s.slideGuide(1); s.slideGuide(1);
    expect(s.guide.hour).toBe(23);
    s.slideGuide(-24);
    expect(s.guide.hour).toBe(0);
  });
});

describe('home actions: data requests queued one after another', () => {
  it('a category change waits for the hierarchy request still running, and updates the URL it came from', async () => {
    const stores = makeStores();
    const started: string[] = [];
    const release: Array<() => void> = [];
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://shop.test');
      // the destinations of schemas/rules/routes.json (where the category goes in the address) come from the repository
      const rule = /^\/ui\/rules\/([a-z0-9-]+)$/.exec(url.pathname);
      if (rule) return new Response(readFileSync(`${process.cwd()}/schemas/rules/${rule[1]}.json`, 'utf8'), { status: 200, headers: { 'content-type': 'application/json' } });
      started.push(url.search);
      await new Promise<void>((r) => release.push(r));
      const code = url.searchParams.get('categoryCode');
      return new Response(JSON.stringify({ categories: code ? TREE.filter((c) => c.code === code) : TREE }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const api = new ApiClient({ stores, fetch: fetch as unknown as typeof globalThis.fetch, reload: vi.fn() });
    const ctx = makeCtx(stores, api, { route: { path: '/Privatni/Kucni-paketi', params: {}, query: { kategorija: 'a-slug' } } });
    const load = actions.get('home.loadHierarchy')!.run({}, ctx) as Promise<void>;
    await vi.waitFor(() => expect(started).toEqual(['']));
    release.shift()!();
    await load;
    expect([stores.home.firstCode, stores.home.firstFromUrl]).toEqual(['A', true]);
    // two changes in a row: the second request starts only after the first answered
    const first = actions.get('home.selectCategory')!.run({ code: 'B' }, ctx) as Promise<void>;
    const second = actions.get('home.selectCategory')!.run({ code: 'A' }, ctx) as Promise<void>;
    await vi.waitFor(() => expect(started).toEqual(['', '?categoryCode=B']));
    expect(ctx.navigate).toHaveBeenCalledWith('/Privatni/Kucni-paketi?kategorija=b-slug', { replace: true });
    await new Promise((r) => setTimeout(r, 20));
    expect(started).toHaveLength(2);
    release.shift()!();
    await first;
    await vi.waitFor(() => expect(started).toEqual(['', '?categoryCode=B', '?categoryCode=A']));
    release.shift()!();
    await second;
    expect(stores.home.firstCode).toBe('A');
  });
});
