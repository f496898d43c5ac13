// Seeds the rest of the address system once (app_meta 'seed.home.addresses'): more municipalities, localities,
// streets and street numbers (address-data.ts) in the home tables, next to the rows of seedHome. Rows already there
// stay (insert … on conflict do nothing), so it runs on databases seeded before it existed too.
import type { Db } from '../db/index';
import * as s from '../db/schema';
import * as h from './schema';
import { addressCodeOf } from './seed-data';
import { extraMunicipalities, extraStreets } from './address-data';

export const HOME_ADDRESSES_SEED_MARKER = 'seed.home.addresses';

export async function seedHomeAddresses(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(s.appMeta).values({ key: HOME_ADDRESSES_SEED_MARKER, value: '1' }).onConflictDoNothing().returning();
    if (inserted.length === 0) return false;
    await tx.insert(h.homeMunicipalities).values(extraMunicipalities.map((m) => ({ code: m.code, name: m.name, postalCode: m.postalCode }))).onConflictDoNothing();
    await tx.insert(h.homeLocalities).values(extraMunicipalities.flatMap((m) => m.localities.map((l) => ({ code: l.code, municipalityCode: m.code, name: l.name })))).onConflictDoNothing();
    for (let i = 0; i < extraStreets.length; i += 200) {
      const part = extraStreets.slice(i, i + 200);
      await tx.insert(h.homeStreets).values(part.map((st) => ({ code: st.code, localityCode: st.localityCode, name: st.name }))).onConflictDoNothing();
      await tx.insert(h.homeStreetNumbers).values(part.flatMap((st) => st.numbers.map(([number, gpon, maxSpeed, entrances, flats]) => ({
        addressCode: addressCodeOf(st.code, number), streetCode: st.code, number, gpon, maxSpeed, entrances, flats,
      })))).onConflictDoNothing();
    }
    return true;
  });
}
