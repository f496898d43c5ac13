import { Link } from 'react-router';
import type { VocabularyProps } from '../../renderer/types';
import type { ComponentProps } from '../../schemas/types/components';

export type LogoProps = ComponentProps['Logo'];

/**
 * The Orbita Telekom mark (an orbit around a dot) and word mark, linking home. The link's accessible name is its
 * visible text (name and tagline, WCAG 2.5.3 label in name), the mark is decorative.
 */
export default function Logo({ label, to = '/', tagline }: LogoProps & VocabularyProps) {
  return (
    <Link to={to} className="ot-logo">
      <svg className="ot-logo__mark" viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false">
        <circle cx="20" cy="20" r="20" fill="var(--ot-primary)" />
        <ellipse cx="20" cy="20" rx="14" ry="6.5" fill="none" stroke="#fff" strokeWidth="2.4" transform="rotate(-28 20 20)" />
        <circle cx="20" cy="20" r="4.6" fill="#fff" />
        <circle cx="31.2" cy="14.2" r="2.4" fill="var(--ot-accent)" />
      </svg>
      <span className="ot-logo__text">
        <span className="ot-logo__name">{label}</span>
        {tagline && <span className="ot-logo__tagline">{tagline}</span>}
      </span>
    </Link>
  );
}
