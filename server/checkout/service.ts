// Guest data, delivery time slot, payment modes, consents, payment type.
import { readFileSync } from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index';
import { addressOfCode } from '../home/index';
import { consentTemplates, deliveryTimeSlots, orders } from './schema';
import { ApiError, badInput } from '../lib/errors';
import { paymentOfferFor } from '../flows/index';
import type { Lang } from '../lib/lang';
import type { BodyOf, ResponseOf } from '../lib/contract';
import type { UiDocuments } from '../ui/index';
import { cartSignedIn, checkoutTypeOf, contractDataRequiredOf, entriesOf, findOpenCart, getOrCreateCart, loadEntryProducts, lockOpenCart, setCheckoutFields } from '../cart/index';
import { deliveryOptionsOf, requireAllowedFor } from '../flows/index';
import { checkContractPerson, issueDateOfTyped } from '../user/index';

/** The guest data as the contract declares it (schemas/api/checkout.json GuestBody, checked by the route). */
export type GuestBody = BodyOf<'guestCustomerInfo'>;

/** Every string field of a part of the body, trimmed: what the contract lets in is what is stored, no list here. */
const trimmedStrings = (part: object): Record<string, string> =>
  Object.fromEntries(Object.entries(part).filter((e): e is [string, string] => typeof e[1] === 'string').map(([k, v]) => [k, v.trim()]));

export function formatAddress(a: Record<string, string | undefined>): string {
  const street = [a.line1, a.line2].filter(Boolean).join(' ');
  const flat = [a.entrance && `ulaz ${a.entrance}`, a.floor && `sprat ${a.floor}`, a.apartment && `stan ${a.apartment}`].filter(Boolean).join(', ');
  const town = [a.postalCode, a.town].filter(Boolean).join(' ');
  return [street, flat, town].filter(Boolean).join(', ');
}


const CODE_FIELDS = ['province', 'provinceCode', 'townCode', 'line1Code', 'tisAddressCode'] as const;

/**
 * The guest's address with its address-system codes (seed 000 §3 guest submit payload): a tisAddressCode is kept only
 * while the typed street, number and town are still that address's (the codes then come from the address system);
 * an address typed over, or a code the address system does not know, is kept as free text without codes.
 */
async function withAddressCodes(db: DbOrTx, a: Record<string, string>): Promise<Record<string, string>> {
  const out = { ...a };
  const found = a.tisAddressCode ? await addressOfCode(db, a.tisAddressCode) : null;
  const same = (x?: string, y?: string) => (x ?? '').toLocaleLowerCase('sr') === (y ?? '').toLocaleLowerCase('sr');
  if (found && same(found.line1, a.line1) && same(found.line2, a.line2) && same(found.town, a.town)) {
    Object.assign(out, { province: found.province, provinceCode: found.provinceCode, townCode: found.townCode, line1Code: found.line1Code, tisAddressCode: found.tisAddressCode });
  } else {
    for (const k of CODE_FIELDS) delete out[k];
  }
  return out;
}

/** The fields of the guest's contract data, in the order a missing one is reported: the contract's own list (the
 *  "required" of GuestBody's contractData in schemas/api/checkout.json; the route checks the same body against it). */
const CONTRACT_FIELDS = (JSON.parse(readFileSync(new URL('../../schemas/api/checkout.json', import.meta.url), 'utf8')) as {
  $defs: { GuestBody: { properties: { contractData: { required: ContractField[] } } } };
}).$defs.GuestBody.properties.contractData.required;
type ContractField = keyof NonNullable<GuestBody['contractData']>;

/**
 * The guest's contract data when the cart needs it (a postpaid tariff: the cart's contractDataRequired), checked like
 * the personal-data step and in the form it stores (document number upper case, issue date yyyy-mm-ddT01:00:00+01:00);
 * a missing field is refused naming it (contractData/<field>). A cart that needs none: nothing (what was sent is dropped).
 */
function contractDataOf(required: boolean, body: GuestBody): Record<string, string> {
  if (!required) return {};
  const c: Partial<Record<ContractField, string>> = body.contractData ?? {};
  const missing = CONTRACT_FIELDS.find((k) => !c[k]?.trim());
  if (missing) throw badInput('validation.required', {}, `contractData/${missing}`, 'contractDataRequired');
  const issueDate = issueDateOfTyped(c.primaryContactDocumentIdIssueDate!.trim());
  checkContractPerson(c.jmbg!.trim(), issueDate, 'contractData');
  return {
    jmbg: c.jmbg!.trim(),
    primaryContactDocumentIdNum: c.primaryContactDocumentIdNum!.trim().toUpperCase(),
    primaryContactDocumentIdIssueAuthority: c.primaryContactDocumentIdIssueAuthority!.trim().replace(/\s+/g, ' '),
    primaryContactDocumentIdIssueDate: issueDate,
  };
}

