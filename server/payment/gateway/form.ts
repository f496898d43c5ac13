// The card form of the gateway simulator: its checks and the page language, shared by the shop's gateway and
// the self-care payments (server/selfcare) through the payment module's index.ts.
import type { FastifyRequest } from 'fastify';
import type { Lang } from '../../lib/lang';
import type { GatewayResult } from '../signature';
import type { PageModel } from './page';
import type { UiDocuments } from '../../ui';

const pageLang = (req: FastifyRequest): Lang => (req.cookies?.b2c_enFlow === 'true' ? 'en' : 'sr');

/** Test cards of ARCHITECTURE §5.2; any other valid card is declined. */
export function resultOfCard(number: string): GatewayResult {
  if (number === '4111111111111111') return 'APPROVED';
  if (number === '4000000000009995') return 'CARD_LIMIT';
  return 'DECLINED';
}

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

/** The posted card form: its field errors, or the gateway's result (cancel declines). Shared with the self-care payments. */
export function checkCardForm(ui: UiDocuments, lang: Lang, f: PayForm): { errors: PageModel['errors'] } | { result: GatewayResult } {
  if (f.action === 'cancel') return { result: 'DECLINED' };
  const number = (f.cardNumber ?? '').replace(/[\s-]/g, '');
  const errors: PageModel['errors'] = {};
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) errors.cardNumber = ui.message(lang, 'payment.gateway.error.cardNumber');
  const exp = /^(\d{2})\/(\d{2})$/.exec((f.expiry ?? '').trim());
  const now = new Date();
  const expOk = exp && Number(exp[1]) >= 1 && Number(exp[1]) <= 12 && (2000 + Number(exp[2])) * 12 + Number(exp[1]) >= now.getFullYear() * 12 + now.getMonth() + 1;
  if (!expOk) errors.expiry = ui.message(lang, 'payment.gateway.error.expiry');
  if (!/^\d{3,4}$/.test((f.cvc ?? '').trim())) errors.cvc = ui.message(lang, 'payment.gateway.error.cvc');
  if (!(f.holder ?? '').trim()) errors.holder = ui.message(lang, 'payment.gateway.error.holder');
  return Object.keys(errors).length > 0 ? { errors } : { result: resultOfCard(number) };
}

/** The form body schema of the hosted card page. */
export const PAY_FORM_SCHEMA = { type: 'object', properties: {
  cardNumber: { type: 'string', maxLength: 40 }, expiry: { type: 'string', maxLength: 10 }, cvc: { type: 'string', maxLength: 10 },
  holder: { type: 'string', maxLength: 80 }, action: { type: 'string', enum: ['pay', 'cancel'] } } } as const;

export const pageLanguage = pageLang;
