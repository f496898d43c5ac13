// HMAC-SHA256 signature of a gateway result (the callback is verified before anything changes).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { secretsOf, type SecretRing } from '../lib/secret-ring';

export type GatewayResult = 'APPROVED' | 'DECLINED' | 'CARD_LIMIT';
/** A card the shopper paid with "pay and save": the gateway's token and what the shop may show — never the number. */
export interface SavedCardInfo { token: string; brand: string; lastFour: string; expiry: string; holder: string }
export interface CallbackPayload { paymentId: string; orderCode: string; result: GatewayResult; amount: number; timestamp: number; card?: SavedCardInfo }

export const canonical = (p: CallbackPayload) => [
  p.paymentId, p.orderCode, p.result, p.amount, p.timestamp,
  ...(p.card ? [p.card.token, p.card.brand, p.card.lastFour, p.card.expiry, p.card.holder] : []),
].join('|');

export function sign(secret: string, p: CallbackPayload): string {
  return createHmac('sha256', secret).update(canonical(p)).digest('hex');
}

export function verify(ring: SecretRing, p: CallbackPayload, signature: string): boolean {
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  return secretsOf(ring).some((secret) => {
    const expected = Buffer.from(sign(secret, p), 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** A callback is refused when its (signed) timestamp is older than this… */
export const CALLBACK_MAX_AGE_MS = 5 * 60 * 1000;
/** …or further ahead of this server's clock than this. */
export const CALLBACK_MAX_SKEW_MS = 60 * 1000;

/** Whether a callback's timestamp is recent enough to be acted on (a replayed or held-back callback is not). */
export function fresh(timestamp: number, now: number = Date.now()): boolean {
  return Number.isFinite(timestamp) && timestamp >= now - CALLBACK_MAX_AGE_MS && timestamp <= now + CALLBACK_MAX_SKEW_MS;
}
