import type { VocabularyProps } from '../../renderer/types';
import { useStores, useT } from '../../renderer/hooks';
import './selfcare.css';
import type { ComponentProps } from '../../schemas/types/components';

export type CardReceiptProps = ComponentProps['CardReceipt'];

const FIELDS = ['orderId', 'formattedAmountWithTax', 'formattedTaxAmount', 'transactionStatus', 'approvalNumber', 'originalTransactionId', 'transactionDate'] as const;

/** The result of a self-care card payment (top-up, bill) with the card transaction fields of seed 001 §3 as a receipt. */
export default function CardReceipt(p: CardReceiptProps & VocabularyProps) {
  const t = useT();
  const lang = useStores().session.lang;
  const outcome = (p.outcome ?? 'pending') as 'pending' | 'approved' | 'failed' | 'unknown';
  const tone = outcome === 'approved' ? 'success' : outcome === 'pending' ? 'pending' : 'failure';
  const title = { approved: p.approvedTitle, failed: p.failedTitle, pending: p.pendingTitle, unknown: p.unknownTitle }[outcome];
  const text = outcome === 'approved' ? p.approvedText : outcome === 'pending' ? p.pendingText : outcome === 'unknown' ? p.unknownText : p.result?.message;
  const tx = p.result?.transaction;
  const value = (k: (typeof FIELDS)[number]) => {
    const v = tx?.[k];
    if (v === null || v === undefined || v === '') return '—';
    if (k === 'transactionDate') {
      return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'sr-Latn-RS', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(String(v)));
    }
    if (k === 'transactionStatus') return t(`selfcare.receipt.status.${String(v)}`);
    return String(v);
  };
  return (
    <div className="ot-receipt">
      <div className={`ot-result ot-result--${tone}`} role={outcome === 'failed' || outcome === 'unknown' ? 'alert' : 'status'} aria-live="polite">
        <div className="ot-result__icon" aria-hidden="true">{outcome === 'pending' ? <span className="ot-spinner__ring" /> : outcome === 'approved' ? '✓' : '!'}</div>
        <h1 className="ot-result__title">{title}</h1>
        {text && <p className="ot-result__text">{text}</p>}
        {p.result?.msisdn && outcome !== 'unknown' && <p className="ot-result__order">{t('selfcare.receipt.msisdn', { msisdn: p.result.msisdn })}</p>}
      </div>
      {tx && outcome !== 'unknown' && (
        <section className="ot-receipt__card" aria-labelledby="ot-receipt-title">
          <h2 id="ot-receipt-title" className="ot-receipt__title">{t('selfcare.receipt.title')}</h2>
          <dl className="ot-receipt__list">
            {FIELDS.map((k) => (
              <div key={k} className="ot-receipt__row" data-field={k}>
                <dt>{t(`selfcare.receipt.${k}`)}</dt>
                <dd>{value(k)}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </div>
  );
}
