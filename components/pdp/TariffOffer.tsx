import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { useMoney } from '../shared/money';
import { TermSegment } from './TermPicker';
import { oneTimeEntries } from '../../actions/pricing';
import type { ComponentProps } from '../../schemas/types/components';

export type TariffOfferProps = ComponentProps['TariffOffer'];

/**
 * The buy box of a tariff page: the contract term (12 / 24 months …, the recommended one marked), the monthly fee
 * (a promotional fee with its period and the regular fee after it), a prepaid package's one-off price, and whether
 * the tariff comes as eSIM. Emits `select` { subscriptionTermId }.
 */
export default function TariffOffer({ product, selected, emit, enabled }: TariffOfferProps & VocabularyProps) {
  const t = useT();
  const money = useMoney();
  if (!product) return null;
  const monthly = product.monthly ?? null;
  const promo = monthly?.price && monthly.oldPrice && monthly.oldPrice.value > monthly.price.value ? monthly.oldPrice : null;
  const once = !monthly ? (oneTimeEntries(product.oneOff?.chargeEntries ?? [])[0]?.price ?? null) : null;
  return (
    <div className="ot-tariffoffer">
      <TermSegment terms={product.subscriptionTerms ?? []} selected={selected ?? null} enabled={enabled} onSelect={(id) => void emit('select', { subscriptionTermId: id })} />
      {monthly?.price && (
        <section className="ot-pricebox" aria-label={t('pdp.price.title')}>
          <p className="ot-pricebox__label">{t('tariff.monthlyFee')}</p>
          <p className="ot-pricebox__big">
            {promo && <s className="ot-price-old">{money.format(promo)}</s>}
            <strong>{money.format(monthly.price)}</strong>
            <span className="ot-price-per">{t('price.perMonth')}</span>
          </p>
          {promo && monthly.promoPeriod ? (
            <p className="ot-pricebox__sub">{t('tariff.promo', { count: monthly.promoPeriod, price: money.format(promo) })}</p>
          ) : null}
        </section>
      )}
      {once && (
        <section className="ot-pricebox" aria-label={t('pdp.price.title')}>
          <p className="ot-pricebox__label">{t('tariff.packagePrice')}</p>
          <p className="ot-pricebox__big">
            <strong>{money.format(once)}</strong>
            <span className="ot-price-per">{t('price.oneTime')}</span>
          </p>
        </section>
      )}
      {product.esim === 'ESIM_SIM' && <p className="ot-tariffoffer__esim">{t('tariff.esim.optional')}</p>}
      {product.esim === 'ESIM' && <p className="ot-tariffoffer__esim">{t('tariff.esim.only')}</p>}
    </div>
  );
}
