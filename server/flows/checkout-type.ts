// The checkout type of a cart and its steps, read from the documents (schemas/rules/checkout-types.json and
// schemas/flows/*.json): nowhere else lists checkout types or step paths (docs/modules/schemas.md "Rules").
import { evaluate, type JsonSchema } from '../../core/conditions';
import type { UiDocuments } from '../ui/index';
import type { DbOrTx } from '../db/index';
import { choiceOf } from '../numbers/index';
import { homeSetupOf } from '../home/index';
import { ApiError } from '../lib/errors';

/** The contract's checkout types (schemas/api/common.json CheckoutType, seed 000 §3). */
export type CheckoutType = import('../../schemas/types/api.common').CheckoutType;

// the rules' shapes are the meta-schema's (schemas/meta/rule.schema.json), generated
type EntryMatch = import('../../schemas/types/rule').CartEntry;
type CartCondition = import('../../schemas/types/rule').CartCondition;
type CheckoutTypeRule = import('../../schemas/types/rule').CheckoutTypeRule;
export interface FlowStep { code: string; path: string; eventName: string; screen: string; hidden?: boolean; doneWhen?: unknown; deliveryOptions?: string[]; clears?: string[] }
export interface Flow { checkoutType: CheckoutType; backToOffer?: string; signInRequired?: boolean; steps: FlowStep[] }

/** What the rules look at: who is signed in and, per cart entry, the product's type and categories. */
export interface CartFacts { signedIn: boolean; entries: Array<{ type: string; categories: readonly string[] }> }

const matches = (m: EntryMatch, e: CartFacts['entries'][number]) =>
  (!m.type || (m.type as readonly string[]).includes(e.type)) && (!m.category || m.category.some((c) => e.categories.includes(c)));

function holds(rule: CartCondition, facts: CartFacts): boolean {
  if (rule.signedIn !== undefined && rule.signedIn !== facts.signedIn) return false;
  if (rule.anyEntry && !facts.entries.some((e) => matches(rule.anyEntry!, e))) return false;
  if (rule.alsoAnyEntry && !facts.entries.some((e) => matches(rule.alsoAnyEntry!, e))) return false;
  if (rule.everyEntry && (facts.entries.length === 0 || !facts.entries.every((e) => matches(rule.everyEntry!, e)))) return false;
  if (rule.noEntry && facts.entries.some((e) => matches(rule.noEntry!, e))) return false;
  return true;
}

/** The first rule of schemas/rules/checkout-types.json whose conditions hold (the checker makes the last one unconditional). */
export function checkoutTypeFor(ui: UiDocuments, facts: CartFacts): CheckoutType {
  const doc = ui.get('rule', 'checkout-types');
  const rules = (doc?.json as { checkoutTypes?: CheckoutTypeRule[] } | undefined)?.checkoutTypes ?? [];
  const rule = rules.find((r) => holds(r, facts));
  if (!rule) throw new Error('schemas/rules/checkout-types.json: no rule matches (the last rule must have no conditions)');
  return rule.checkoutType;
}

/**
 * Whether the cart needs the contract's personal data and ID document: the "contractData" condition of
 * schemas/rules/checkout-types.json (a postpaid tariff); no condition there: never. An empty cart needs none.
 */
export function contractDataRequiredFor(ui: UiDocuments, facts: CartFacts): boolean {
  const cond = (ui.get('rule', 'checkout-types')?.json as { contractData?: CartCondition } | undefined)?.contractData;
  return !!cond && facts.entries.length > 0 && holds(cond, facts);
}

export function flowOf(ui: UiDocuments, type: CheckoutType): Flow {
  const doc = ui.flowFor(type);
  if (!doc) throw new Error(`no flow document for checkout type ${type}`);
  return doc.json as Flow;
}

/** Whether only a signed-in customer may go through the checkout type's flow (its `signInRequired`, seed 000 §6). */
export function signInRequired(ui: UiDocuments, type: CheckoutType | null): boolean {
  return type !== null && flowOf(ui, type).signInRequired === true;
}

/** A guest's cart whose checkout type only a signed-in customer may use: 403 with the sign-in message (seed 000 §6
 *  "starting normal checkout opens login"); the shop offers the login for such a cart, never the guest steps. */
export function requireAllowedFor(ui: UiDocuments, type: CheckoutType | null, signedIn: boolean): void {
  if (!signedIn && signInRequired(ui, type)) throw new ApiError(403, 'ForbiddenError', 'checkout.error.signInRequired', {}, 'signInRequired');
}

/** Whether a checkout type's flow runs the step `code` (e.g. CONNECT_MSISDN: the order needs a number). */
export function flowHasStep(ui: UiDocuments, type: CheckoutType | null, code: string): boolean {
  return type !== null && flowOf(ui, type).steps.some((s) => s.code === code);
}

/** The delivery options of a checkout type: its flow's step that has `deliveryOptions` (DELIVERY / GUEST_ORDER_INFO),
 *  else delivery to a new address only. */
export function deliveryOptionsOf(ui: UiDocuments, type: CheckoutType): string[] {
  const step = flowOf(ui, type).steps.find((s) => s.deliveryOptions?.length);
  return step?.deliveryOptions ?? ['DELIVERY_ADDRESS_NEW'];
}

// doneWhen conditions are read by the one evaluator the browser and the first view use (core/conditions.ts)
function conditionHolds(cond: unknown, value: unknown): boolean {
  return evaluate(cond as JsonSchema | undefined, value);
}

/** checkoutSteps of cart validation: each step with `done` (its doneWhen holds for the cart as GET full cart shows it). */
export function checkoutStepsOf(flow: Flow, cartView: unknown) {
  return flow.steps.map((s) => ({
    code: s.code, url: s.path, eventName: s.eventName, hidden: s.hidden === true, done: conditionHolds(s.doneWhen, cartView),
  }));
}

/** The texts of the state are never shown (only the doneWhen conditions read it): keys stand in for them. */
const keyText = (key: string) => key;

/**
 * What the steps' doneWhen conditions read: the cart as GET full cart shows it, plus the number choice (server/numbers)
 * and the home-line setup with its checkStatus (server/home, CONNECT_HOME_DATA).
 */
export async function checkoutState(db: DbOrTx, cartView: object, cartId: number) {
  return { ...cartView, numberChoice: (await choiceOf(db, cartId)).choice, homeLine: (await homeSetupOf(db, keyText, cartId)).homeLine };
}
