import { observer } from 'mobx-react-lite';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { cx } from '../shared/cx';
import './home.css';
import type { ComponentProps } from '../../schemas/types/components';

export type HomeCategoryTabsProps = ComponentProps['HomeCategoryTabs'];

/** The product-page hierarchy's choices: first-level categories, their subcategories, and the contract term. */
function HomeCategoryTabs({ categories, firstCode, secondCode, terms, termMonths, emit, enabled }: HomeCategoryTabsProps & VocabularyProps) {
  const t = useT();
  const cats = categories ?? [];
  const first = cats.find((c) => c.code === firstCode);
  const subs = first?.subcategories ?? [];
  return (
    <div className="ot-home-tabs">
      <div className="ot-home-tabs__first" role="group" aria-label={t('home.list.categories')}>
        {cats.map((c) => (
          <button key={c.code} type="button" className={cx('ot-home-tab', c.code === firstCode && 'ot-home-tab--active')} aria-pressed={c.code === firstCode}
            disabled={!enabled} onClick={() => void emit('selectFirst', { code: c.code })} data-code={c.code}>
            {c.name}
          </button>
        ))}
      </div>
      {first?.description && <p className="ot-home-tabs__desc">{first.description}</p>}
      <div className="ot-home-tabs__row">
        {subs.length > 0 && (
          <div className="ot-home-tabs__second" role="group" aria-label={t('home.list.subcategories')}>
            {subs.map((s) => (
              <button key={s.code} type="button" className={cx('ot-chip', s.code === secondCode && 'ot-chip--selected')} aria-pressed={s.code === secondCode}
                disabled={!enabled} onClick={() => void emit('selectSecond', { code: s.code })} data-code={s.code}>
                {s.name}
              </button>
            ))}
          </div>
        )}
        {(terms ?? []).length > 1 && (
          <div className="ot-home-terms" role="group" aria-label={t('home.list.term')}>
            <span className="ot-home-terms__label">{t('home.list.term')}</span>
            {(terms ?? []).map((m) => (
              <button key={m} type="button" className={cx('ot-home-term', m === termMonths && 'ot-home-term--active')} aria-pressed={m === termMonths}
                disabled={!enabled} onClick={() => void emit('selectTerm', { months: m })}>
                {t('home.term', { count: m })}
              </button>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

/** An observer: it reads store objects passed whole (nested changes re-render it). */
export default observer(HomeCategoryTabs);
