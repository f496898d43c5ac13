import { observer } from 'mobx-react-lite';
import { Link } from 'react-router';
import type { VocabularyProps } from '../../renderer/types';
import { useT, useMoney } from '../../renderer/hooks';
import type { HomeService } from '../../actions/stores/home';
import { cx } from '../shared/cx';
import './home.css';
import type { ComponentProps } from '../../schemas/types/components';

export type HomePackageGridProps = ComponentProps['HomePackageGrid'];

/** Values of a characteristic group that hold for the term (values tied to another term are left out). */
export function groupOf(s: HomeService, type: 'VPP_DEFAULT' | 'VPP_BASIC', termId: string | null) {
  const g = s.tmaProductSpecCharacteristicGroups.find((x) => x.type === type);
  return (g?.productSpecCharacteristics ?? []).map((c) => ({ name: c.name, value: c.values.find((v) => v.subscriptionTermId === null || v.subscriptionTermId === termId) }))
    .filter((c): c is { name: string; value: NonNullable<typeof c.value> } => !!c.value);
}

/** The headline values (VPP_BASIC) of a package, highlighted ones marked: on its card and on its page. */
export function BasicValues({ values, className }: { values: ReturnType<typeof groupOf>; className?: string }) {
  return (
    <dl className={cx('ot-home-card__basic', className)}>
      {values.map((c) => (
        <div key={c.name} className={cx(c.value.highlightedName && 'ot-home-card__hl')}>
          <dt>{c.name}</dt>
          <dd>{c.value.highlightedName ?? c.value.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Home packages as cards: headline values (VPP_BASIC), the list (VPP_DEFAULT), the monthly price for the chosen term. */
function HomePackageGrid({ services, termMonths }: HomePackageGridProps & VocabularyProps) {
  const t = useT();
  const money = useMoney();
  const list = services ?? [];
  if (list.length === 0) return null;
  return (
    <ul className="ot-home-grid" aria-label={t('home.list.packages')}>
      {list.map((s) => {
        const terms = s.pricePlans[0]?.subscriptionTerms ?? [];
        const term = terms.find((x) => x.termOfServiceNumber === termMonths) ?? terms.find((x) => x.recommended) ?? terms[0];
        const basic = groupOf(s, 'VPP_BASIC', term?.id ?? null);
        const details = groupOf(s, 'VPP_DEFAULT', term?.id ?? null);
        return (
          <li key={s.code} className="ot-home-card" data-code={s.code}>
            <h2 className="ot-home-card__name">{s.name}</h2>
            <BasicValues values={basic} />
            {details.length > 0 && (
              <ul className="ot-home-card__list">
                {details.map((c) => (
                  <li key={c.name} className={cx(c.value.highlightedName && 'ot-home-card__li--hl')}>
                    {c.name}: <strong>{c.value.value}</strong>
                  </li>
                ))}
              </ul>
            )}
            <div className="ot-home-card__price">
              {s.monthlyPrice ? (
                <>
                  {s.monthlyPrice.oldPrice && <s className="ot-price-old">{money.format(s.monthlyPrice.oldPrice)}</s>}
                  <p><strong>{money.format(s.monthlyPrice.price)}</strong><span className="ot-price-per">{t('price.perMonth')}</span></p>
                  {s.monthlyPrice.promoPeriod && s.monthlyPrice.oldPrice && (
                    <p className="ot-home-card__note">{t('home.promo', { count: s.monthlyPrice.promoPeriod, price: money.format(s.monthlyPrice.oldPrice) })}</p>
                  )}
                </>
              ) : s.oneTimePrice ? <p><strong>{money.format(s.oneTimePrice)}</strong></p> : null}
              {term && <p className="ot-home-card__note">{t('home.contract', { count: term.termOfServiceNumber })}</p>}
            </div>
            {s.purchasableAlone ? (
              <Link className="ot-btn ot-btn--primary ot-btn--medium ot-btn--block" to={s.url} aria-label={t('home.choose.named', { name: s.name })}>{t('home.choose')}</Link>
            ) : (
              <p className="ot-home-card__withpkg">{t('home.withPackage')}</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** An observer: it reads store objects passed whole (nested changes re-render it). */
export default observer(HomePackageGrid);
