import { observer } from 'mobx-react-lite';
import type { VocabularyProps } from '../../renderer/types';
import type { ComponentProps } from '../../schemas/types/components';
import { useT } from '../../renderer/hooks';
import { cx } from '../shared/cx';
import type { SuggestedReference } from '../../actions/stores/suggested';
import './suggested.css';

export type SuggestedProductsProps = ComponentProps['SuggestedProducts'];

/** One section of the extra-benefits step: the offered products of some relation types as cards with price and add / remove. */
function SuggestedProducts({ state, referenceTypes = [], heading, showFreeCount, emit, enabled }: SuggestedProductsProps & VocabularyProps) {
  const t = useT();
  if (!state?.loaded) return null;
  const refs = state.references.filter((r) => referenceTypes.includes(r.referenceType));
  if (refs.length === 0) return null;
  const on = enabled && !state.busy;
  const freeFull = state.freeAddonsLimit > 0 && state.freeSelected >= state.freeAddonsLimit;
  const price = (r: SuggestedReference) => {
    if (r.free && r.target.monthlyPrice && (!freeFull || r.preselected)) return t('suggested.free', { price: r.target.monthlyPrice.formattedValue });
    if (r.target.monthlyPrice) return t('suggested.monthly', { price: r.target.monthlyPrice.formattedValue });
    return r.target.oneTimePrice ? t('suggested.oneTime', { price: r.target.oneTimePrice.formattedValue }) : '';
  };
  const card = (r: SuggestedReference) => {
    const name = r.target.name;
    const locked = r.preselected && !r.isRemovableEntry;
    const blockedFree = r.free && freeFull && !r.preselected;
    const atMax = r.quantity >= r.maxAllowedQuantity;
    const image = r.target.images[0];
    return (
      <li key={`${r.referenceType}-${r.target.code}`} className={cx('ot-suggested__card', r.preselected && 'is-selected')}>
        {image && <img className="ot-suggested__img" src={image.url} alt="" width={72} height={72} loading="lazy" />}
        <div className="ot-suggested__body">
          <h3 className="ot-suggested__name">{name}</h3>
          <p className="ot-suggested__text">{r.target.description}</p>
          <p className="ot-suggested__price">{price(r)}</p>
          {locked && <p className="ot-suggested__note">{t('suggested.included')}</p>}
          {r.maxAllowedQuantity > 1 && r.preselected && (
            <p className="ot-suggested__note" aria-live="polite">{t('suggested.quantity', { quantity: r.quantity, max: r.maxAllowedQuantity })}</p>
          )}
        </div>
        <div className="ot-suggested__actions">
          {r.preselected && !locked && r.entryNumber !== null && (
            <button type="button" className="ot-btn ot-btn--outline ot-btn--small" disabled={!on}
              aria-label={r.maxAllowedQuantity > 1 ? t('suggested.less', { name }) : t('suggested.removeAria', { name })}
              onClick={() => void emit('remove', { entryNumber: r.entryNumber })}>
              {r.maxAllowedQuantity > 1 ? '−' : t('suggested.remove')}
            </button>
          )}
          {r.preselected && r.maxAllowedQuantity === 1 && <span className="ot-suggested__in">{t('suggested.inCart')}</span>}
          {(!r.preselected || r.maxAllowedQuantity > 1) && (
            <button type="button" className="ot-btn ot-btn--primary ot-btn--small" disabled={!on || blockedFree || atMax}
              aria-label={r.preselected ? t('suggested.more', { name }) : t('suggested.addAria', { name })}
              onClick={() => void emit('add', { code: r.target.code, referenceType: r.referenceType })}>
              {r.preselected ? '+' : t('suggested.add')}
            </button>
          )}
        </div>
      </li>
    );
  };
  const hasFree = refs.some((r) => r.free);
  return (
    <section className="ot-suggested" aria-label={heading}>
      {heading && <h2 className="ot-suggested__heading">{heading}</h2>}
      {showFreeCount && hasFree && state.freeAddonsLimit > 0 && (
        <p className={cx('ot-suggested__count', freeFull && 'is-complete')} role="status">
          {t(freeFull ? 'suggested.freeFull' : 'suggested.freeCount', { count: state.freeSelected, limit: state.freeAddonsLimit })}
        </p>
      )}
      <ul className="ot-suggested__list">{refs.map(card)}</ul>
    </section>
  );
}

/** An observer: it reads store objects passed whole (nested changes re-render it). */
export default observer(SuggestedProducts);
