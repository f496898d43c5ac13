// EKO coupons (seed 001 §5): add / remove on the cart's device. A coupon cannot be added twice, at most the
// device's voucherLimit coupons, and the device price after all discounts plus the new coupon must stay at
// least vouchers.minDevicePriceAfterDiscountsRsd (schemas/rules/cart-limits.json).
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/index';
import { cartVouchers, vouchers } from './schema';
import { productVoucherLimits } from '../catalog/index';
import { ApiError, badInput, notFound } from '../lib/errors';
import { rulesConfig } from './config';
import { bumpVersion, entriesOf, lockOpenCart } from './service';
import { deviceTotal } from './validate';
import { vouchersOf } from './view';

const refuse = (key: string, reason: string, params: Record<string, string | number> = {}) =>
  new ApiError(400, 'ValidationError', key, params, reason, 'voucherCode');

export async function addVoucher(db: Db, sessionId: string, rawCode: string, entryNumber?: number): Promise<void> {
  const code = rawCode.trim().toUpperCase();
  await db.transaction(async (tx) => {
    const cart = await lockOpenCart(tx, sessionId);
    const def = (await tx.select().from(vouchers).where(eq(vouchers.code, code)))[0];
    if (!def?.enabled || (def.expiresAt !== null && def.expiresAt <= new Date())) throw refuse('cart.voucher.invalid', 'voucherIsNotAvailable', { code });
    const applied = await vouchersOf(tx, cart.id);
    if (applied.some((v) => v.voucherCode === code)) throw refuse('cart.voucher.alreadyUsed', 'voucherAlreadyUsed', { code });
    // The device the coupon discounts: the given entry, else the first device of the cart with a voucherLimit.
    const entries = await entriesOf(tx, cart.id);
    const rows = await productVoucherLimits(tx);
    const info = (c: string) => rows.find((r) => r.code === c);
    const device = entries.find((e) => (entryNumber === undefined ? true : e.entryNumber === entryNumber)
      && info(e.productCode)?.type === 'DEVICE' && (info(e.productCode)?.voucherLimit ?? 0) > 0);
    if (!device) {
      if (entryNumber !== undefined && !entries.some((e) => e.entryNumber === entryNumber)) throw notFound(String(entryNumber), 'error.cart.unknownEntry');
      throw refuse('cart.voucher.noDevice', 'voucherNoDevice');
    }
    const limit = info(device.productCode)!.voucherLimit;
    const onDevice = applied.filter((v) => v.entryNumber === device.entryNumber);
    if (onDevice.length >= limit) throw refuse('cart.voucher.limit', 'voucherLimitExceeded', { count: limit });
    const min = Math.round(rulesConfig().vouchers.minDevicePriceAfterDiscountsRsd * 100);
    const discounts = onDevice.reduce((n, v) => n + v.value, 0);
    if (deviceTotal(device) - discounts - def.value < min) throw refuse('cart.voucher.priceBelowLimit', 'priceBelowAllowedLevel');
    await tx.insert(cartVouchers).values({ cartId: cart.id, voucherCode: code, entryNumber: device.entryNumber, value: def.value });
    await bumpVersion(tx, cart.id);
  });
}

export async function removeVoucher(db: Db, sessionId: string, rawCode: string): Promise<void> {
  const code = rawCode.trim().toUpperCase();
  await db.transaction(async (tx) => {
    const cart = await lockOpenCart(tx, sessionId);
    const gone = await tx.delete(cartVouchers).where(and(eq(cartVouchers.cartId, cart.id), eq(cartVouchers.voucherCode, code))).returning();
    if (gone.length === 0) throw badInput('cart.voucher.notApplied', { code }, 'voucherCode', 'voucherNotApplied');
    await bumpVersion(tx, cart.id);
  });
}
