import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { useMoney } from '../shared/money';
import { entryView, hasAmount } from './entryView';
import type { ComponentProps } from '../../schemas/types/components';

export type CartEntryProps = ComponentProps['CartEntry'];

/** One cart line: picture, brand, name, colour, term, monthly and one-time price; optional remove button. `nested`: under its device / tariff. */
export default function CartEntry({ entry, removable, compact, nested, underTariff, emit }: CartEntryProps & VocabularyProps) {
  const t = useT();
  const money = useMoney();
  if (!entry) return null;
  const e = entryView(entry);
  return (
    <div className={['ot-entry', compact && 'ot-entry--compact', nested && 'ot-entry--nested'].filter(Boolean).join(' ')}>
      <div className="ot-entry__thumb">
        {e.image ? <img src={e.image.url} alt={e.image.altText ?? e.name} width={72} height={72} loading="lazy" /> : <span className="ot-entry__sim" aria-hidden="true">{e.thumbText}</span>}
      </div>
      <div className="ot-entry__info">
        {e.brand && <p className="ot-entry__brand">{e.brand}</p>}
        <p className="ot-entry__name">
          {e.name}
          {e.esim && <span className="ot-badge ot-badge--brand ot-entry__esim">{t('product.esim')}</span>}
          {e.gift && <span className="ot-badge ot-badge--gift ot-entry__esim">{t('cart.entry.gift')}</span>}
        </p>
        <p className="ot-entry__meta">
          {[underTariff && t('cart.entry.addon'), e.color && t('cart.color', { color: e.color }), e.quantity > 1 && t('cart.quantity', { count: e.quantity }), e.term && t('cart.term', { count: e.term }), e.installments && t('cart.installments', { count: e.installments })]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {e.promotion && <p className="ot-entry__promo">{e.promotion}</p>}
      </div>
      <div className="ot-entry__prices">
        {hasAmount(e.monthly) && (
          <p className="ot-entry__price">
            {hasAmount(e.oldMonthly) && <s className="ot-price-old">{money.format(e.oldMonthly)}</s>}
            <strong>{money.format(e.monthly)}</strong>
            <span className="ot-price-per">{t('price.perMonth')}</span>
          </p>
        )}
        {e.gift && (
          <p className="ot-entry__price">
            <strong>{money.format(0)}</strong>
            <span className="ot-price-per">{t('price.oneTime')}</span>
          </p>
        )}
        {hasAmount(e.oneTime) && (
          <p className="ot-entry__price">
            <strong>{money.format(e.oneTime)}</strong>
            <span className="ot-price-per">{t('price.oneTime')}</span>
          </p>
        )}
        {removable && e.removable && (
          <button type="button" className="ot-btn ot-btn--link ot-btn--small" onClick={() => void emit('remove', { entryNumber: entry.entryNumber, quantity: entry.quantity ?? 1, name: entry.product.name })}>
            {t('cart.remove')}
          </button>
        )}
      </div>
    </div>
  );
}
