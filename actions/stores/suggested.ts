import type * as ApiCart from '../../schemas/types/api.cart';

/** The SUGGESTED_PRODUCTS step: an offer is the generated shape of schemas/api/cart.json SuggestedProducts' references. */
export type SuggestedReference = ApiCart.SuggestedProducts['references'][number];
export type SuggestedRelation = SuggestedReference['referenceType'];
export interface SuggestedState {
  loaded: boolean; busy: boolean; error: string | null;
  /** the tariff or package entry the offers belong to (null: none in the cart) */
  entryNumber: number | null; productName: string | null;
  freeAddonsLimit: number; freeSelected: number;
  /** the add-ons (GET checkoutAddons) and the accessories of each asked relation (GET cartReferences), in that order */
  references: SuggestedReference[];
}
export const emptySuggested = (): SuggestedState => ({ loaded: false, busy: false, error: null, entryNumber: null, productName: null, freeAddonsLimit: 0, freeSelected: 0, references: [] });
