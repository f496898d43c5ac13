import type { VocabularyProps } from '../../renderer/types';
import { useStores, useT } from '../../renderer/hooks';
import './selfcare.css';
import type { ComponentProps } from '../../schemas/types/components';

export type BillSummaryProps = ComponentProps['BillSummary'];

/** A found bill: amount to pay in large type, then customer number, reference, period, due date and number. */
export default function BillSummary({ bill }: BillSummaryProps & VocabularyProps) {
  const t = useT();
  const lang = useStores().session.lang;
  if (!bill) return null;
  const date = (iso?: string) => (iso ? new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'sr-Latn-RS', { dateStyle: 'long' }).format(new Date(`${iso}T12:00:00Z`)) : '—');
  const period = (p?: string) => {
    if (!p) return '—';
    const [y, m] = p.split('-').map(Number);
    return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'sr-Latn-RS', { month: 'long', year: 'numeric' }).format(new Date(Date.UTC(y, m - 1, 15)));
  };
  const rows: Array<[string, string]> = [
    ['customerNumber', bill.customerNumber ?? '—'],
    ['reference', bill.reference ?? '—'],
    ['period', period(bill.period)],
    ['dueDate', date(bill.dueDate)],
    ...(bill.msisdn ? [['msisdn', bill.msisdn] as [string, string]] : []),
  ];
  return (
    <section className="ot-bill" aria-labelledby="ot-bill-title">
      <h2 id="ot-bill-title" className="ot-bill__title">{t('selfcare.bill.summary.title')}</h2>
      <p className="ot-bill__amount"><span>{t('selfcare.bill.summary.amount')}</span><strong data-field="amount">{bill.amount?.formattedValue ?? '—'}</strong></p>
      <dl className="ot-receipt__list">
        {rows.map(([k, v]) => (
          <div key={k} className="ot-receipt__row" data-field={k}><dt>{t(`selfcare.bill.summary.${k}`)}</dt><dd>{v}</dd></div>
        ))}
      </dl>
    </section>
  );
}
