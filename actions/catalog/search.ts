import { defineAction, defineLoad } from '../define';
import { HERO_PAGE_SIZE, PAGE_SIZE } from '../stores/catalog';
import { scrollToTop, scrollToTopIfNarrow } from '../dom';
import type { ActionContext } from '../define';

interface RouteScope { path?: string; params?: Record<string, string | undefined>; query?: Record<string, string> }

function routeOf(ctx: ActionContext): RouteScope {
  return (ctx.scope.route ?? {}) as RouteScope;
}

/** Page in the address (1-based: `?page=n` or the `/page/{n}` path form) → API page (0-based). */
export function pageFromRoute(route: RouteScope): number {
  const raw = route.params?.page ?? route.query?.page ?? (route.path?.match(/\/page\/(\d+)\/?$/)?.[1]);
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n - 1 : 0;
}

/** The path of page `page` (1-based) in the `/page/{n}` form, keeping the query string. */
export function pagePath(path: string, page: number, search: Record<string, string> = {}): string {
  const base = path.replace(/\/page\/\d+\/?$/, '').replace(/\/$/, '') || '/';
  const q = new URLSearchParams(search);
  q.delete('page');
  const qs = q.toString();
  return `${page > 1 ? `${base === '/' ? '' : base}/page/${page}` : base}${qs ? `?${qs}` : ''}`;
}

/** A new search scrolls to the top on screens up to this wide (seed 001 §9). */
export const SEARCH_SCROLL_MAX_WIDTH = 1024;

export default [
  defineLoad({
    name: 'catalog.search',
    description: 'Loads one page (20 products) of the product list; query, sort and page (1-based, ?page=n or /page/{n}) default to the address.',
    args: {
      type: 'object', required: ['categoryCode'],
      properties: { categoryCode: { type: 'string', minLength: 1 }, query: { type: 'string' }, sort: { type: 'string' }, page: { type: 'integer', minimum: 1 } },
    },
    async load(args, ctx) {
      const route = routeOf(ctx);
      const params = {
        categoryCode: args.categoryCode,
        query: args.query ?? route.query?.query ?? route.query?.q ?? '',
        sort: args.sort ?? route.query?.sort ?? '',
        page: args.page !== undefined ? args.page - 1 : pageFromRoute(route),
      };
      const { catalog } = ctx.stores;
      // the address now shows the page "load more" just appended: the list already holds it
      if (catalog.takeAppended(params)) return;
      catalog.searchStarted(params);
      const res = await ctx.api.call('productSearch', {
        query: { categoryCode: params.categoryCode, query: params.query || undefined, sort: params.sort || undefined, page: params.page, pageSize: PAGE_SIZE },
      });
      // a newer search may have started meanwhile
      if (catalog.search.params === params || JSON.stringify(catalog.search.params) === JSON.stringify(params)) catalog.searchLoaded(res);
    },
    failed: (_args, { catalog }) => catalog.searchFailed(),
  }),
  defineAction({
    name: 'catalog.searchPages',
    description: 'The site search\'s pages (GET pageSearch: the screens that declare "search", found by title, description and keywords) for the searched text (args.query, else the address\'s q or query) into /catalog/pages {query, results, loading}; an empty text clears them, an answer for an older text is dropped, a failure leaves the list empty (the products still show).',
    args: { type: 'object', properties: { query: { type: 'string', maxLength: 100 } } },
    async run(args, ctx) {
      const route = routeOf(ctx);
      const query = (args.query ?? route.query?.q ?? route.query?.query ?? '').trim().slice(0, 100);
      const { catalog } = ctx.stores;
      catalog.pagesStarted(query);
      if (!query) { catalog.pagesLoaded(query, []); return; }
      try {
        const res = await ctx.api.call('pageSearch', { query: { query } });
        catalog.pagesLoaded(query, res.results);
      } catch (e) {
        console.error('[catalog.searchPages]', e);
        catalog.pagesLoaded(query, []);
      }
    },
  }),
  defineLoad({
    name: 'catalog.loadHero',
    description: 'Loads the hero devices of a page: a search of 4 products with searchQueryContext MAIN_PAGE, kept apart from the product list (/catalog/hero).',
    args: { type: 'object', required: ['categoryCode'], properties: { categoryCode: { type: 'string', minLength: 1 } } },
    async load(args, ctx) {
      const { catalog } = ctx.stores;
      catalog.heroStarted();
      const res = await ctx.api.call('productSearch', {
        query: { categoryCode: args.categoryCode, pageSize: HERO_PAGE_SIZE, searchQueryContext: 'MAIN_PAGE' },
      });
      catalog.heroLoaded(res.products);
    },
    failed: (_args, { catalog }) => catalog.heroFailed(),
  }),
  defineAction({
    name: 'catalog.loadMore',
    description: 'Load more: appends the next 20 products of the current list (same query and sort), then replaces the address with that page (/page/{n}, n from 1), which the screen load then leaves as it is. A failure sets the error flag.',
    args: { type: 'object', required: ['categoryCode'], properties: { categoryCode: { type: 'string', minLength: 1 } } },
    async run(args, ctx) {
      const { catalog } = ctx.stores;
      const { pagination, params, loadingMore, loading } = catalog.search;
      const page = pagination.currentPage + 1;
      if (loadingMore || loading || page >= pagination.totalPages) return;
      catalog.moreStarted();
      try {
        const res = await ctx.api.call('productSearch', {
          query: { categoryCode: args.categoryCode, query: params.query || undefined, sort: params.sort || undefined, page, pageSize: PAGE_SIZE },
        });
        catalog.moreLoaded(res, page);
      } catch (e) {
        console.error('[catalog.loadMore]', e);
        catalog.moreFailed();
        return;
      }
      const route = routeOf(ctx);
      ctx.navigate(pagePath(route.path ?? '/', page + 1, route.query ?? {}), { replace: true });
    },
  }),
  defineAction({
    name: 'catalog.goToPage',
    description: 'Goes to page n (1-based) of the current list: pushes /page/{n} (page 1 has no suffix); the screen load re-runs the search.',
    args: { type: 'object', required: ['page'], properties: { page: { type: 'integer', minimum: 1 } } },
    run(args, ctx) {
      const route = routeOf(ctx);
      ctx.navigate(pagePath(route.path ?? '/', args.page, route.query ?? {}));
      scrollToTop();
    },
  }),
  defineAction({
    name: 'catalog.applyQuery',
    description: 'Applies a facet query and/or sort to the current list: updates the address (back to page 1); the screen load re-runs the search.',
    args: { type: 'object', properties: { query: { type: 'string' }, sort: { type: 'string' } } },
    run(args, ctx) {
      const route = routeOf(ctx);
      const q: Record<string, string> = { ...(route.query ?? {}) };
      if (args.query !== undefined) { if (args.query) q.query = args.query; else delete q.query; }
      if (args.sort !== undefined) { if (args.sort) q.sort = args.sort; else delete q.sort; }
      ctx.navigate(pagePath(route.path ?? '/', 1, q));
      // a new search starts at the top of the list on phones and tablets (seed 001 §9: up to 1024 px)
      scrollToTopIfNarrow(SEARCH_SCROLL_MAX_WIDTH);
    },
  }),
];
