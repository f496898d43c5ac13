// Workflow step: the order confirmation e-mail (issue 27 "the confirmation mail" shows the money the order took). Spans
// checkout (the order row and its snapshot) and outbox (the message), in the caller's transaction: at submit for an
// order not paid by card (place-order.ts), at the gateway's approval for a card order (payment.ts).
import type { DbOrTx } from '../db/index';
import type { Lang } from '../lib/lang';
import { money } from '../lib/money';
import type { UiDocuments } from '../ui/index';
import { nextSteps, type NextStepsSnapshot, type OrderRecord } from '../checkout/index';
import { loadEntryProducts, type CartTotals, type CartEntryRecord } from '../cart/index';
import { sendMessage } from '../outbox/index';

interface MailSnapshot extends NextStepsSnapshot { lang?: string; orderCustomerInfo?: { contactEmail?: string } | null; totals?: CartTotals; entries?: CartEntryRecord[] }

/**
 * Sends the confirmation of a placed order to its contact e-mail: the amount is the order's totalPrice (what the
 * gateway charged, or what is due on delivery / on the monthly bill — the cart's payNow), with the monthly total, and
 * what happens next for what was bought (the success page's steps, server/checkout/next-steps.ts).
 */
export async function sendOrderConfirmation(tx: DbOrTx, ui: UiDocuments, order: OrderRecord): Promise<void> {
  const snap = (order.snapshot ?? {}) as MailSnapshot;
  const email = snap.orderCustomerInfo?.contactEmail;
  if (!email) return;
  const lang: Lang = snap.lang === 'en' ? 'en' : 'sr';
  const params = {
    code: order.code,
    amount: money(order.totalPrice, lang).formattedValue,
    monthly: money(snap.totals?.monthly ?? 0, lang).formattedValue,
  };
  const types = (await loadEntryProducts(tx, snap.entries ?? [])).map((p) => p.product.type);
  const steps = nextSteps(ui, snap, types, order.code, lang);
  await sendMessage(tx, {
    channel: 'EMAIL', recipient: email,
    subject: ui.message(lang, 'order.mail.subject', params),
    body: [
      ui.message(lang, `order.mail.body.${order.paymentStatus}`, params), ui.message(lang, 'order.mail.monthly', params),
      ...(steps.length ? ['', ui.message(lang, 'order.next.title'), ...steps.map((s) => `- ${s}`)] : []),
    ].join('\n'),
  });
}
