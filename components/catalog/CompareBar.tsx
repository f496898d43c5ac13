import { Link } from 'react-router';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import type { ComponentProps } from '../../schemas/types/components';

export type CompareBarProps = ComponentProps['CompareBar'];

/** The comparison page's query parameter (actions/compare/compare.ts COMPARE_PARAM). */
const PARAM = 'uredjaji';

/**
 * The phones chosen for comparison, kept at the bottom of the list and the phone page while any is chosen: each with
 * a remove button (`remove` { code }), "clear" (`clear`), and the link to the comparison page (from 2 phones on).
 */
export default function CompareBar({ items, to, max = 3, emit }: CompareBarProps & VocabularyProps) {
  const t = useT();
  if (!items || items.length === 0) return null;
  const href = `${to}?${PARAM}=${items.map((i) => encodeURIComponent(i.code)).join(',')}`;
  return (
    <section className="ot-cmpbar" aria-label={t('compare.bar.label')}>
      <p className="ot-cmpbar__title">{t('compare.bar.title', { count: items.length, max })}</p>
      <ul className="ot-cmpbar__list">
        {items.map((i) => (
          <li key={i.code} className="ot-cmpbar__item">
            <span>{i.name}</span>
            <button type="button" className="ot-cmpbar__remove" aria-label={t('compare.remove', { name: i.name })} title={t('compare.remove', { name: i.name })} onClick={() => void emit('remove', { code: i.code })}>
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="ot-cmpbar__actions">
        <button type="button" className="ot-btn ot-btn--outline ot-btn--small" onClick={() => void emit('clear')}>{t('compare.clear')}</button>
        {items.length >= 2
          ? <Link className="ot-btn ot-btn--primary ot-btn--small" to={href}>{t('compare.open', { count: items.length })}</Link>
          : <span className="ot-cmpbar__hint">{t('compare.needTwo')}</span>}
      </div>
    </section>
  );
}
