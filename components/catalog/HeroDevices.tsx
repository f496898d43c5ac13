import { Link } from 'react-router';
import type { VocabularyProps } from '../../renderer/types';
import { ProductCardView } from './ProductCard';
import type { ComponentProps } from '../../schemas/types/components';

export type HeroDevicesProps = ComponentProps['HeroDevices'];

/** The featured devices row of the home page (search pageSize 4, context MAIN_PAGE). */
export default function HeroDevices({ title, products, moreLabel, moreTo, loading, emit }: HeroDevicesProps & VocabularyProps) {
  const list = (products ?? []).slice(0, 4);
  return (
    <section className="ot-herodevices" aria-busy={loading || undefined}>
      <div className="ot-herodevices__head">
        <h2 className="ot-section__title">{title}</h2>
        {moreLabel && moreTo && (
          <Link className="ot-link ot-link--inline ot-herodevices__more" to={moreTo}>
            {moreLabel} →
          </Link>
        )}
      </div>
      <ul className="ot-pgrid ot-pgrid--4">
        {list.length > 0
          ? list.map((p) => (
              <li key={p.code}>
                <ProductCardView product={p} compact onOpen={() => void emit('open', { code: p.code })} />
              </li>
            ))
          : // until the devices arrive (also before the load starts) four tiles hold their place
            [0, 1, 2, 3].map((i) => <li key={i} className="ot-skeleton ot-skeleton--card" aria-hidden="true" />)}
      </ul>
    </section>
  );
}
