import type { VocabularyProps } from '../../renderer/types';
import type { ProductSummary } from '../shared/types';
import { ProductCardView } from './ProductCard';

export interface ProductGridProps {
  products?: ProductSummary[] | null;
  columns?: 3 | 4;
  compact?: boolean;
  label?: string;
  /** the codes chosen for comparison (bind /catalog/compare/codes): phones get a "compare" check box */
  compareCodes?: string[] | null;
}

/** At most this many phones are compared (issue 13). */
export const COMPARE_MAX = 3;

/** The first row on a phone (2 per row): their pictures load eagerly with high priority (the LCP image); the rest lazily. */
export const PRIORITY_CARDS = 2;

/** The product list: a responsive grid of device tiles (2 per row on phones, 3 or 4 on wide screens); a tile's name is an h2 under the page's h1. */
export default function ProductGrid({ products, columns = 4, compact, label, compareCodes, emit }: ProductGridProps & VocabularyProps) {
  if (!products || products.length === 0) return null;
  const chosen = compareCodes ?? null;
  const compareOf = (p: ProductSummary) => {
    if (!chosen || p.productOfferingType !== 'DEVICE') return undefined;
    const selected = chosen.includes(p.code);
    return { selected, disabled: !selected && chosen.length >= COMPARE_MAX, onChange: (sel: boolean) => void emit('compare', { code: p.code, name: p.name, selected: sel }) };
  };
  return (
    <ul className={`ot-pgrid ot-pgrid--${columns}`} aria-label={label}>
      {products.map((p, i) => (
        <li key={p.code}>
          <ProductCardView product={p} compact={compact} priority={i < PRIORITY_CARDS} headingLevel={2} onOpen={() => void emit('open', { code: p.code })} compare={compareOf(p)} />
        </li>
      ))}
    </ul>
  );
}
