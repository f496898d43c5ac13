import type * as ApiCart from '../../schemas/types/api.cart';
import type * as StateCheckout from '../../schemas/types/state.checkout';

/** The SUGGESTED_PRODUCTS step: an offer is the generated shape of schemas/api/cart.json SuggestedProducts' references. */
export type SuggestedReference = ApiCart.SuggestedProducts['references'][number];
export type SuggestedRelation = SuggestedReference['referenceType'];
/** The step's state: declared in schemas/state/checkout.json (SuggestedProducts and SuggestedStatus draw it). */
export type SuggestedState = StateCheckout.SuggestedState;
export const emptySuggested = (): SuggestedState => ({ loaded: false, busy: false, error: null, entryNumber: null, productName: null, freeAddonsLimit: 0, freeSelected: 0, references: [] });
