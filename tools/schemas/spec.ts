/** Constants of the specification (seed 000 §2) and of docs/modules/schemas.md the checker enforces. */

/** Checkout step code → its path (seed 000 §2, "Multi-step checkout"). */
export const STEP_PATHS: Readonly<Record<string, string>> = {
  ADDITIONAL_CUSTOMER_DATA: '/kupovina/licni-podaci',
  CONNECT_HOME_DATA: '/kupovina/podesavanje-paketa',
  CONNECT_MSISDN: '/kupovina/postavke-mobilne-usluge',
  SUGGESTED_PRODUCTS: '/kupovina/dodatne-pogodnosti',
  SUGGESTED_TV_ADDONS: '/kupovina/tv-dodaci',
  DELIVERY: '/kupovina/podaci-dostava',
  GUEST_ORDER_INFO: '/kupovina/podaci-dostava',
  PAYMENT_AND_CART_CONFIRMATION: '/kupovina/pregled-placanje',
  PREPAID_INSTRUCTION: '/kupovina/uputstvo-za-aktivaciju',
  PREPAID_GUEST_INSTRUCTION: '/kupovina/uputstvo-za-aktivaciju',
  VERIFICATION: '/kupovina/verifikacija-imejl-adrese',
};

/** Keywords the eval-free condition evaluator (core/conditions.ts) supports. */
export const CONDITION_KEYWORDS = [
  'type', 'const', 'enum', 'properties', 'required', 'not', 'allOf', 'anyOf', 'oneOf',
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength',
  'pattern', 'minItems', 'maxItems', 'items', 'contains', 'minContains', 'maxContains',
  // the short (JSON Forms) form: { scope: pointer, schema: condition, failWhenUndefined? }
  'scope', 'schema', 'failWhenUndefined',
] as const;

/** uiSchema keys of a form whose values are message keys. */
export const FORM_UI_MESSAGE_KEYS = ['ui:title', 'ui:description', 'ui:placeholder', 'ui:help'] as const;
export const FORM_UI_MESSAGE_LIST_KEYS = ['ui:enumNames'] as const;

/** The base of every meta-schema $id. */
export const META_BASE = 'https://telekom-shop.local/schemas/meta/';
