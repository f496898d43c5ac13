// Seed of the home-line step (kept apart from seed.ts so that address-system additions merge cleanly): customers'
// existing home lines — one over GPON, one on copper — and registered addresses, covered and not covered; the TV
// add-ons, free TV add-ons and set-top boxes offered with each TV package, and the packages' free-add-on limits.
// Once per database (server/db/seed writes the marker app_meta 'seed.home.lines'); idempotent.
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/index';
import { users } from '../db/tables';
import { homeCustomerAddresses, homeCustomerLines, homeFreeAddonLimits, homeTvAddonOffers } from './schema';

export const HOME_LINES_SEED_MARKER = 'seed.home.lines';

/** [email, lineId, number, addressCode, entrance, flat, gpon] */
export const SEED_HOME_LINES: Array<[string, string, string, string, string | null, string | null, boolean]> = [
  // Marko: a fibre line in Vračar (Bulevar kralja Aleksandra 73, GPON) and a copper line in Novi Sad (Zmaj Jovina 8, no GPON)
  ['kupac@orbita.rs', 'HL-1000001-1', '0113456789', 'TIS-1001-73', '2', '12', true],
  ['kupac@orbita.rs', 'HL-1000001-2', '021456789', 'TIS-4002-8', null, '3', false],
  // Jelena: a copper line in Niš (Obrenovićeva 52, no GPON)
  ['staff@orbita.rs', 'HL-1000002-1', '0185123456', 'TIS-5001-52', null, '4', false],
];

/** [email, addressCode, entrance, flat]: Marko's registered addresses, one covered (Novi Beograd) and one not (Ostružnica). */
export const SEED_HOME_ADDRESSES: Array<[string, string, string | null, string | null]> = [
  ['kupac@orbita.rs', 'TIS-2001-10', '2', '45'],
  ['kupac@orbita.rs', 'TIS-3001-5', null, null],
];

export async function seedHomeLines(db: Db): Promise<void> {
  const emails = [...new Set([...SEED_HOME_LINES.map((l) => l[0]), ...SEED_HOME_ADDRESSES.map((a) => a[0])])];
  const owners = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const id = (email: string) => owners.find((o) => o.email === email)?.id;
  const lines = SEED_HOME_LINES.flatMap(([email, lineId, number, addressCode, entrance, flatNum, gpon]) =>
    (id(email) ? [{ lineId, userId: id(email)!, number, addressCode, entrance, flatNum, gpon }] : []));
  if (lines.length) await db.insert(homeCustomerLines).values(lines).onConflictDoNothing();
  const addresses = SEED_HOME_ADDRESSES.flatMap(([email, addressCode, entrance, flatNum]) => (id(email) ? [{ userId: id(email)!, addressCode, entrance, flatNum }] : []));
  if (addresses.length) await db.insert(homeCustomerAddresses).values(addresses).onConflictDoNothing();
}

/** [package, freeAddonsLimit, free TV add-ons]: limit 0 = none free; a limit equal to the free add-ons adds them all. */
export const SEED_FREE_ADDONS: Array<[string, number, string[]]> = [
  ['BOX_START', 1, ['TV_ADDON_KIDS', 'TV_ADDON_FILM']],
  ['BOX_PLUS', 1, ['TV_ADDON_KIDS', 'TV_ADDON_FILM']],
  ['BOX_MAX', 2, ['TV_ADDON_KIDS', 'TV_ADDON_FILM']],
  ['BOX_NET_TV_S', 0, []],
  ['BOX_NET_TV_L', 1, ['TV_ADDON_KIDS', 'TV_ADDON_FILM']],
  ['TV_START', 0, []],
  ['TV_PLUS', 1, ['TV_ADDON_KIDS']],
  ['MSAT_S', 0, []],
];
const PAID_TV_ADDONS = ['TV_ADDON_ARENA', 'TV_ADDON_FILM', 'TV_ADDON_KIDS', 'MTS_TV_GO_EXTRA'];
const STBS = ['STB_IRIS_4K'];

export async function seedHomeTvAddons(db: Db): Promise<void> {
  await db.insert(homeFreeAddonLimits).values(SEED_FREE_ADDONS.map(([packageCode, freeAddonsLimit]) => ({ packageCode, freeAddonsLimit }))).onConflictDoNothing();
  const rows = SEED_FREE_ADDONS.flatMap(([packageCode, , free]) => [
    ...free.map((addonCode, i) => ({ packageCode, addonCode, relation: 'FREE_TV_ADDON_RELATION' as const, sortOrder: i })),
    // an add-on the package gives free is not sold with it as well
    ...PAID_TV_ADDONS.filter((a) => !free.includes(a)).map((addonCode, i) => ({ packageCode, addonCode, relation: 'TV_ADDON_RELATION' as const, sortOrder: i })),
    ...(packageCode === 'MSAT_S' ? [] : STBS.map((addonCode, i) => ({ packageCode, addonCode, relation: 'STB_PRODUCT_RELATION' as const, maxAllowedQuantity: 2, sortOrder: i }))),
  ]);
  await db.insert(homeTvAddonOffers).values(rows).onConflictDoNothing();
}
