import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { useMoney } from '../shared/money';
import { toAccessory } from './AccessoryList';
import type { ComponentProps } from '../../schemas/types/components';

export type GiftOfferProps = ComponentProps['GiftOffer'];

/**
 * "Poklon uz telefon": the phone's gift (a PROMO_PRODUCT reference { target } or a product) with its picture, name and
 * its value crossed out next to 0 RSD. Nothing is drawn without a gift.
 */
export default function GiftOffer({ gift, reserve }: GiftOfferProps & VocabularyProps) {
  const t = useT();
  const money = useMoney();
  const g = toAccessory(gift);
  if (!g) {
    if (!reserve) return null;
    // the block's place while the gift loads (the house placeholder: in the layout, hidden, not announced)
    return (
      <section className="ot-gift ot-placeholder" aria-hidden="true">
        <div className="ot-gift__media" />
        <div className="ot-gift__body">
          <p className="ot-gift__title">{t('pdp.gift.title')}</p>
          <p className="ot-gift__name">{'\u00a0'}</p>
          <p className="ot-gift__price"><strong className="ot-gift__free">{money.format(0)}</strong></p>
          <p className="ot-gift__note">{t('pdp.gift.note')}</p>
        </div>
      </section>
    );
  }
  const img = g.images?.[0];
  return (
    <section className="ot-gift" aria-labelledby="ot-gift-title">
      <div className="ot-gift__media">{img && <img src={img.url} alt="" width={88} height={88} loading="lazy" />}</div>
      <div className="ot-gift__body">
        <h2 id="ot-gift-title" className="ot-gift__title">
          <svg className="ot-gift__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M20 7h-2.2A3 3 0 0 0 12 3.8 3 3 0 0 0 6.2 7H4a1 1 0 0 0-1 1v3a1 1 0 0 0 1 1h1v8a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-8h1a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1Zm-5-2a1 1 0 1 1 0 2h-2V6a1 1 0 0 1 2-1ZM8 6a1 1 0 0 1 3 0v1H9a1 1 0 0 1-1-1Zm-3 3h6v1H5V9Zm2 3h4v7H7v-7Zm6 7v-7h4v7h-4Zm6-9h-6V9h6v1Z" />
          </svg>
          {t('pdp.gift.title')}
        </h2>
        <p className="ot-gift__name">{g.name}</p>
        <p className="ot-gift__price">
          {g.price && (
            <>
              <span className="ot-gift__value">{t('pdp.gift.value')} <del>{money.format(g.price)}</del></span>
              <span aria-hidden="true"> → </span>
            </>
          )}
          <strong className="ot-gift__free">{money.format(0)}</strong>
        </p>
        <p className="ot-gift__note">{t('pdp.gift.note')}</p>
      </div>
    </section>
  );
}
