// Add-to-cart rules: each looks at what is being added and the current cart and may answer a
// statusCode of seed 000 §4 other than `success`. The first rule that answers wins; no answer = success.
// To add a status (productsNeedReplace, maxOrderQuantityExceeded, allowedTotalAmountExceeded,
// accessoriesNeedMerge, notEligibleByAge), append a rule to ADD_RULES.

export type AddStatusCode =
  | 'success' | 'productsNeedReplace' | 'maxOrderQuantityExceeded' | 'allowedTotalAmountExceeded'
  | 'accessoriesNeedMerge' | 'notEligibleByAge' | 'noStock';

export interface AddCandidate {
  productCode: string;
  productOfferingType: string;
  variantCode: string | null;
  quantity: number;
  /** Current stock of the variant (null for products without stock, e.g. tariffs). */
  stockLevel: number | null;
}

export interface CartSnapshot {
  entries: Array<{ entryNumber: number; productCode: string; productOfferingType: string; variantCode: string | null; quantity: number; chargeType: string }>;
}

export interface RuleVerdict {
  statusCode: Exclude<AddStatusCode, 'success'>;
  /** Message key of schemas/messages shown with the status. */
  messageKey: string;
  /** Entries that the shopper may replace (productsNeedReplace). */
  replaceEntryNumbers?: number[];
}

export type AddRule = (items: AddCandidate[], cart: CartSnapshot) => RuleVerdict | null;

/** A variant that is not in stock cannot be added. */
export const noStockRule: AddRule = (items) => {
  const missing = items.find((i) => i.stockLevel !== null && i.stockLevel < i.quantity);
  return missing ? { statusCode: 'noStock', messageKey: 'cart.status.noStock' } : null;
};

export const ADD_RULES: AddRule[] = [noStockRule];

export function evaluateAddRules(items: AddCandidate[], cart: CartSnapshot, rules: AddRule[] = ADD_RULES): RuleVerdict | null {
  for (const rule of rules) {
    const v = rule(items, cart);
    if (v) return v;
  }
  return null;
}
