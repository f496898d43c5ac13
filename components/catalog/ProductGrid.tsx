import { Fragment, useEffect, useRef } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import type { Banner, ProductSummary } from '../shared/types';
import { ProductCardView } from './ProductCard';
import { BannerView } from './BannerCard';
import type { ComponentProps } from '../../schemas/types/components';

export type ProductGridProps = ComponentProps['ProductGrid'];

/** The device page's "no tariff" segment (actions/stores/catalog.ts DEVICE_ONLY). */
const DEVICE_ONLY = 'samo-uredjaj';

/** A product counts as seen when this share of its tile is in view (seed 001 §9). */
export const SEEN_RATIO = 0.2;

/** At most this many phones are compared (issue 13). */
export const COMPARE_MAX = 3;

/** The first row on a phone (2 per row): their pictures load eagerly with high priority (the LCP image); the rest lazily. */
export const PRIORITY_CARDS = 2;

/** The product list: a responsive grid of device tiles (2 per row on phones, 3 or 4 on wide screens); a tile's name is an h2 under the page's h1. */
export default function ProductGrid({ products, columns = 4, compact, label, compareCodes, banners, deviceOnly, emit }: ProductGridProps & VocabularyProps) {
  const list = useRef<HTMLUListElement>(null);
  const seen = useRef(new Set<string>());
  const emitRef = useRef(emit);
  emitRef.current = emit;
  // products seen: each tile once, when 20 % of it is in view (emits `seen` { code, name, position })
  // biome-ignore lint/correctness/useExhaustiveDependencies: `products` is not read but is the trigger: the tiles drawn for a new list (another page, a filter, "load more") must be observed; without it only the first list's tiles would ever emit `seen`
  useEffect(() => {
    const ul = list.current;
    if (!ul || typeof IntersectionObserver === 'undefined') return undefined;
    const io = new IntersectionObserver((entries) => {
      for (const e of entries) {
        if (!e.isIntersecting || e.intersectionRatio < SEEN_RATIO) continue;
        const el = e.target as HTMLElement;
        const code = el.dataset.code!;
        io.unobserve(el);
        if (seen.current.has(code)) continue;
        seen.current.add(code);
        void emitRef.current('seen', { code, name: el.dataset.name, position: Number(el.dataset.position) });
      }
    }, { threshold: SEEN_RATIO });
    ul.querySelectorAll<HTMLElement>('li[data-code]').forEach((li) => { if (!seen.current.has(li.dataset.code!)) io.observe(li); });
    return () => io.disconnect();
  }, [products]);
  if (!products || products.length === 0) return null;
  const bannersAt = new Map<number, Banner[]>();
  for (const b of banners ?? []) if (b.webPosition > 0 && b.webPosition < products.length) bannersAt.set(b.webPosition, [...(bannersAt.get(b.webPosition) ?? []), b]);
  const chosen = compareCodes ?? null;
  const compareOf = (p: ProductSummary) => {
    if (!chosen || p.productOfferingType !== 'DEVICE') return undefined;
    const selected = chosen.includes(p.code);
    return { selected, disabled: !selected && chosen.length >= COMPARE_MAX, onChange: (sel: boolean) => void emit('compare', { code: p.code, name: p.name, selected: sel }) };
  };
  return (
    <ul ref={list} className={`ot-pgrid ot-pgrid--${columns}`} aria-label={label}>
      {products.map((p, i) => (
        <Fragment key={p.code}>
          {(bannersAt.get(i) ?? []).map((b) => <li key={b.uid} className="ot-pgrid__banner"><BannerView banner={b} /></li>)}
          <li data-code={p.code} data-name={p.name} data-position={i + 1}>
            <ProductCardView product={deviceOnly && p.productOfferingType === 'DEVICE' && /^\/uredjaj\/[^/]+\/[^/]+$/.test(p.url) ? { ...p, url: `${p.url}/${DEVICE_ONLY}` } : p} compact={compact} priority={i < PRIORITY_CARDS} headingLevel={2} onOpen={() => void emit('open', { code: p.code })} compare={compareOf(p)} />
          </li>
        </Fragment>
      ))}
    </ul>
  );
}
