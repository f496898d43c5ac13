import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { useMoney } from '../shared/money';
import type { Money } from '../shared/types';
import { cx } from '../shared/cx';
import type { ComponentProps } from '../../schemas/types/components';

export type PriceTagProps = ComponentProps['PriceTag'];

function amount(m: Money | number | null | undefined): number | null {
  if (m === null || m === undefined) return null;
  return typeof m === 'number' ? m : m.value;
}

/** A prominent RSD price: optional label, struck-through old price, and "/mes." or "jednokratno". */
export default function PriceTag({ value, oldValue, label, period = 'none', size = 'medium', prefix }: PriceTagProps & VocabularyProps) {
  const t = useT();
  const money = useMoney();
  const v = amount(value);
  if (v === null) return null;
  const old = amount(oldValue);
  return (
    <div className={cx('ot-pricetag', `ot-pricetag--${size}`)}>
      {label && <span className="ot-pricetag__label">{label}</span>}
      <span className="ot-pricetag__row">
        {old !== null && old > v && (
          <s className="ot-price-old">
            <span className="ot-sr-only">{t('price.old')} </span>
            {money.format(old)}
          </s>
        )}
        {prefix && <span className="ot-pricetag__prefix">{prefix}</span>}
        <strong className="ot-pricetag__value">{money.format(v)}</strong>
        {period === 'month' && <span className="ot-price-per">{t('price.perMonth')}</span>}
        {period === 'once' && <span className="ot-price-per">{t('price.oneTime')}</span>}
      </span>
    </div>
  );
}
