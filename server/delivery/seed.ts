// Seeds the demo customers' saved addresses once (app_meta 'seed.delivery'), after the users
// and the address system.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index';
import * as s from '../db/tables';
import { addressOfCode } from '../home/index';
import { customerAddresses } from './schema';
import { savedAddressSeed } from './seed-data';

export const DELIVERY_SEED_MARKER = 'seed.delivery';

export async function seedDelivery(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(s.appMeta).values({ key: DELIVERY_SEED_MARKER, value: '1' }).onConflictDoNothing().returning();
    if (inserted.length === 0) return false;
    for (const [username, list] of Object.entries(savedAddressSeed)) {
      const [u] = await tx.select({ id: s.users.id }).from(s.users).where(eq(s.users.username, username));
      if (!u) continue;
      for (const a of list) {
        const found = await addressOfCode(tx, a.tisAddressCode);
        if (!found) continue;
        const { entrances: _e, flats: _f, ...addr } = found;
        await tx.insert(customerAddresses).values({ userId: u.id, ...addr, entrance: a.entrance ?? null, floor: a.floor ?? null, apartment: a.apartment ?? null, defaultAddress: a.defaultAddress ?? false });
      }
    }
    return true;
  });
}
