import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { useMoney } from '../shared/money';
import type { Accessory } from '../shared/types';
import { cx } from '../shared/cx';
import type { ComponentProps } from '../../schemas/types/components';

export type AccessoryListProps = ComponentProps['AccessoryList'];

/** Accepts accessories as products or as references ({ target: product }). */
export function toAccessory(x: unknown): Accessory | null {
  if (!x || typeof x !== 'object') return null;
  const o = x as Record<string, unknown>;
  const p = (o.target && typeof o.target === 'object' ? o.target : o) as Record<string, unknown>;
  return typeof p.code === 'string' && typeof p.name === 'string' ? (p as unknown as Accessory) : null;
}

/** Accessory references of the device as cards with an add/remove toggle. Emits `toggle` { code, selected }. */
export default function AccessoryList({ accessories, selected, emit, enabled }: AccessoryListProps & VocabularyProps) {
  const t = useT();
  const money = useMoney();
  const list = (accessories ?? []).map(toAccessory).filter((a): a is Accessory => a !== null);
  if (list.length === 0) return null;
  const chosen = new Set(selected ?? []);
  return (
    <div className="ot-accessories">
      <h3 className="ot-accessories__title">{t('pdp.accessories')}</h3>
      <ul className="ot-accessories__list">
        {list.map((a) => {
          const on = chosen.has(a.code);
          const img = a.images?.[0];
          return (
            <li key={a.code} className={cx('ot-acc', on && 'is-selected')}>
              <div className="ot-acc__media">{img && <img src={img.url} alt={img.altText || a.name} width={96} height={96} loading="lazy" />}</div>
              <div className="ot-acc__body">
                {a.brand?.name && <p className="ot-acc__brand">{a.brand.name}</p>}
                <p className="ot-acc__name">{a.name}</p>
                {a.price && <p className="ot-acc__price">{money.format(a.price)}</p>}
              </div>
              <button type="button" className={cx('ot-btn ot-btn--small', on ? 'ot-btn--secondary' : 'ot-btn--outline')} aria-pressed={on} disabled={!enabled} onClick={() => void emit('toggle', { code: a.code, selected: !on })}>
                {on ? t('pdp.accessories.added') : t('pdp.accessories.add')}
                <span className="ot-sr-only">: {a.name}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
