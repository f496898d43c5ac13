// Seed data of the payment module: the demo customers' monthly-bill (e-bill) accounts and saved cards, with the
// gateway simulator's tokens for them (docs/modules/user.md). Idempotent (ON CONFLICT DO NOTHING).
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/index';
import { users } from '../db/tables';
import { billingAccounts, gatewayTokens, savedCards } from './schema';

export const PAYMENT_SEED_MARKER = 'seed.payment';

/** Saved cards: the token's behaviour lives in the gateway's vault, the shop keeps brand, last four and expiry. */
export const SEED_CARDS = [
  { id: 'card_marko_visa', email: 'kupac@orbita.rs', token: 'tok_seed_marko_visa_4111', behaviour: 'APPROVE', brand: 'visa', lastFour: '1111', expiryMonth: 12, expiryYear: 2030, holder: 'Marko Petrović' },
  { id: 'card_marko_mc3ds', email: 'kupac@orbita.rs', token: 'tok_seed_marko_mc3ds_3222', behaviour: 'CHALLENGE', brand: 'mastercard', lastFour: '3222', expiryMonth: 6, expiryYear: 2031, holder: 'Marko Petrović' },
  { id: 'card_marko_expired', email: 'kupac@orbita.rs', token: 'tok_seed_marko_maestro_8453', behaviour: 'APPROVE', brand: 'maestro', lastFour: '8453', expiryMonth: 1, expiryYear: 2024, holder: 'Marko Petrović' },
  { id: 'card_jelena_dina', email: 'staff@orbita.rs', token: 'tok_seed_jelena_dina_0003', behaviour: 'APPROVE', brand: 'dinacard', lastFour: '0003', expiryMonth: 3, expiryYear: 2029, holder: 'Jelena Jovanović' },
  { id: 'card_jelena_decline', email: 'staff@orbita.rs', token: 'tok_seed_jelena_visa_0002', behaviour: 'DECLINE', brand: 'visa', lastFour: '0002', expiryMonth: 9, expiryYear: 2030, holder: 'Jelena Jovanović' },
] as const;

export const SEED_BILLING_ACCOUNTS = [
  { id: 'BA1000001', email: 'kupac@orbita.rs', name: 'Privatni račun', mail: 'kupac@orbita.rs', address: 'Bulevar kralja Aleksandra 73, 11000 Beograd', sortOrder: 1 },
  { id: 'BA1000011', email: 'kupac@orbita.rs', name: 'Porodični račun', mail: 'racuni.petrovic@orbita.rs', address: 'Njegoševa 12, 21000 Novi Sad', sortOrder: 2 },
  { id: 'BA1000002', email: 'staff@orbita.rs', name: 'Privatni račun', mail: 'staff@orbita.rs', address: 'Vojvode Mišića 5, 18000 Niš', sortOrder: 1 },
  { id: 'BA1000012', email: 'staff@orbita.rs', name: 'Poslovni račun', mail: 'jelena.posao@orbita.rs', address: 'Kralja Petra I 20, 34000 Kragujevac', sortOrder: 2 },
] as const;

export async function seedPaymentData(db: Db): Promise<void> {
  const emails = [...new Set([...SEED_CARDS.map((c) => c.email), ...SEED_BILLING_ACCOUNTS.map((a) => a.email)])];
  const owners = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const id = (email: string) => owners.find((o) => o.email === email)?.id;
  const cards = SEED_CARDS.filter((c) => id(c.email) !== undefined);
  if (cards.length) {
    await db.insert(gatewayTokens).values(cards.map((c) => ({ token: c.token, behaviour: c.behaviour, brand: c.brand, lastFour: c.lastFour }))).onConflictDoNothing();
    await db.insert(savedCards).values(cards.map((c) => ({
      id: c.id, userId: id(c.email)!, token: c.token, brand: c.brand, lastFour: c.lastFour, expiryMonth: c.expiryMonth, expiryYear: c.expiryYear, holder: c.holder,
    }))).onConflictDoNothing();
  }
  const accounts = SEED_BILLING_ACCOUNTS.filter((a) => id(a.email) !== undefined);
  if (accounts.length) {
    await db.insert(billingAccounts).values(accounts.map((a) => ({ id: a.id, userId: id(a.email)!, name: a.name, email: a.mail, address: a.address, sortOrder: a.sortOrder }))).onConflictDoNothing();
  }
}
