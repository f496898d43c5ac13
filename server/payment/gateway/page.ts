// The hosted card page of the gateway simulator (plain HTML form, no script; texts from schemas/messages).
import type { Lang } from '../../lib/lang';
import type { UiDocuments } from '../../ui/index';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface PageModel {
  paymentId: string; orderCode: string; amount: string; lang: Lang; done: boolean;
  errors: Partial<Record<'cardNumber' | 'expiry' | 'cvc' | 'holder', string>>;
  values: { cardNumber?: string; expiry?: string; holder?: string };
  /** Where the card form posts (default /gateway/pay/:paymentId) and the shop page to go back to (default the order's payment result): other payers of the shop (self-care top-up) reuse the page. */
  formAction?: string; backUrl?: string;
  /** SAVED_CARD: the customer's saved card (brand, last four, expiry) is charged through its token — no card fields */
  savedCard?: { brand: string; lastFour: string; expiry: string };
  /** NEW_CARD_SAVE: the page says the card will be saved (as a token) once the payment is approved */
  willSave?: boolean;
  /** done: the message key shown instead of "already processed" (e.g. a session the payer closed) */
  notice?: string;
}

export const TEST_CARDS = [
  { number: '4111 1111 1111 1111', key: 'payment.gateway.testCard.approve' },
  { number: '4000 0000 0000 0002', key: 'payment.gateway.testCard.decline' },
  { number: '4000 0000 0000 9995', key: 'payment.gateway.testCard.limit' },
  { number: '4000 0000 0000 3220', key: 'payment.gateway.testCard.challenge' },
  { number: '5555 5555 5555 4444', key: 'payment.gateway.testCard.mastercard' },
  { number: '6759 6498 2643 8453', key: 'payment.gateway.testCard.maestro' },
  { number: '9891 0000 0000 0003', key: 'payment.gateway.testCard.dinacard' },
];

const BRAND_NAMES: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', maestro: 'Maestro', dinacard: 'DinaCard' };
export const brandName = (b: string) => BRAND_NAMES[b] ?? b;

export function renderPage(ui: UiDocuments, m: PageModel): string {
  const t = (k: string, p: Record<string, string | number> = {}) => esc(ui.message(m.lang, k, p));
  const field = (name: keyof PageModel['errors'], label: string, attrs: string, value = '') => `
    <label class="field${m.errors[name] ? ' invalid' : ''}"><span>${label}</span>
      <input name="${name}" ${attrs} value="${esc(value)}" aria-invalid="${m.errors[name] ? 'true' : 'false'}">
      ${m.errors[name] ? `<em role="alert">${esc(m.errors[name]!)}</em>` : ''}</label>`;
  const saved = m.savedCard;
  const body = m.done
    ? `<p class="notice">${t(m.notice ?? 'payment.gateway.alreadyProcessed')}</p>
       <a class="button" href="${esc(m.backUrl ?? `/kupovina/rezultat-placanja?orderCode=${encodeURIComponent(m.orderCode)}`)}">${t('payment.gateway.backToShop')}</a>`
    : saved ? `<form method="post" action="${esc(m.formAction ?? `/gateway/pay/${m.paymentId}`)}" autocomplete="off" novalidate>
      <p class="saved-card"><span>${t('payment.gateway.savedCard')}</span><strong>${esc(brandName(saved.brand))} •••• ${esc(saved.lastFour)}</strong><span>${t('payment.gateway.savedCardExpiry', { expiry: saved.expiry })}</span></p>
      <button type="submit" name="action" value="pay" class="button">${t('payment.gateway.pay', { amount: m.amount })}</button>
      <button type="submit" name="action" value="cancel" class="link" formnovalidate>${t('payment.gateway.cancel')}</button>
    </form>`
    : `<form method="post" action="${esc(m.formAction ?? `/gateway/pay/${m.paymentId}`)}" autocomplete="off" novalidate>
      ${m.willSave ? `<p class="save-note">${t('payment.gateway.willSave')}</p>` : ''}
      ${field('cardNumber', t('payment.gateway.cardNumber'), 'inputmode="numeric" maxlength="23" placeholder="0000 0000 0000 0000" autocomplete="cc-number"', m.values.cardNumber)}
      <div class="row">
        ${field('expiry', t('payment.gateway.expiry'), 'maxlength="5" placeholder="MM/GG" autocomplete="cc-exp"', m.values.expiry)}
        ${field('cvc', t('payment.gateway.cvc'), 'inputmode="numeric" maxlength="4" placeholder="123" autocomplete="cc-csc"')}
      </div>
      ${field('holder', t('payment.gateway.holder'), 'maxlength="60" autocomplete="cc-name"', m.values.holder)}
      <button type="submit" name="action" value="pay" class="button">${t('payment.gateway.pay', { amount: m.amount })}</button>
      <button type="submit" name="action" value="cancel" class="link" formnovalidate>${t('payment.gateway.cancel')}</button>
    </form>
    <aside class="test-cards"><h2>${t('payment.gateway.testCards')}</h2><ul>
      ${TEST_CARDS.map((c) => `<li><code>${c.number}</code> — ${t(c.key)}</li>`).join('')}
    </ul></aside>`;
  const lock = '<svg aria-hidden="true" width="12" height="14" viewBox="0 0 12 14"><path fill="currentColor" d="M6 0a4 4 0 0 0-4 4v2H1a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1V7a1 1 0 0 0-1-1h-1V4a4 4 0 0 0-4-4Zm-2.5 4a2.5 2.5 0 0 1 5 0v2h-5V4Z"/></svg> ';
  return bankPage(m, t, { title: t('payment.gateway.title'), heading: t('payment.gateway.bankName'), secure: lock + t('payment.gateway.secure'), body });
}

