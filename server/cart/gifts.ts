// The gifts of a phone (PROMO_PRODUCT references), added under it when a phone is added (server/cart/add.ts).
import type { CatalogSnapshot } from '../catalog/index';
import { DEFAULT_MAX_PROMO_QUANTITY, nextNumbersOf, type EntryRow, type NewEntry } from './rows';

interface Gift { code: string; variantCode: string; pricePlanId: string; priceVersion: number; max: number }

/** The gifts of a phone (its PROMO_PRODUCT references that are purchasable promo products), by sort order. */
export function giftsOf(cat: CatalogSnapshot, productCode: string): Gift[] {
  const out: Gift[] = [];
  const refs = [...cat.referencesOf(productCode, 'PROMO_PRODUCT')].sort((a, b) => a.sortOrder - b.sortOrder || a.targetCode.localeCompare(b.targetCode));
  for (const ref of refs) {
    const gift = cat.product(ref.targetCode);
    const variant = gift?.variants[0];
    if (gift?.product.type !== 'PROMO_PRODUCT' || !variant || !gift.plan?.purchasable) continue;
    out.push({ code: gift.product.code, variantCode: variant.code, pricePlanId: gift.plan.id, priceVersion: gift.product.priceVersion, max: ref.maxAllowedQuantity ?? DEFAULT_MAX_PROMO_QUANTITY });
  }
  return out;
}

/**
 * The gifts of the phones just added: each as an entry under its phone (parentEntryNumber, same bundle) at 0,
 * automaticallyAdded — only while the gift is in stock for one more unit and the cart holds fewer than its
 * maxAllowedQuantity (default 100). Counted against the cart as the add writes it (under its row lock, or checked
 * unchanged by the one-statement write of server/cart/add-known.ts), so concurrent adds of the phone count in turn.
 */
export function giftRows(cat: CatalogSnapshot, cartId: number, all: EntryRow[], rows: NewEntry[], levels: Map<string, number>): NewEntry[] {
  const out: NewEntry[] = [];
  const held = [...all, ...rows].map((e) => ({ productCode: e.productCode, quantity: e.quantity ?? 1, entryNumber: e.entryNumber, bundleNo: e.bundleNo }));
  for (const device of rows) {
    if (cat.product(device.productCode)?.product.type !== 'DEVICE') continue;
    for (const g of giftsOf(cat, device.productCode)) {
      const units = held.filter((e) => e.productCode === g.code).reduce((n, e) => n + e.quantity, 0);
      if (units >= g.max || (levels.get(g.variantCode) ?? 0) < units + 1) continue;
      const row: NewEntry = {
        cartId, entryNumber: nextNumbersOf(held).entryNumber, bundleNo: device.bundleNo, productCode: g.code, variantCode: g.variantCode,
        quantity: 1, chargeType: 'ONE_TIME_CHARGE', pricePlanId: g.pricePlanId, oneTimePrice: 0, automaticallyAdded: true,
        priceVersion: g.priceVersion, parentEntryNumber: device.entryNumber,
      };
      out.push(row);
      held.push({ productCode: row.productCode, quantity: 1, entryNumber: row.entryNumber, bundleNo: row.bundleNo });
    }
  }
  return out;
}
