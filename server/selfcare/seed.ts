// Seed data of the self-care module: prepaid, cost-control and postpaid subscribers with balances, and bills in
// every state of seed 001 §4. Guarded by app_meta SELFCARE_SEED_MARKER (a new version adds what is missing).
import type { Db } from '../db/index';
import { appMeta } from '../db/schema';
import { selfcareBills, selfcareDontCall, selfcareStores, selfcareSubscribers } from './schema';
import { openPrepaidRegistration } from './prepaid';

export const SELFCARE_SEED_MARKER = 'seed.selfcare.4';

/** Documented in docs/modules/selfcare.md: the numbers a tester types. */
export const seededSubscribers = [
  { msisdn: '381641234567', kind: 'PREPAID', balance: 15_000 },
  { msisdn: '381651234567', kind: 'PREPAID', balance: 0 },
  { msisdn: '381621234567', kind: 'PREPAID', balance: 42_000 },
  { msisdn: '381631234567', kind: 'COST_CONTROL', balance: 50_000 },
  { msisdn: '381601234567', kind: 'POSTPAID', balance: 0, customerNumber: '1000001' },
  { msisdn: '381611234567', kind: 'POSTPAID', balance: 0, customerNumber: '1000002' },
  // prepaid numbers bought by guests, to be registered (seededRegistrations)
  { msisdn: '381641111111', kind: 'PREPAID', balance: 0 },
  { msisdn: '381641111112', kind: 'PREPAID', balance: 0 },
  { msisdn: '381641111113', kind: 'PREPAID', balance: 0 },
  { msisdn: '381641111114', kind: 'PREPAID', balance: 0 },
  { msisdn: '381641111119', kind: 'PREPAID', balance: 0 },
] as const;

/** Registration windows of guest prepaid purchases: opened 2 hours before seeding (…9: 30 hours, already over). */
export const seededRegistrations = [
  { msisdn: '381641111111', code: 'ORB111', hoursAgo: 2, reserved: 99_900 },
  { msisdn: '381641111112', code: 'ORB112', hoursAgo: 2, reserved: 99_900 },
  { msisdn: '381641111113', code: 'ORB113', hoursAgo: 2, reserved: 149_900 },
  { msisdn: '381641111114', code: 'ORB114', hoursAgo: 2, reserved: 149_900 },
  { msisdn: '381641111119', code: 'ORB119', hoursAgo: 30, reserved: 99_900 },
];

/**
 * Bills for each outcome of seed 001 §4 (customer number / bill reference): OPEN bills to pay, and one bill per
 * refusal — already paid, in processing, cancelled, billing system offline ("service unavailable"). "Not found" is
 * any other pair (e.g. 1000001 / 202610999999); "session expired" comes from the bill session's lifetime.
 */
export const seededBills = [
  { reference: '202610000011', customerNumber: '1000001', msisdn: '381601234567', period: '2026-10', amount: 249_900, dueDate: '2026-11-28' },
  { reference: '202610000012', customerNumber: '1000001', msisdn: '381601234567', period: '2026-10', amount: 119_950, dueDate: '2026-11-28' },
  { reference: '202610000013', customerNumber: '1000001', msisdn: '381601234567', period: '2026-10', amount: 89_900, dueDate: '2026-11-28' },
  { reference: '202610000014', customerNumber: '1000001', msisdn: '381601234567', period: '2026-10', amount: 59_900, dueDate: '2026-11-28' },
  { reference: '202609000011', customerNumber: '1000001', msisdn: '381601234567', period: '2026-09', amount: 249_900, dueDate: '2026-10-28', status: 'PAID' as const },
  { reference: '202610000021', customerNumber: '1000002', msisdn: '381611234567', period: '2026-10', amount: 179_900, dueDate: '2026-11-28', status: 'PROCESSING' as const },
  { reference: '202610000022', customerNumber: '1000002', msisdn: '381611234567', period: '2026-10', amount: 35_000, dueDate: '2026-11-28', status: 'CANCELLED' as const },
  { reference: '202610000031', customerNumber: '1000003', msisdn: null, period: '2026-10', amount: 99_900, dueDate: '2026-11-28', billingAvailable: false },
];

const wd = (sr: string, en: string) => ({ sr, en });

