import { observer } from 'mobx-react-lite';
import type { VocabularyProps } from '../../renderer/types';
import type { ComponentProps } from '../../schemas/types/components';
import { useT } from '../../renderer/hooks';
import { cx } from '../shared/cx';
import type { TvAddonReference } from '../../actions/stores/home';
import './numbers.css';

export type TvAddonChoiceProps = ComponentProps['TvAddonChoice'];

const GROUPS = ['FREE_TV_ADDON_RELATION', 'TV_ADDON_RELATION', 'STB_PRODUCT_RELATION'] as const;

/** The TV add-ons step: free TV add-ons (up to the package's limit), paid TV add-ons and set-top boxes, each a toggle. */
function TvAddonChoice({ state, emit, enabled }: TvAddonChoiceProps & VocabularyProps) {
  const t = useT();
  if (!state?.loaded) return <p className="ot-muted">{t('tvAddons.loading')}</p>;
  if (!state.packageCode || state.references.length === 0) return <p className="ot-numbers__note" role="status">{t('tvAddons.none')}</p>;
  const on = enabled && !state.busy;
  const price = (r: TvAddonReference) => {
    if (r.referenceType === 'FREE_TV_ADDON_RELATION') return t('tvAddons.free', { price: r.target.monthlyPrice?.formattedValue ?? '' });
    if (r.target.monthlyPrice) return t('tvAddons.monthly', { price: r.target.monthlyPrice.formattedValue });
    return r.target.oneTimePrice ? t('tvAddons.oneTime', { price: r.target.oneTimePrice.formattedValue }) : '';
  };
  const item = (r: TvAddonReference) => {
    const freeFull = r.referenceType === 'FREE_TV_ADDON_RELATION' && !r.preselected && state.complete;
    const locked = r.preselected && !r.isRemovableEntry;
    return (
      <label key={`${r.referenceType}-${r.target.code}`} className={cx('ot-option', r.preselected && 'is-selected')}>
        <input type="checkbox" checked={r.preselected} disabled={!on || freeFull || locked}
          onChange={() => void (r.preselected && r.entryNumber !== null ? emit('remove', { entryNumber: r.entryNumber }) : emit('add', { code: r.target.code, referenceType: r.referenceType }))} />
        <span className="ot-option__body">
          <span className="ot-option__title">{r.target.name} <span className="ot-tvaddons__price">{price(r)}</span></span>
          <span className="ot-option__text">{r.target.description}{locked ? ` ${t('tvAddons.included')}` : ''}</span>
        </span>
      </label>
    );
  };
  return (
    <div className="ot-numbers">
      {GROUPS.map((g) => {
        const refs = state.references.filter((r) => r.referenceType === g);
        if (refs.length === 0) return null;
        return (
          <fieldset key={g} className="ot-options">
            <legend>{t(`tvAddons.group.${g}`)}</legend>
            {g === 'FREE_TV_ADDON_RELATION' && (
              <p className={cx('ot-tvaddons__count', state.complete && 'is-complete')} role="status">
                {t(state.complete ? 'tvAddons.freeComplete' : 'tvAddons.freeCount', { count: state.freeSelected, limit: state.freeAddonsLimit })}
              </p>
            )}
            {refs.map(item)}
          </fieldset>
        );
      })}
      {state.error && <p className="ot-field-error" role="alert">{state.error}</p>}
    </div>
  );
}

/** An observer: it reads store objects passed whole (nested changes re-render it). */
export default observer(TvAddonChoice);
