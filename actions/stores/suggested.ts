import type { Money } from './types';

/** The SUGGESTED_PRODUCTS step: shapes of schemas/api/cart.json SuggestedProducts (what the step draws). */
export type SuggestedRelation = 'TARIFF_ADDON_RELATION' | 'DIGITAL_SERVICE_RELATION' | 'CROSSELLING' | 'STB_PRODUCT_RELATION';
export interface SuggestedReference {
  referenceType: SuggestedRelation;
  target: {
    code: string; name: string; description: string; productOfferingType: string;
    images: Array<{ imageType: 'GALLERY'; url: string; altText?: string }>;
    monthlyPrice: Money | null; oneTimePrice: Money | null;
  };
  maxAllowedQuantity: number; free: boolean; preselected: boolean; quantity: number; isRemovableEntry: boolean; entryNumber: number | null;
}
export interface SuggestedState {
  loaded: boolean; busy: boolean; error: string | null;
  /** the tariff or package entry the offers belong to (null: none in the cart) */
  entryNumber: number | null; productName: string | null;
  freeAddonsLimit: number; freeSelected: number;
  /** the add-ons (GET checkoutAddons) and the accessories of each asked relation (GET cartReferences), in that order */
  references: SuggestedReference[];
}
export const emptySuggested = (): SuggestedState => ({ loaded: false, busy: false, error: null, entryNumber: null, productName: null, freeAddonsLimit: 0, freeSelected: 0, references: [] });