/**
 * The guest data step (GUEST_ORDER_INFO): the customer data and the delivery address, and for a cart holding a
 * postpaid tariff the contract's personal data and ID document (contractData). A guest whose cart only a
 * signed-in customer may buy (a home package: its installation address and coverage check are in the signed-in steps,
 * the flow's signInRequired) is refused with 403 — the shop offers the login for such a cart.
 */
export async function setGuestInfo(db: Db, ui: UiDocuments, sessionId: string, body: GuestBody): Promise<void> {
  await db.transaction(async (tx) => {
    const cart = await lockOpenCart(tx, sessionId);
    const entries = await entriesOf(tx, cart.id);
    if (entries.length === 0) throw new ApiError(400, 'CartError', 'error.cart.empty');
    const signedIn = await cartSignedIn(tx, cart);
    const products = await loadEntryProducts(tx, entries);
    requireAllowedFor(ui, checkoutTypeOf(ui, signedIn, entries, products), signedIn);
    const contract = contractDataOf(contractDataRequiredOf(ui, signedIn, entries, products), body);
    const trimmed = await withAddressCodes(tx, trimmedStrings(body.deliveryAddress));
    await setCheckoutFields(tx, cart.id, {
      orderCustomerInfo: { ...trimmedStrings(body.customerData), ...contract },
      deliveryAddress: { ...trimmed, formattedAddress: formatAddress(trimmed) },
      paymentMode: cart.paymentMode ?? 'CreditCard',
    });
  });
}

export async function timeSlots(db: Db, sessionId: string, lang: Lang) {
  const cart = await getOrCreateCart(db, sessionId);
  const rows = await db.select().from(deliveryTimeSlots).orderBy(asc(deliveryTimeSlots.sortOrder));
  return { deliveryTimeSlots: rows.map((r) => ({ code: r.code, name: r.name[lang], selected: r.code === cart.deliveryTimeSlot })) };
}

export async function setTimeSlot(db: Db, sessionId: string, code: string): Promise<void> {
  const rows = await db.select().from(deliveryTimeSlots).where(eq(deliveryTimeSlots.code, code));
  if (!rows[0]) throw badInput('error.checkout.unknownTimeSlot', { code }, 'deliveryTimeSlotCode');
  const cart = await getOrCreateCart(db, sessionId);
  await setCheckoutFields(db, cart.id, { deliveryTimeSlot: code });
}

/** The consents; after "Pokušaj ponovo" (the open cart is a failed order's cart) as the shopper gave them for that order. */
export async function consents(db: Db, lang: Lang, sessionId?: string) {
  const rows = await db.select().from(consentTemplates).orderBy(asc(consentTemplates.sortOrder));
  const open = sessionId ? await findOpenCart(db, sessionId) : null;
  const given = open ? (await db.select({ consents: orders.consents }).from(orders).where(eq(orders.cartId, open.id)))[0]?.consents ?? {} : {};
  return {
    consentTemplates: rows.map((r) => ({
      id: r.id, name: r.name[lang], description: r.description[lang], required: r.required, selected: false, documentUrl: r.documentUrl, given: given[r.id] === true,
    })),
  };
}

export async function checkoutOptions(db: Db, ui: UiDocuments, sessionId: string, step: string | undefined, lang: Lang): Promise<ResponseOf<'checkoutOptions'>> {
  const cart = await getOrCreateCart(db, sessionId);
  const entries = await entriesOf(db, cart.id);
  const products = await loadEntryProducts(db, entries);
  const signedIn = await cartSignedIn(db, cart);
  const checkoutType = entries.length ? checkoutTypeOf(ui, signedIn, entries, products) : null;
  const offer = paymentOfferFor(ui, checkoutType, signedIn);
  // which delivery options: the flow of the checkout type says (its step's deliveryOptions, schemas/flows/)
  const codes = checkoutType ? deliveryOptionsOf(ui, checkoutType) : ['DELIVERY_ADDRESS_NEW'];
  const chosen = cart.deliveryAddress?.deliveryAddressType ?? (cart.deliveryAddress ? 'DELIVERY_ADDRESS_NEW' : null);
  return {
    options: {
      checkoutStep: step ?? null,
      checkoutType,
      deliveryOptions: codes.map((code, i) => ({ code, name: ui.message(lang, `checkout.delivery.option.${code}`), selected: chosen ? chosen === code : i === 0 })),
      paymentModes: offer.modes.map((code) => ({ code, name: ui.message(lang, `checkout.payment.name.${code}`) })),
      creditCardPaymentTypes: offer.cardPaymentTypes,
      deliveryTimeSlotsEnabled: true,
      chargeTypes: [...new Set(entries.map((e) => e.chargeType))],
    },
  };
}
