import { Link } from 'react-router';
import type { VocabularyProps } from '../../renderer/types';
import type { ComponentProps } from '../../schemas/types/components';

export type HeroProps = ComponentProps['Hero'];

/** The brand illustration used when no campaign image is set: two phones in an orbit. */
function HeroArt() {
  return (
    <svg className="ot-hero__art" viewBox="0 0 420 320" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="ot-hero-screen" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff5c93" />
          <stop offset="1" stopColor="#7b3fd0" />
        </linearGradient>
      </defs>
      <ellipse cx="210" cy="170" rx="196" ry="70" fill="none" stroke="rgba(255,255,255,.28)" strokeWidth="2" transform="rotate(-14 210 170)" />
      <ellipse cx="210" cy="170" rx="150" ry="120" fill="none" stroke="rgba(255,255,255,.14)" strokeWidth="2" />
      <g transform="translate(118 34) rotate(-8)">
        <rect width="120" height="238" rx="22" fill="#1b1323" />
        <rect x="7" y="7" width="106" height="224" rx="17" fill="url(#ot-hero-screen)" />
        <rect x="44" y="15" width="32" height="8" rx="4" fill="#1b1323" />
        <circle cx="60" cy="118" r="26" fill="none" stroke="#fff" strokeWidth="4" opacity=".9" />
        <circle cx="60" cy="118" r="8" fill="#fff" />
      </g>
      <g transform="translate(232 70) rotate(10)">
        <rect width="104" height="206" rx="20" fill="#f3ecfa" />
        <rect x="6" y="6" width="92" height="194" rx="15" fill="#2b1840" />
        <rect x="18" y="40" width="68" height="10" rx="5" fill="rgba(255,255,255,.5)" />
        <rect x="18" y="58" width="44" height="10" rx="5" fill="rgba(255,255,255,.3)" />
        <rect x="18" y="150" width="68" height="26" rx="13" fill="#e2175b" />
      </g>
      <circle cx="360" cy="96" r="10" fill="#e2175b" />
      <circle cx="52" cy="228" r="6" fill="#fff" opacity=".7" />
    </svg>
  );
}

/** The campaign banner at the top of the home page: text and calls to action left, picture right. */
export default function Hero({ eyebrow, title, text, ctaLabel, ctaTo, secondaryLabel, secondaryTo, image, imageAlt, note, emit }: HeroProps & VocabularyProps) {
  return (
    <section className="ot-hero">
      <div className="ot-container ot-hero__inner">
        <div className="ot-hero__copy">
          {eyebrow && <p className="ot-hero__eyebrow">{eyebrow}</p>}
          <h1 className="ot-hero__title">{title}</h1>
          {text && <p className="ot-hero__text">{text}</p>}
          <div className="ot-hero__ctas">
            {ctaLabel && ctaTo && (
              <Link className="ot-btn ot-btn--light ot-btn--large" to={ctaTo} onClick={() => void emit('cta')}>
                {ctaLabel}
              </Link>
            )}
            {secondaryLabel && secondaryTo && (
              <Link className="ot-btn ot-btn--on-dark ot-btn--large" to={secondaryTo}>
                {secondaryLabel}
              </Link>
            )}
          </div>
          {note && <p className="ot-hero__note">{note}</p>}
        </div>
        <div className="ot-hero__media">{image ? <img src={image} alt={imageAlt ?? ''} width={440} height={440} loading="eager" fetchPriority="high" /> : <HeroArt />}</div>
      </div>
    </section>
  );
}
