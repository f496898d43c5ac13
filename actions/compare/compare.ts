// Device comparison (issue 13, seed 001 §7 products/compare): choose up to 3 phones from the list or the phone page;
// the comparison page /Privatni/Uredjaji/Uporedi?uredjaji=A,B,C is shareable by its address.
import { defineAction, defineLoad, type ActionContext } from '../define';
import { COMPARE_MAX } from '../stores/catalog';
import { pathTo } from '../destinations';

/** The comparison page's query parameter (the page: destination "compare" of schemas/rules/routes.json). */
export const COMPARE_PARAM = 'uredjaji';

/** The address of the comparison of these codes (none: the page alone). */
export async function compareHref(ctx: ActionContext, codes: string[]): Promise<string> {
  const page = await pathTo(ctx, 'compare');
  return codes.length ? `${page}?${COMPARE_PARAM}=${codes.map(encodeURIComponent).join(',')}` : page;
}

/** The codes in a comparison address's query (at most 3, each once, only code characters). */
export function codesFromQuery(value: string | undefined): string[] {
  const codes = (value ?? '').split(',').map((c) => c.trim()).filter((c) => /^[A-Za-z0-9_-]{1,80}$/.test(c));
  return [...new Set(codes)].slice(0, COMPARE_MAX);
}

function queryOf(ctx: ActionContext): Record<string, string> {
  return ((ctx.scope.route as { query?: Record<string, string> } | undefined)?.query) ?? {};
}

const item = { type: 'object', required: ['code', 'name'], properties: { code: { type: 'string', minLength: 1, maxLength: 80 }, name: { type: 'string', maxLength: 200 } } } as const;

export default [
  defineAction({
    name: 'compare.toggle',
    description: 'Adds a phone to the comparison (at most 3: a fourth shows the compare.full toast) or takes it out; `selected` forces the state.',
    args: { ...item, properties: { ...item.properties, selected: { type: 'boolean' } } },
    run(args, ctx) {
      const { catalog, ui } = ctx.stores;
      const current = catalog.compare.selected;
      const has = current.some((i) => i.code === args.code);
      const want = args.selected ?? !has;
      if (want === has) return;
      if (!want) { catalog.setCompareSelection(current.filter((i) => i.code !== args.code)); return; }
      if (current.length >= COMPARE_MAX) {
        ui.showToast({ kind: 'info', message: 'compare.full', params: { max: COMPARE_MAX } });
        return;
      }
      catalog.setCompareSelection([...current, { code: args.code, name: args.name }]);
      ui.showToast({ kind: 'success', message: 'compare.added', params: { name: args.name, count: current.length + 1, max: COMPARE_MAX } });
    },
  }),
  defineAction({
    name: 'compare.remove',
    description: 'Takes one phone (code) or, without a code, every phone out of the comparison choice.',
    args: { type: 'object', properties: { code: { type: 'string' } } },
    run(args, ctx) {
      const { catalog } = ctx.stores;
      catalog.setCompareSelection(args.code ? catalog.compare.selected.filter((i) => i.code !== args.code) : []);
    },
  }),
  defineAction({
    name: 'compare.open',
    description: 'Opens the comparison page of the chosen phones (/Privatni/Uredjaji/Uporedi?uredjaji=A,B,C).',
    args: { type: 'object', properties: {} },
    async run(_args, ctx) {
      ctx.navigate(await compareHref(ctx, ctx.stores.catalog.compare.codes));
    },
  }),
  defineLoad({
    name: 'compare.load',
    description: 'The comparison page\'s load: the codes of ?uredjaji= (at most 3) → GET productCompare; the chosen phones become those of the page.',
    args: { type: 'object', properties: {} },
    async load(_args, ctx) {
      const { catalog } = ctx.stores;
      const codes = codesFromQuery(queryOf(ctx)[COMPARE_PARAM]);
      catalog.compareStarted(codes);
      if (codes.length === 0) { catalog.setCompareSelection([]); return; }
      const res = await ctx.api.call('productCompare', { query: { productCodes: codes.join(',') } });
      if (catalog.compare.requested.join(',') !== codes.join(',')) return; // a newer address meanwhile
      catalog.compareLoaded(res);
      catalog.setCompareSelection(res.products.map((p) => ({ code: p.code, name: p.name })));
    },
    failed: (_args, { catalog }) => catalog.compareFailed(),
  }),
  defineAction({
    name: 'compare.drop',
    description: 'On the comparison page: takes a phone out and replaces the address with the remaining ones (the page reloads the comparison).',
    args: { type: 'object', required: ['code'], properties: { code: { type: 'string', minLength: 1 } } },
    async run(args, ctx) {
      const codes = codesFromQuery(queryOf(ctx)[COMPARE_PARAM]).filter((c) => c !== args.code);
      ctx.stores.catalog.setCompareSelection(ctx.stores.catalog.compare.selected.filter((i) => i.code !== args.code));
      ctx.navigate(await compareHref(ctx, codes), { replace: true });
    },
  }),
];