/** The shops of "Kako do nas" and the pickup points of delivery: the one list of the operator's shops. */
export const seededStores: Array<typeof selfcareStores.$inferInsert> = [
  { code: 'BG-BULEVAR', name: wd('Beograd — Bulevar', 'Belgrade — Bulevar'), line1: 'Bulevar kralja Aleksandra 73', postalCode: '11000', town: wd('Beograd', 'Belgrade'),
    street: 'Bulevar kralja Aleksandra', streetNumber: '73', streetNumberCode: 'TIS-1001-73', suburb: 'Vračar', tisAddressCode: 'TIS-1001-73',
    hours: [wd('Radnim danima 8–20', 'Weekdays 8–20'), wd('Subotom 9–15', 'Saturdays 9–15')], phone: '011 300 3001', note: wd('Parking u dvorištu zgrade.', 'Parking in the courtyard.'), sortOrder: 1 },
  { code: 'BG-USCE', name: wd('Beograd — Ušće', 'Belgrade — Ušće'), line1: 'TC Ušće, Bulevar Mihajla Pupina 4', postalCode: '11070', town: wd('Novi Beograd', 'New Belgrade'),
    street: 'Bulevar Mihajla Pupina', streetNumber: '4', suburb: 'TC Ušće',
    hours: [wd('Svakog dana 10–22', 'Every day 10–22')], phone: '011 300 3002', note: wd('U tržnom centru, prvi sprat.', 'In the shopping centre, first floor.'), sortOrder: 2 },
  { code: 'NS-CENTAR', name: wd('Novi Sad', 'Novi Sad'), line1: 'Bulevar oslobođenja 119', postalCode: '21000', town: wd('Novi Sad', 'Novi Sad'), street: 'Bulevar oslobođenja', streetNumber: '119',
    hours: [wd('Radnim danima 8–20', 'Weekdays 8–20'), wd('Subotom 9–15', 'Saturdays 9–15')], phone: '021 300 3003', note: null, sortOrder: 3 },
  { code: 'NI-CENTAR', name: wd('Niš', 'Niš'), line1: 'Obrenovićeva 38', postalCode: '18000', town: wd('Niš', 'Niš'), street: 'Obrenovićeva', streetNumber: '38',
    hours: [wd('Radnim danima 8–20', 'Weekdays 8–20'), wd('Subotom 9–14', 'Saturdays 9–14')], phone: '018 300 3004', note: null, sortOrder: 4 },
  { code: 'KG-CENTAR', name: wd('Kragujevac', 'Kragujevac'), line1: 'Kralja Petra I 12', postalCode: '34000', town: wd('Kragujevac', 'Kragujevac'), street: 'Kralja Petra I', streetNumber: '12',
    hours: [wd('Radnim danima 8–19', 'Weekdays 8–19'), wd('Subotom 9–14', 'Saturdays 9–14')], phone: '034 300 3005', note: null, sortOrder: 5 },
  { code: 'SU-KORZO', name: wd('Subotica', 'Subotica'), line1: 'Korzo 9', postalCode: '24000', town: wd('Subotica', 'Subotica'), street: 'Korzo', streetNumber: '9',
    hours: [wd('Radnim danima 8–20', 'Weekdays 8–20'), wd('Subotom 9–14', 'Saturdays 9–14')], phone: '024 300 3006', note: null, sortOrder: 6 },
  { code: 'CA-CENTAR', name: wd('Čačak', 'Čačak'), line1: 'Gradsko šetalište 7', postalCode: '32000', town: wd('Čačak', 'Čačak'), street: 'Gradsko šetalište', streetNumber: '7',
    hours: [wd('Radnim danima 8–19', 'Weekdays 8–19'), wd('Subotom 9–13', 'Saturdays 9–13')], phone: '032 300 3007', note: null, sortOrder: 7 },
];

/** Do-not-call entries already in the register (effective since 2026-01-15). */
export const seededDontCall: Array<typeof selfcareDontCall.$inferInsert> = [
  { kind: 'MSISDN', number: '381621234567', effectiveFrom: '2026-01-15' },
  { kind: 'HOMELINE', number: '0113004000', effectiveFrom: '2026-01-15' },
];

export async function seedSelfcare(db: Db): Promise<void> {
  const marked = await db.insert(appMeta).values({ key: SELFCARE_SEED_MARKER, value: '1' }).onConflictDoNothing().returning();
  if (marked.length === 0) return;
  await db.insert(selfcareSubscribers).values(seededSubscribers.map((s) => ({ ...s }))).onConflictDoNothing();
  await db.insert(selfcareBills).values(seededBills).onConflictDoNothing();
  await db.insert(selfcareStores).values(seededStores).onConflictDoNothing();
  await db.insert(selfcareDontCall).values(seededDontCall).onConflictDoNothing();
  const now = Date.now();
  for (const r of seededRegistrations) {
    await openPrepaidRegistration(db, { msisdn: r.msisdn, code: r.code, purchasedAt: new Date(now - r.hoursAgo * 3_600_000), reservedAmount: r.reserved });
  }
}
