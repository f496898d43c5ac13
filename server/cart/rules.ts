// Add-to-cart rules: each looks at what is being added and the current cart and may answer a
// statusCode of seed 000 §4 other than `success`. The first rule that answers wins; no answer = success.
// Their limits come from schemas/rules/cart-limits.json (read by config.ts). accessoriesNeedMerge is judged at the
// login merge (merge.ts); a mixed payment method is kept on add and reported by validate (`conflict`).
import { rulesConfig, type RulesConfig } from './config';
import type { CartModificationResponse } from '../../schemas/types/api.cart';

/** The contract's statusCode of a cart modification (schemas/api/cart.json CartModificationResponse). */
export type AddStatusCode = CartModificationResponse['cartModifications'][number]['statusCode'];

export interface AddCandidate {
  productCode: string;
  productOfferingType: string;
  variantCode: string | null;
  quantity: number;
  /** Current stock of the variant (null for products without stock, e.g. tariffs). */
  stockLevel: number | null;
  categories?: string[];
  /** One-time price per unit in para. */
  oneTimePrice?: number;
}

export interface CartSnapshot {
  entries: Array<{
    entryNumber: number; bundleNo?: number; productCode: string; productOfferingType: string; variantCode: string | null;
    quantity: number; chargeType: string; categories?: string[]; oneTimePrice?: number;
  }>;
}

export interface RuleContext {
  /** Age of the signed-in customer from the JMBG; null = anonymous or unknown. */
  customerAge: number | null;
  config: RulesConfig;
}

export interface RuleVerdict {
  statusCode: Exclude<AddStatusCode, 'success'>;
  /** Message key of schemas/messages shown with the status. */
  messageKey: string;
  params?: Record<string, string | number>;
  /** Entries that the shopper may replace (productsNeedReplace). */
  replaceEntryNumbers?: number[];
  /** CMS component the modal may load. */
  cmsComponentId?: string | null;
}

export type AddRule = (items: AddCandidate[], cart: CartSnapshot, ctx: RuleContext) => RuleVerdict | null;

export const inGroup = (g: { productOfferingTypes: string[]; categories: string[] }, type: string, categories: string[] = []) =>
  g.productOfferingTypes.includes(type) && (g.categories.length === 0 || categories.some((c) => g.categories.includes(c)));

/** A variant that is not in stock cannot be added. */
export const noStockRule: AddRule = (items, _cart, ctx) => {
  const missing = items.find((i) => i.stockLevel !== null && i.stockLevel < i.quantity);
  return missing ? { statusCode: 'noStock', messageKey: 'cart.status.noStock', cmsComponentId: ctx.config.cmsComponents.noStock ?? null } : null;
};

/** A signed-in customer younger than minAge (JMBG) cannot take a postpaid tariff. Anonymous carts are checked at checkout. */
export const ageRule: AddRule = (items, _cart, { customerAge, config }) => {
  if (customerAge === null || customerAge >= config.ageRestricted.minAge) return null;
  const hit = items.some((i) => inGroup(config.ageRestricted, i.productOfferingType, i.categories));
  return hit ? { statusCode: 'notEligibleByAge', messageKey: 'cart.status.notEligibleByAge', params: { age: config.ageRestricted.minAge } } : null;
};

/** One item per restricted category: the entries (with their bundles) to replace are proposed instead. */
export const restrictedCategoryRule: AddRule = (items, cart, { config }) => {
  for (const group of config.restrictedCategories) {
    const adding = items.filter((i) => inGroup(group, i.productOfferingType, i.categories)).length;
    if (adding === 0) continue;
    const present = cart.entries.filter((e) => inGroup(group, e.productOfferingType, e.categories));
    if (present.length + adding <= group.maxPerCart) continue;
    const bundles = new Set(present.map((e) => e.bundleNo));
    const replace = cart.entries.filter((e) => present.includes(e) || (e.bundleNo !== undefined && bundles.has(e.bundleNo)));
    return { statusCode: 'productsNeedReplace', messageKey: 'cart.status.productsNeedReplace', replaceEntryNumbers: replace.map((e) => e.entryNumber) };
  }
  return null;
};

/** Most units of one product per cart, by productOfferingType. */
export const maxOrderQuantityRule: AddRule = (items, cart, { config }) => {
  for (const i of items) {
    const max = config.maxOrderQuantity[i.productOfferingType];
    if (max === undefined) continue;
    const inCart = cart.entries.filter((e) => e.productCode === i.productCode).reduce((n, e) => n + e.quantity, 0);
    const adding = items.filter((x) => x.productCode === i.productCode).reduce((n, x) => n + x.quantity, 0);
    if (inCart + adding > max) {
      return { statusCode: 'maxOrderQuantityExceeded', messageKey: 'cart.status.maxOrderQuantityExceeded', params: { max }, cmsComponentId: config.cmsComponents.maxOrderQuantityExceeded ?? null };
    }
  }
  return null;
};

/** The one-time total of the cart may not exceed the configured amount. */
export const allowedTotalAmountRule: AddRule = (items, cart, { config }) => {
  const limit = Math.round(config.allowedTotalAmount.oneTimeRsd * 100);
  const total = cart.entries.reduce((n, e) => n + (e.oneTimePrice ?? 0) * e.quantity, 0) + items.reduce((n, i) => n + (i.oneTimePrice ?? 0) * i.quantity, 0);
  if (total <= limit) return null;
  return { statusCode: 'allowedTotalAmountExceeded', messageKey: 'cart.status.allowedTotalAmountExceeded', params: { amount: config.allowedTotalAmount.oneTimeRsd }, cmsComponentId: config.cmsComponents.allowedTotalAmountExceeded ?? null };
};

export const ADD_RULES: AddRule[] = [noStockRule, ageRule, restrictedCategoryRule, maxOrderQuantityRule, allowedTotalAmountRule];

export function evaluateAddRules(items: AddCandidate[], cart: CartSnapshot, ctx: Partial<RuleContext> = {}, rules: AddRule[] = ADD_RULES): RuleVerdict | null {
  const full: RuleContext = { customerAge: ctx.customerAge ?? null, config: ctx.config ?? rulesConfig() };
  for (const rule of rules) {
    const v = rule(items, cart, full);
    if (v) return v;
  }
  return null;
}
