import { Link } from 'react-router';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { useMoney } from '../shared/money';
import type { ProductSummary } from '../shared/types';
import { cx } from '../shared/cx';
import type { ComponentProps } from '../../schemas/types/components';

export type ProductCardProps = ComponentProps['ProductCard'];

/** The device path when the server gives no url (seed 000 §2: /uredjaj/:productCode). */
export function productHref(p: ProductSummary): string {
  return p.url?.startsWith('/') ? p.url : `/uredjaj/${encodeURIComponent(p.code)}`;
}

const MAX_SWATCHES = 5;

/** The card's "compare" check box (phones in a list): checked, disabled when 3 others are chosen, and the change. */
export interface CardCompare { selected: boolean; disabled: boolean; onChange(selected: boolean): void }

/** The colour swatches (the first MAX_SWATCHES, then how many more), named for screen readers. */
function CardSwatches({ colors }: { colors: NonNullable<ProductSummary['colors']> }) {
  const t = useT();
  return (
    <p className="ot-pcard__colors">
      <span className="ot-sr-only">{t('product.colors', { count: colors.length })}: </span>
      {colors.slice(0, MAX_SWATCHES).map((c) => (
        <span key={c.colorCode} className="ot-swatch ot-swatch--small" style={{ background: c.colorHex ?? '#ccc' }} title={c.colorName}>
          <span className="ot-sr-only">{c.colorName}</span>
        </span>
      ))}
      {colors.length > MAX_SWATCHES && <span className="ot-pcard__more">+{colors.length - MAX_SWATCHES}</span>}
    </p>
  );
}

/** The price block: a tariff's monthly fee, a device's monthly price "from" (and its one-off price), or the one-off
 *  price alone. */
function CardPrices({ product: p }: { product: ProductSummary }) {
  const t = useT();
  const money = useMoney();
  return (
    <div className="ot-pcard__prices">
      {p.productOfferingType === 'TARIFF' && p.monthlyPrice ? (
        <>
          <p className="ot-pcard__from">{t('price.monthlyFee')}</p>
          <p className="ot-pcard__monthly">
            <strong>{money.format(p.monthlyPrice)}</strong>
            <span className="ot-price-per">{t('price.perMonth')}</span>
          </p>
        </>
      ) : p.monthlyPrice ? (
        <>
          <p className="ot-pcard__from">{t('price.from')}</p>
          <p className="ot-pcard__monthly">
            <strong>{money.format(p.monthlyPrice)}</strong>
            <span className="ot-price-per">{t('price.perMonth')}</span>
          </p>
          {p.price && <p className="ot-pcard__oneoff">{t('product.orOneOff', { price: money.format(p.price) })}</p>}
        </>
      ) : (
        p.price && (
          <>
          <p className="ot-pcard__from">{t(p.productOfferingType === 'DEVICE' ? 'price.fullPrice' : 'price.price')}</p>
          <p className="ot-pcard__monthly">
            <strong>{money.format(p.price)}</strong>
            <span className="ot-price-per">{t('price.oneTime')}</span>
          </p>
          </>
        )
      )}
    </div>
  );
}

/**
 * Presentational card; used by ProductCard, ProductGrid and HeroDevices. `priority`: the picture is among the
 * first on screen (the page's likely LCP element), so it loads at once with high fetch priority; others load lazily.
 */
export function ProductCardView({ product: p, compact, onOpen, priority, headingLevel = 3, compare }: { product: ProductSummary; compact?: boolean; onOpen?: () => void; priority?: boolean; headingLevel?: 2 | 3; compare?: CardCompare }) {
  const Name = headingLevel === 2 ? 'h2' : 'h3';
  const t = useT();
  const img = p.images?.[0];
  const colors = p.colors ?? [];
  const outOfStock = p.stock?.stockLevelStatus === 'outOfStock';
  const href = productHref(p);
  return (
    <article className={cx('ot-pcard', compact && 'ot-pcard--compact', compare && 'ot-pcard--cmp')}>
      <Link to={href} className="ot-pcard__link" onClick={onOpen}>
        <div className="ot-pcard__badges">
          {p.bestOffer && <span className="ot-badge ot-badge--offer">{t('product.bestOffer')}</span>}
          {p.esim && p.esim !== 'NONE' && <span className="ot-badge ot-badge--brand">{t('product.esim')}</span>}
          {outOfStock && <span className="ot-badge ot-badge--neutral">{t('product.outOfStock')}</span>}
        </div>
        {!img && p.productOfferingType === 'TARIFF' ? (
          // a tariff has no picture: a SIM tile instead of an empty square
          <div className="ot-pcard__media ot-pcard__media--tariff" aria-hidden="true">
            <span>{p.esim === 'ESIM' ? 'eSIM' : 'SIM'}</span>
          </div>
        ) : (
          <div className="ot-pcard__media">{img ? <img src={img.url} alt={img.altText || p.name} width={220} height={220} {...(priority ? { loading: 'eager', fetchPriority: 'high' } : { loading: 'lazy', decoding: 'async' })} /> : null}</div>
        )}
        <div className="ot-pcard__body">
          {p.brand?.name && <p className="ot-pcard__brand">{p.brand.name}</p>}
          <Name className="ot-pcard__name">{p.name}</Name>
          {colors.length > 0 && <CardSwatches colors={colors} />}
          <CardPrices product={p} />
        </div>
        <span className="ot-pcard__cta" aria-hidden="true">
          {t('product.details')}
        </span>
      </Link>
      {compare && (
        <label className={cx('ot-pcard__cmp', compare.disabled && 'ot-pcard__cmp--off')}>
          <input type="checkbox" checked={compare.selected} disabled={compare.disabled} aria-label={t('compare.addNamed', { name: p.name })} onChange={(e) => compare.onChange(e.target.checked)} />
          <span aria-hidden="true">{t('compare.add')}</span>
        </label>
      )}
    </article>
  );
}

/** One device tile: picture, brand, name, colour swatches, monthly price from / one-off price. */
export default function ProductCard({ product, compact, emit }: ProductCardProps & VocabularyProps) {
  if (!product) return null;
  return <ProductCardView product={product} compact={compact} onOpen={() => void emit('open', { code: product.code })} />;
}
