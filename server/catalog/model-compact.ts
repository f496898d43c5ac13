// Compact rows for the catalogue read model (issue 25, memory at 10,000 products). A heap snapshot at 10,000
// products showed most of the model's bytes in repetition rather than content:
//   - every row of drizzle or of a kept model (node:v8) is an object built from `{}` one property at a time, so past
//     its fourth property V8 keeps the rest in a separate property array (104k device prices, 55k references, 21k
//     variants: ~20 MB of property arrays alone). A row written as one object literal keeps them all in the object;
//   - the same short strings once per row: a device price names its device and tariff, a reference its products and
//     type, a picture its address (104k device and tariff codes, 55k picture addresses and alt texts for a few
//     hundred distinct values: ~25 MB). `intern` hands out one string per value;
//   - the JSON columns (specification, highlights, description, categories, colour names) parsed once per row,
//     though a few hundred distinct values served 10,000 products (clones of a model share them: ~35 MB).
//     `sharedJson` parses each distinct text once and hands out that one value.
// The values are the same, so every answer is too; what is shared is read only (products were already shared
// between snapshots and answers). Both pools only ever save memory: when full they start again (nothing depends on
// two rows holding the same string or object).
import type * as s from './schema';

type DevicePriceRow = typeof s.devicePrices.$inferSelect;
type ReferenceRow = typeof s.productReferences.$inferSelect;
/** A variant of the read model: its row, its stock level and its pictures (repository.ts re-exports it). */
export type VariantRow = typeof s.productVariants.$inferSelect & { stockLevel: number; images: Array<{ url: string; altText: string }> };

/** At most this many distinct strings pooled (a catalogue's codes, addresses and types: well under it). */
const MAX_STRINGS = 200_000;
/** At most this many distinct JSON texts pooled (each kept as its text and its value): a catalogue of all-different
 *  specifications gains nothing from it, and keeps at most this many texts. */
const MAX_JSON = 4_000;

const strings = new Map<string, string>();
const json = new Map<string, unknown>();

/** The pooled string equal to `s`. */
export function intern(s: string): string {
  const have = strings.get(s);
  if (have !== undefined) return have;
  if (strings.size >= MAX_STRINGS) strings.clear();
  strings.set(s, s);
  return s;
}

const internOrNull = (s: string | null): string | null => (s === null ? null : intern(s));

/** The value of a JSON text, parsed once per distinct text (the column is read as text: `col::text`). */
export function sharedJson<T>(text: string): T {
  const have = json.get(text);
  if (have !== undefined) return have as T;
  if (json.size >= MAX_JSON) json.clear();
  const value = JSON.parse(text) as T;
  json.set(text, value);
  return value;
}

/** A device price as one object literal (the columns in the table's order), its codes pooled. */
export function compactDevicePrice(d: DevicePriceRow): DevicePriceRow {
  return {
    id: d.id, deviceCode: intern(d.deviceCode), tariffCode: intern(d.tariffCode), termMonths: d.termMonths, purchasable: d.purchasable,
    oneTimePrice: d.oneTimePrice, oldOneTimePrice: d.oldOneTimePrice, installments: d.installments, installmentPrice: d.installmentPrice,
    oldInstallmentPrice: d.oldInstallmentPrice, upfrontPrice: d.upfrontPrice, offerType: internOrNull(d.offerType),
    oneTimeAvailable: d.oneTimeAvailable, installmentsAvailable: d.installmentsAvailable,
  };
}

/** A reference as one object literal (the columns in the table's order), its codes and type pooled. */
export function compactReference(r: ReferenceRow): ReferenceRow {
  return {
    productCode: intern(r.productCode), targetCode: intern(r.targetCode), referenceType: intern(r.referenceType), sortOrder: r.sortOrder,
    maxAllowedQuantity: r.maxAllowedQuantity, preselected: r.preselected, isRemovableEntry: r.isRemovableEntry, free: r.free,
  };
}

/** A variant as one object literal (the columns in the table's order, then its stock and pictures), pooled. */
export function compactVariant(v: Omit<VariantRow, 'stockLevel' | 'images'>, stockLevel: number, images: ReadonlyArray<{ url: string; altText: string }>): VariantRow {
  return {
    code: v.code, productCode: intern(v.productCode), colorCode: intern(v.colorCode), colorName: v.colorName, colorHex: intern(v.colorHex),
    sortOrder: v.sortOrder, stockLevel, images: images.map((i) => ({ url: intern(i.url), altText: intern(i.altText) })),
  };
}
