import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { useMoney } from '../shared/money';
import { cx } from '../shared/cx';
import './compare.css';
import type { ComponentProps } from '../../schemas/types/components';

export type CompareTableProps = ComponentProps['CompareTable'];

/**
 * The comparison of up to 3 phones: a table with one column per phone (picture, name linking to its page, price, a
 * remove button emitting `remove` { code }) and the specification groups as row groups; a row whose values differ is
 * highlighted and says so to screen readers; "only differences" hides the rows that are the same.
 */
export default function CompareTable({ comparison, emit }: CompareTableProps & VocabularyProps) {
  const t = useT();
  const money = useMoney();
  const id = useId();
  const [onlyDiff, setOnlyDiff] = useState(false);
  if (!comparison || comparison.products.length === 0) return null;
  const { products } = comparison;
  const groups = comparison.groups
    .map((g) => ({ ...g, rows: onlyDiff ? g.rows.filter((r) => r.differs) : g.rows }))
    .filter((g) => g.rows.length > 0);
  return (
    <div className="ot-cmp">
      {products.length > 1 && (
        <label className="ot-cmp__only">
          <input type="checkbox" checked={onlyDiff} onChange={(e) => setOnlyDiff(e.target.checked)} />
          <span>{t('compare.onlyDifferences')}</span>
        </label>
      )}
      <div className="ot-cmp__scroll" role="region" aria-labelledby={`${id}-cap`} tabIndex={0}>
        <table className={cx('ot-cmp__table', `ot-cmp__table--${products.length}`)}>
          <caption id={`${id}-cap`} className="ot-sr-only">{t('compare.caption', { count: products.length })}</caption>
          <thead>
            <tr>
              <td className="ot-cmp__corner" />
              {products.map((p) => (
                <th key={p.code} scope="col" className="ot-cmp__product">
                  <div className="ot-cmp__media">{p.images[0] && <img src={p.images[0].url} alt="" width={120} height={120} />}</div>
                  <Link to={p.url} className="ot-cmp__name">{p.name}</Link>
                  <span className="ot-cmp__price">
                    {p.monthlyPrice ? t('compare.monthlyFrom', { price: money.format(p.monthlyPrice) }) : p.price ? money.format(p.price) : ''}
                  </span>
                  {p.price && p.monthlyPrice && <span className="ot-cmp__oneoff">{t('product.orOneOff', { price: money.format(p.price) })}</span>}
                  <button type="button" className="ot-btn ot-btn--ghost ot-btn--small ot-cmp__remove" onClick={() => void emit('remove', { code: p.code })}>
                    <span aria-hidden="true">{t('compare.removeShort')}</span><span className="ot-sr-only">{t('compare.remove', { name: p.name })}</span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          {groups.map((g) => (
            <tbody key={g.name}>
              <tr className="ot-cmp__group">
                <th scope="colgroup" colSpan={products.length + 1}>{g.name}</th>
              </tr>
              {g.rows.map((r) => (
                <tr key={r.name} className={cx('ot-cmp__row', r.differs && 'ot-cmp__row--diff')}>
                  <th scope="row">
                    {r.name}
                    {r.differs && <span className="ot-cmp__diffmark" aria-label={t('compare.differs')} role="img"> ≠</span>}
                  </th>
                  {r.values.map((v, i) => <td key={products[i]?.code ?? i}>{v ?? '—'}</td>)}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
      {onlyDiff && groups.length === 0 && <p className="ot-cmp__same">{t('compare.noDifferences')}</p>}
    </div>
  );
}
