// One street number of the address system with everything above it (municipality, locality, street): what a
// delivery address built from the four lookups is checked against (server/delivery).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/index';
import * as h from './schema';

export interface AddressOfCode {
  tisAddressCode: string;
  province: string; provinceCode: string;
  town: string; townCode: string;
  line1: string; line1Code: string;
  line2: string;
  postalCode: string;
  entrances: string[];
  flats: number;
}

/** The address of a tisAddressCode, or null when the address system does not know it. */
export async function addressOfCode(db: DbOrTx, tisAddressCode: string): Promise<AddressOfCode | null> {
  const [row] = await db.select({ n: h.homeStreetNumbers, s: h.homeStreets, l: h.homeLocalities, m: h.homeMunicipalities }).from(h.homeStreetNumbers)
    .innerJoin(h.homeStreets, eq(h.homeStreets.code, h.homeStreetNumbers.streetCode))
    .innerJoin(h.homeLocalities, eq(h.homeLocalities.code, h.homeStreets.localityCode))
    .innerJoin(h.homeMunicipalities, eq(h.homeMunicipalities.code, h.homeLocalities.municipalityCode))
    .where(eq(h.homeStreetNumbers.addressCode, tisAddressCode)).limit(1);
  if (!row) return null;
  return {
    tisAddressCode: row.n.addressCode,
    province: row.m.name, provinceCode: row.m.code,
    town: row.l.name, townCode: row.l.code,
    line1: row.s.name, line1Code: row.s.code,
    line2: row.n.number,
    postalCode: row.m.postalCode,
    entrances: row.n.entrances, flats: row.n.flats,
  };
}
