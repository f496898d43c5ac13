import { observer } from 'mobx-react-lite';
import { Link } from 'react-router';
import type { VocabularyProps } from '../../renderer/types';
import { useT, useMoney } from '../../renderer/hooks';
import { cx } from '../shared/cx';
import { BasicValues, groupOf } from './HomePackageGrid';
import './home.css';
import type { ComponentProps } from '../../schemas/types/components';

export type HomePackageDetailsProps = ComponentProps['HomePackageDetails'];

/** A home package page: headline values, everything included, the term choice, the price and "add to cart". */
function HomePackageDetails({ service: s, termId, channelsUrl, emit, enabled }: HomePackageDetailsProps & VocabularyProps) {
  const t = useT();
  const money = useMoney();
  if (!s) return null;
  const plan = s.pricePlans[0];
  const terms = plan?.subscriptionTerms ?? [];
  const basic = groupOf(s, 'VPP_BASIC', termId ?? null);
  const details = groupOf(s, 'VPP_DEFAULT', termId ?? null);
  const rec = plan?.recurringChargeEntries ?? [];
  return (
    <div className="ot-home-pdp">
      <div className="ot-home-pdp__main">
        <p className="ot-home-pdp__kind">{s.category?.name}</p>
        <h1 className="ot-home-pdp__name">{s.name}</h1>
        <p className="ot-home-pdp__desc">{s.description}</p>
        <BasicValues values={basic} className="ot-home-pdp__basic" />
        {details.length > 0 && (
          <section aria-labelledby="ot-home-included">
            <h2 id="ot-home-included" className="ot-home-pdp__h2">{t('home.pdp.included')}</h2>
            <ul className="ot-home-card__list">
              {details.map((c) => (
                <li key={c.name} className={cx(c.value.highlightedName && 'ot-home-card__li--hl')}>{c.name}: <strong>{c.value.value}</strong></li>
              ))}
            </ul>
          </section>
        )}
        {s.channelCount > 0 && channelsUrl && (
          <p><Link className="ot-link" to={`${channelsUrl}?paket=${encodeURIComponent(s.code)}`}>{t('home.pdp.channels', { count: s.channelCount })}</Link></p>
        )}
      </div>
      <aside className="ot-home-pdp__buy" aria-label={t('home.pdp.buy')}>
        {terms.length > 0 && (
          <fieldset className="ot-home-pdp__terms">
            <legend>{t('home.list.term')}</legend>
            {terms.map((x) => (
              <label key={x.id} className={cx('ot-home-radio', x.id === termId && 'ot-home-radio--active')}>
                <input type="radio" name="home-term" value={x.id} checked={x.id === termId} disabled={!enabled}
                  onChange={() => void emit('selectTerm', { subscriptionTermId: x.id })} />
                <span>{t('home.term', { count: x.termOfServiceNumber })}</span>
                {x.recommended && <span className="ot-badge ot-badge--brand">{t('home.recommended')}</span>}
              </label>
            ))}
          </fieldset>
        )}
        <div className="ot-home-card__price">
          {s.monthlyPrice && (
            <>
              {s.monthlyPrice.oldPrice && <s className="ot-price-old">{money.format(s.monthlyPrice.oldPrice)}</s>}
              <p><strong>{money.format(s.monthlyPrice.price)}</strong><span className="ot-price-per">{t('price.perMonth')}</span></p>
              {rec.length > 1 && rec[0].cycleEnd !== null && (
                <p className="ot-home-card__note">{t('home.promo', { count: rec[0].cycleEnd, price: money.format(rec[rec.length - 1].price) })}</p>
              )}
            </>
          )}
          {!s.monthlyPrice && s.oneTimePrice && <p><strong>{money.format(s.oneTimePrice)}</strong></p>}
        </div>
        {s.purchasableAlone ? (
          <button type="button" className="ot-btn ot-btn--primary ot-btn--large ot-btn--block" disabled={!enabled || (terms.length > 0 && !termId)}
            onClick={() => void emit('add', { code: s.code, subscriptionTermId: termId ?? undefined })}>
            {t('home.pdp.add')}
          </button>
        ) : (
          <p className="ot-home-card__withpkg">{t('home.withPackage')}</p>
        )}
        <p className="ot-home-card__note">{t('home.pdp.installation')}</p>
      </aside>
    </div>
  );
}

/** An observer: it reads store objects passed whole (nested changes re-render it). */
export default observer(HomePackageDetails);
