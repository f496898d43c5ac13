import { Link } from 'react-router';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { useMoney } from '../shared/money';
import { cx } from '../shared/cx';
import type { ComponentProps } from '../../schemas/types/components';

export type TariffCardProps = ComponentProps['TariffCard'];

/** A tariff promo card: name, the data allowance big, features, monthly price, call to action. */
export default function TariffCard({ name, data, dataLabel, price, oldPrice, priceNote, features, badge, ctaLabel, ctaTo, highlighted, emit }: TariffCardProps & VocabularyProps) {
  const t = useT();
  const money = useMoney();
  const lines = (features ?? '').split('\n').map((l) => l.trim()).filter(Boolean);
  return (
    <article className={cx('ot-tcard', highlighted && 'ot-tcard--highlighted')}>
      {badge && <span className="ot-tcard__badge">{badge}</span>}
      <h3 className="ot-tcard__name">{name}</h3>
      <p className="ot-tcard__data">
        <strong>{data}</strong>
        {dataLabel && <span>{dataLabel}</span>}
      </p>
      {lines.length > 0 && (
        <ul className="ot-tcard__features">
          {lines.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
      <div className="ot-tcard__price">
        {oldPrice !== undefined && oldPrice > price && <s className="ot-price-old">{money.format(oldPrice)}</s>}
        <p>
          <strong>{money.format(price)}</strong>
          <span className="ot-price-per">{t('price.perMonth')}</span>
        </p>
        {priceNote && <p className="ot-tcard__note">{priceNote}</p>}
      </div>
      {ctaLabel && ctaTo && (
        <Link className={cx('ot-btn ot-btn--large ot-btn--block', highlighted ? 'ot-btn--primary' : 'ot-btn--outline')} to={ctaTo} onClick={() => void emit('cta')}>
          {ctaLabel}
        </Link>
      )}
    </article>
  );
}
