// Seed data of the number module: a pool of free and nice numbers over the mobile prefixes of seed 001 §9, and the
// demo customers' own numbers. Idempotent (ON CONFLICT DO NOTHING).
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/index';
import { users } from '../db/tables';
import { customerNumbers, msisdnPool } from './schema';
import { MOBILE_PREFIXES } from './service';

const para = (rsd: number) => Math.round(rsd * 100);

/** Free numbers: a deterministic spread over every prefix (7 digits after a 3-digit prefix, 6 after 0676-0678). */
export function freeNumbers(): string[] {
  const out: string[] = [];
  MOBILE_PREFIXES.forEach((p, i) => {
    const len = 10 - p.length;
    for (let k = 0; k < 6; k++) {
      const n = (1_234_567 + i * 104_729 + k * 7_919_3) % 10 ** len;
      out.push(`${p}${String(n).padStart(len, '0')}`);
    }
  });
  return out;
}

/** Nice numbers ("lepi brojevi"): repeated and rising digits, priced in RSD. */
export const NICE_NUMBERS: Array<[string, number]> = [
  ['0641111111', 4990], ['0642222222', 4990], ['0647777777', 6990], ['0651234567', 3990], ['0655555555', 5990],
  ['0661000000', 2990], ['0663333333', 4990], ['0601212121', 1990], ['0611001001', 1490], ['0622000200', 1490],
  ['0633456789', 2490], ['0698888888', 5990], ['0676123123', 990], ['0681000100', 990], ['0649090909', 1990],
];

export async function seedNumbers(db: Db): Promise<void> {
  const nice = new Set(NICE_NUMBERS.map(([n]) => n));
  await db.insert(msisdnPool).values([
    ...freeNumbers().filter((n) => !nice.has(n)).map((msisdn) => ({ msisdn, kind: 'FREE' as const, price: 0 })),
    ...NICE_NUMBERS.map(([msisdn, rsd]) => ({ msisdn, kind: 'NICE' as const, price: para(rsd) })),
  ]).onConflictDoNothing();
  const owners = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, ['kupac@orbita.rs', 'staff@orbita.rs', 'maloletni@orbita.rs']));
  const id = (email: string) => owners.find((o) => o.email === email)?.id;
  const rows = [
    { email: 'kupac@orbita.rs', msisdn: '0641234567', tariffName: 'Orbita Max M', prepaid: false },
    { email: 'kupac@orbita.rs', msisdn: '0659876543', tariffName: 'Orbita Smart', prepaid: false },
    { email: 'staff@orbita.rs', msisdn: '0651234567', tariffName: 'Orbita Max L', prepaid: false },
    { email: 'maloletni@orbita.rs', msisdn: '0661234567', tariffName: 'Orbita Pripejd Start', prepaid: true },
  ].flatMap((r) => (id(r.email) ? [{ userId: id(r.email)!, msisdn: r.msisdn, tariffName: r.tariffName, prepaid: r.prepaid }] : []));
  if (rows.length) await db.insert(customerNumbers).values(rows).onConflictDoNothing();
}
