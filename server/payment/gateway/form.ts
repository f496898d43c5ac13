// The card form of the gateway simulator: its checks and the page language, shared by the shop's gateway and
// the self-care payments (server/selfcare) through the payment module's index.ts.
import type { FastifyRequest } from 'fastify';
import type { Lang } from '../../lib/lang';
import { brandOf, type CardBrand } from '../cards';
import { behaviourOfCard, type Behaviour } from './engine';
import type { PageModel } from './page';
import type { UiDocuments } from '../../ui';

const pageLang = (req: FastifyRequest): Lang => (req.cookies?.b2c_enFlow === 'true' ? 'en' : 'sr');


export function luhn(n: string): boolean {
  let sum = 0;
  for (let i = 0; i < n.length; i++) {
    let d = Number(n[n.length - 1 - i]);
    if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
    sum += d;
  }
  return sum % 10 === 0;
}

export interface PayForm { cardNumber?: string; expiry?: string; cvc?: string; holder?: string; action?: string }

/** A card as the form presents it: what it does (test cards) and what may be kept of it (never the number). */
export interface CheckedCard { behaviour: Behaviour; brand: CardBrand; lastFour: string; expiry: string; holder: string }

/** The posted card form: its field errors, the shopper's cancel, or the card. Shared with the self-care payments. */
export function checkCardForm(ui: UiDocuments, lang: Lang, f: PayForm): { errors: PageModel['errors'] } | { cancelled: true } | { card: CheckedCard } {
  if (f.action === 'cancel') return { cancelled: true };
  const number = (f.cardNumber ?? '').replace(/[\s-]/g, '');
  const errors: PageModel['errors'] = {};
  const brand = brandOf(number);
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) errors.cardNumber = ui.message(lang, 'payment.gateway.error.cardNumber');
  else if (!brand) errors.cardNumber = ui.message(lang, 'payment.gateway.error.brand');
  const exp = /^(\d{2})\/(\d{2})$/.exec((f.expiry ?? '').trim());
  const now = new Date();
  const expOk = exp && Number(exp[1]) >= 1 && Number(exp[1]) <= 12 && (2000 + Number(exp[2])) * 12 + Number(exp[1]) >= now.getFullYear() * 12 + now.getMonth() + 1;
  if (!expOk) errors.expiry = ui.message(lang, 'payment.gateway.error.expiry');
  if (!/^\d{3,4}$/.test((f.cvc ?? '').trim())) errors.cvc = ui.message(lang, 'payment.gateway.error.cvc');
  if (!(f.holder ?? '').trim()) errors.holder = ui.message(lang, 'payment.gateway.error.holder');
  if (Object.keys(errors).length > 0 || !brand) return { errors };
  return { card: { behaviour: behaviourOfCard(number), brand, lastFour: number.slice(-4), expiry: (f.expiry ?? '').trim(), holder: (f.holder ?? '').trim() } };
}

/** The form body schema of the hosted card page. */
export const PAY_FORM_SCHEMA = { type: 'object', properties: {
  cardNumber: { type: 'string', maxLength: 40 }, expiry: { type: 'string', maxLength: 10 }, cvc: { type: 'string', maxLength: 10 },
  holder: { type: 'string', maxLength: 80 }, action: { type: 'string', enum: ['pay', 'cancel'] } } } as const;

export const pageLanguage = pageLang;
