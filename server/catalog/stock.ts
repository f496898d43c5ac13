// Stock moves of orders (the catalogue owns the stock table): held with a conditional UPDATE (level >= qty), so
// concurrent orders never oversell; given back by the same units. Called by server/workflows/place-order.ts and
// server/workflows/payment.ts inside their transactions.
import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/index';
import { stock } from './schema';

/** Takes `quantity` units of a variant when that many are in stock; false (nothing taken) when not. */
export async function holdStock(tx: DbOrTx, variantCode: string, quantity: number): Promise<boolean> {
  const updated = await tx.update(stock).set({ level: sql`${stock.level} - ${quantity}` })
    .where(and(eq(stock.variantCode, variantCode), gte(stock.level, quantity))).returning({ level: stock.level });
  return updated.length > 0;
}

/** Gives `quantity` units of a variant back. */
export async function giveBackStock(tx: DbOrTx, variantCode: string, quantity: number): Promise<void> {
  await tx.update(stock).set({ level: sql`${stock.level} + ${quantity}` }).where(eq(stock.variantCode, variantCode));
}
