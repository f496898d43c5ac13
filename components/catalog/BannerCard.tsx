import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import type { Banner } from '../shared/types';
import type { ComponentProps } from '../../schemas/types/components';

/** One banner (a content component): headline, text and its link as a button. */
export function BannerView({ banner, headingLevel = 2 }: { banner: Banner; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  // the accent stripe in the CMS colour: the server answers only a colour that passes the CMS hex-colour rule
  const accent = banner.accentColor ? ({ '--ot-banner-accent': banner.accentColor } as CSSProperties) : undefined;
  return (
    <aside className={accent ? 'ot-banner ot-banner--accent' : 'ot-banner'} style={accent} aria-label={banner.headline}>
      <div className="ot-banner__text">
        <H className="ot-banner__title">{banner.headline}</H>
        <p className="ot-banner__content">{banner.content}</p>
      </div>
      {banner.url && banner.ctaButtonName && (
        <Link className="ot-btn ot-btn--primary ot-btn--medium ot-banner__cta" to={banner.url}>{banner.ctaButtonName}</Link>
      )}
    </aside>
  );
}

export type BannerCardProps = ComponentProps['BannerCard'];

/** The banners of a page (e.g. bind /catalog/banners/home), one under another, in webPosition order. */
export default function BannerCard({ banners, headingLevel }: BannerCardProps) {
  if (!banners || banners.length === 0) return null;
  return (
    <div className="ot-banners">
      {banners.map((b) => <BannerView key={b.uid} banner={b} headingLevel={headingLevel} />)}
    </div>
  );
}
