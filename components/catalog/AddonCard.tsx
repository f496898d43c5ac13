import { Link } from 'react-router';
import type { VocabularyProps } from '../../renderer/types';
import type { ComponentProps } from '../../schemas/types/components';
import { useT } from '../../renderer/hooks';
import { useMoney } from '../shared/money';
import { cx } from '../shared/cx';
import './addons.css';

export type AddonCardProps = ComponentProps['AddonCard'];

/**
 * One add-on or digital service: name, description, highlights, price (monthly or once), the tariff it goes with and
 * "Add to cart" (emits `buy` { code }); when the cart already has it, "In the cart". `to` adds a "More" link.
 */
export default function AddonCard({ addon, cart, to, headingLevel = 3, large, emit, enabled }: AddonCardProps & VocabularyProps) {
  const t = useT();
  const money = useMoney();
  if (!addon) return null;
  const H = `h${headingLevel}` as 'h1' | 'h2' | 'h3' | 'h4';
  const inCart = (cart?.entries ?? []).some((e) => e.product.code === addon.code);
  const monthly = addon.chargeType === 'RECURRING_CHARGE';
  const id = `addon-${addon.code}`;
  return (
    <article className={cx('ot-addon-card', large && 'ot-addon-card--large', inCart && 'is-selected')} aria-labelledby={id} data-code={addon.code}>
      <H className="ot-addon-card__name" id={id}>{addon.name}</H>
      {addon.description && <p className="ot-addon-card__text">{addon.description}</p>}
      {(addon.highlights ?? []).length > 0 && (
        <ul className="ot-addon-card__facts">
          {(addon.highlights ?? []).map((h) => <li key={h}>{h}</li>)}
        </ul>
      )}
      <p className="ot-addon-card__price">
        {addon.price ? money.format(addon.price) : ''}{' '}
        <span className="ot-price-per">{monthly ? t('price.perMonth') : t('price.oneTime')}</span>
      </p>
      {addon.requires && <p className="ot-addon-card__note">{t(addon.requires === 'PREPAID' ? 'addons.requires.prepaid' : 'addons.requires.postpaid')}</p>}
      <div className="ot-addon-card__actions">
        {inCart ? (
          <span className="ot-addon-card__added" role="status">{t('addons.inCart')}</span>
        ) : (
          <button type="button" className="ot-btn ot-btn--primary ot-btn--medium" disabled={!enabled || addon.purchasable === false} onClick={() => void emit('buy', { code: addon.code })}>
            {t('addons.buy')}<span className="ot-sr-only">: {addon.name}</span>
          </button>
        )}
        {to && (
          <Link className="ot-link" to={to}>
            {t('addons.more')}<span className="ot-sr-only">: {addon.name}</span>
          </Link>
        )}
      </div>
    </article>
  );
}
