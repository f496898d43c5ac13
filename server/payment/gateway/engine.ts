// The gateway simulator's decisions, shared by every payer (the shop's orders, self-care top-up and bill payment):
// what a card does (approve, decline, card limit, 3-D Secure challenge), its token vault (a saved card is a token,
// never a number), the 3-D Secure challenge and the signed report to the payer's callback. One path for all payers.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/index';
import { randomToken } from '../../lib/ids';
import { sign, type CallbackPayload, type GatewayResult, type SavedCardInfo } from '../signature';
import { gatewayChallenges, gatewayTokens } from '../schema';
import type { CardBrand } from '../cards';

/** What a test card does (docs/modules/payment.md). */
export type Behaviour = 'APPROVE' | 'DECLINE' | 'CARD_LIMIT' | 'CHALLENGE';

/** The simulator's test cards: number → behaviour. Any other valid card of an accepted brand is declined. */
export const TEST_CARD_BEHAVIOUR: Record<string, Behaviour> = {
  '4111111111111111': 'APPROVE', // visa
  '5555555555554444': 'APPROVE', // mastercard
  '6759649826438453': 'APPROVE', // maestro
  '9891000000000003': 'APPROVE', // dinacard
  '4000000000000002': 'DECLINE',
  '4000000000009995': 'CARD_LIMIT',
  '4000000000003220': 'CHALLENGE', // visa, 3-D Secure
  '5555555555553222': 'CHALLENGE', // mastercard, 3-D Secure
};

export const behaviourOfCard = (number: string): Behaviour => TEST_CARD_BEHAVIOUR[number] ?? 'DECLINE';

const RESULT: Record<Exclude<Behaviour, 'CHALLENGE'>, GatewayResult> = { APPROVE: 'APPROVED', DECLINE: 'DECLINED', CARD_LIMIT: 'CARD_LIMIT' };

/** The payer's gateway session as the simulator sees it, and where it reports. */
export interface PayerSession { paymentId: string; orderCode: string; amount: number; callbackPath: string; backUrl: string }

/** A card presented on the page: its behaviour and, for a card to save, what the shop may keep (no number). */
export interface PresentedCard { behaviour: Behaviour; save?: { brand: CardBrand; lastFour: string; expiry: string; holder: string } }

/** Posts the signed result to the payer's callback (the server injects it into itself). */
export type Reporter = (callbackPath: string, body: CallbackPayload & { signature: string }) => Promise<void>;

export const CHALLENGE_PREFIX = '/gateway/3ds/';

/** A new token in the vault for a card to save: the token stands for the card's behaviour, never for its number. */
export async function tokenize(db: DbOrTx, behaviour: Behaviour, brand: string, lastFour: string): Promise<string> {
  const token = `tok_${randomToken(18)}`;
  await db.insert(gatewayTokens).values({ token, behaviour, brand, lastFour });
  return token;
}

/** What a saved card's token does (a token the vault does not know is declined). */
export async function behaviourOfToken(db: DbOrTx, token: string): Promise<Behaviour> {
  const row = (await db.select().from(gatewayTokens).where(eq(gatewayTokens.token, token)))[0];
  return (row?.behaviour as Behaviour | undefined) ?? 'DECLINE';
}

async function report(db: DbOrTx, reporter: Reporter, secret: string, s: PayerSession, result: GatewayResult, save?: PresentedCard['save'], behaviour: Behaviour = 'APPROVE') {
  let card: SavedCardInfo | undefined;
  if (result === 'APPROVED' && save) card = { token: await tokenize(db, behaviour, save.brand, save.lastFour), brand: save.brand, lastFour: save.lastFour, expiry: save.expiry, holder: save.holder };
  const payload: CallbackPayload = { paymentId: s.paymentId, orderCode: s.orderCode, result, amount: s.amount, timestamp: Date.now(), ...(card ? { card } : {}) };
  await reporter(s.callbackPath, { ...payload, signature: sign(secret, payload) });
}

/**
 * Charges a card for a payer's session. A 3-D Secure card opens a challenge (one pending per session: a second
 * attempt reads the open one) and answers its page; any other card is decided at once, reported (signed) to the
 * payer's callback, and answers the payer's page. Answers where the browser goes next.
 */
export async function chargeCard(db: DbOrTx, reporter: Reporter, secret: string, s: PayerSession, card: PresentedCard): Promise<string> {
  if (card.behaviour === 'CHALLENGE') {
    const id = randomToken(18);
    await db.insert(gatewayChallenges).values({
      id, paymentId: s.paymentId, orderCode: s.orderCode, amount: s.amount, callbackPath: s.callbackPath, backUrl: s.backUrl,
      saveBrand: card.save?.brand ?? null, saveLastFour: card.save?.lastFour ?? null, saveExpiry: card.save?.expiry ?? null, saveHolder: card.save?.holder ?? null,
    }).onConflictDoNothing();
    const open = (await db.select({ id: gatewayChallenges.id }).from(gatewayChallenges)
      .where(and(eq(gatewayChallenges.paymentId, s.paymentId), eq(gatewayChallenges.status, 'PENDING'))))[0];
    return `${CHALLENGE_PREFIX}${open?.id ?? id}`;
  }
  await report(db, reporter, secret, s, RESULT[card.behaviour], card.save, card.behaviour);
  return s.backUrl;
}

export type ChallengeRow = typeof gatewayChallenges.$inferSelect;

export async function findChallenge(db: DbOrTx, id: string): Promise<ChallengeRow | undefined> {
  return (await db.select().from(gatewayChallenges).where(eq(gatewayChallenges.id, id)))[0];
}

/**
 * The shopper answers the 3-D Secure challenge: confirmed → approved, failed → declined. Answered once (a conditional
 * update: a second answer, a double click or a second tab, reports nothing). Answers the payer's page.
 */
export async function answerChallenge(db: DbOrTx, reporter: Reporter, secret: string, id: string, confirmed: boolean): Promise<string | null> {
  const moved = await db.update(gatewayChallenges).set({ status: confirmed ? 'CONFIRMED' : 'FAILED', answeredAt: new Date() })
    .where(and(eq(gatewayChallenges.id, id), eq(gatewayChallenges.status, 'PENDING'))).returning();
  const c = moved[0] ?? (await findChallenge(db, id));
  if (!c) return null;
  if (!moved[0]) return c.backUrl;
  const save = c.saveBrand && c.saveLastFour && c.saveExpiry && c.saveHolder
    ? { brand: c.saveBrand as CardBrand, lastFour: c.saveLastFour, expiry: c.saveExpiry, holder: c.saveHolder } : undefined;
  await report(db, reporter, secret, c, confirmed ? 'APPROVED' : 'DECLINED', save, 'CHALLENGE');
  return c.backUrl;
}