/** The 3-D Secure challenge page of the card's bank: the shopper confirms the payment or fails the check. */
export function renderChallenge(ui: UiDocuments, m: { id: string; orderCode: string; amount: string; lang: Lang; done: boolean; backUrl: string }): string {
  const t = (k: string, p: Record<string, string | number> = {}) => esc(ui.message(m.lang, k, p));
  const body = m.done
    ? `<p class="notice">${t('payment.gateway.alreadyProcessed')}</p>
       <a class="button" href="${esc(m.backUrl)}">${t('payment.gateway.backToShop')}</a>`
    : `<form method="post" action="/gateway/3ds/${esc(m.id)}" novalidate>
      <p class="challenge-text">${t('payment.gateway.threeDs.text')}</p>
      <button type="submit" name="action" value="confirm" class="button">${t('payment.gateway.threeDs.confirm')}</button>
      <button type="submit" name="action" value="fail" class="link">${t('payment.gateway.threeDs.fail')}</button>
    </form>`;
  return bankPage(m, t, { title: t('payment.gateway.threeDs.title'), heading: t('payment.gateway.threeDs.heading'), secure: t('payment.gateway.secure'), body });
}

/** The bank's page around a form: the merchant, the order and the amount above it, the bank's footer below (texts
 *  already escaped). */
function bankPage(m: { orderCode: string; amount: string; lang: Lang }, t: (k: string) => string, p: { title: string; heading: string; secure: string; body: string }): string {
  return `<!doctype html>
<html lang="${m.lang === 'en' ? 'en' : 'sr-Latn'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${p.title}</title>
<link rel="stylesheet" href="/gateway/assets/gateway.css"></head>
<body><main class="card">
  <header><h1 class="bank">${p.heading}</h1><div class="secure">${p.secure}</div></header>
  <section class="summary">
    <div><span>${t('payment.gateway.merchant')}</span><strong>Orbita Telekom</strong></div>
    <div><span>${t('payment.gateway.order')}</span><strong>${esc(m.orderCode)}</strong></div>
    <div><span>${t('payment.gateway.amount')}</span><strong class="amount">${esc(m.amount)}</strong></div>
  </section>
  ${p.body}
  <footer>${t('payment.gateway.footer')}</footer>
</main></body></html>`;
}

export const GATEWAY_CSS = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;
background:linear-gradient(160deg,#0f2a4a,#1d4f7a 55%,#e9eef4 55%);font-family:"Segoe UI",Roboto,Arial,sans-serif;color:#1b2430;padding:48px 16px}
.card{width:100%;max-width:460px;background:#fff;border-radius:14px;box-shadow:0 18px 50px rgba(10,30,60,.25);overflow:hidden}
header{display:flex;justify-content:space-between;align-items:center;padding:18px 24px;background:#0f2a4a;color:#fff}
.bank{font-weight:700;letter-spacing:.5px;font-size:16px;margin:0}.secure{font-size:13px;opacity:.85;display:flex;align-items:center;gap:6px}
.summary{padding:16px 24px;background:#f4f7fb;border-bottom:1px solid #e1e7ef;display:grid;gap:6px}
.summary div{display:flex;justify-content:space-between;font-size:14px}.summary span{color:#5b6b7f}.amount{font-size:18px;color:#0f2a4a}
form{padding:20px 24px;display:grid;grid-template-columns:minmax(0,1fr);gap:14px}.row{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:12px}
.field{display:grid;gap:6px;font-size:13px;color:#3b4a5c}.field input{width:100%;min-width:0;font-size:16px;padding:11px 12px;border:1px solid #c5d0dd;border-radius:8px;outline:none}
.field input:focus{border-color:#1d6fd1;box-shadow:0 0 0 3px rgba(29,111,209,.15)}.field.invalid input{border-color:#d33}.field em{color:#d33;font-style:normal;font-size:12px}
.button{display:block;text-align:center;text-decoration:none;background:#1d6fd1;color:#fff;border:0;border-radius:8px;padding:13px;font-size:16px;font-weight:600;cursor:pointer}
.button:hover{background:#155bb0}.link{background:none;border:0;color:#5b6b7f;cursor:pointer;font-size:14px;text-decoration:underline}
.notice{padding:20px 24px;margin:0}main>.button{margin:0 24px 20px}
.test-cards{margin:0 24px 20px;padding:12px 16px;border:1px dashed #c5d0dd;border-radius:8px;font-size:13px;background:#fbfcfe}
.test-cards h2{font-size:13px;margin:0 0 6px;color:#5b6b7f}.test-cards ul{margin:0;padding-left:18px;display:grid;gap:4px}
.challenge-text{margin:0;font-size:15px;line-height:1.5}
.saved-card{display:grid;gap:4px;margin:0;padding:12px 14px;border:1px solid #c5d0dd;border-radius:8px;font-size:14px}
.saved-card strong{font-size:18px;color:#0f2a4a}.save-note{margin:0;font-size:13px;color:#3b4a5c}
footer{padding:12px 24px;font-size:12px;color:#5f6b7a;border-top:1px solid #e1e7ef}
`;
