import { defineLoad, defineSetter, ActionError } from '../define';
import type { ProductDetails } from '../stores/types';
import type { ActionContext } from '../define';

function routeCode(ctx: ActionContext): string | undefined {
  return ((ctx.scope.route ?? {}) as { params?: Record<string, string | undefined> }).params?.productCode;
}

/** The recommended subscription term of a tariff, else its longest one. */
export function defaultTerm(p: ProductDetails): string | null {
  const terms = p.subscriptionTerms ?? [];
  return (terms.find((t) => t.recommended) ?? [...terms].sort((a, b) => b.termOfServiceNumber - a.termOfServiceNumber)[0])?.id ?? null;
}

export default [
  defineLoad({
    name: 'catalog.loadTariff',
    description: 'Loads the tariff page (/Privatni/Tarife/:productCode): GET productDetails into /catalog/tariff, with the recommended contract term chosen. Something other than a tariff, or an unknown code, sets /catalog/tariff/error.',
    args: { type: 'object', properties: { productCode: { type: 'string', minLength: 1 } } },
    async load(args, ctx) {
      const code = args.productCode ?? routeCode(ctx);
      if (!code) throw new ActionError('catalog.loadTariff: no productCode', false);
      const { catalog } = ctx.stores;
      catalog.tariffStarted();
      const p = await ctx.api.call('productDetails', { query: { productCode: code } });
      if (p.productOfferingType !== 'TARIFF') throw new Error(`${code} is ${p.productOfferingType}, not a tariff`);
      catalog.tariffLoaded(p, defaultTerm(p));
    },
    failed: (_args, { catalog }) => catalog.tariffFailed(),
  }),
  defineSetter({
    name: 'catalog.selectTariffTerm',
    description: 'Chooses the contract term on the tariff page (/catalog/tariff/subscriptionTermId).',
    args: { type: 'object', required: ['subscriptionTermId'], properties: { subscriptionTermId: { type: 'string', minLength: 1 } } },
    set: (args, { catalog }) => catalog.selectTariffTerm(args.subscriptionTermId),
  }),
];
