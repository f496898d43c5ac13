import type { VocabularyProps } from '../../renderer/types';
import { cx } from '../shared/cx';

export interface HeadingProps {
  text: string;
  level?: 1 | 2 | 3 | 4;
  /** the look of this level (default: `level`): the outline's level and the visual size are separate */
  size?: 1 | 2 | 3 | 4;
  align?: 'start' | 'center';
  eyebrow?: string;
}

/** A heading (h1–h4) with an optional small line above it. */
export default function Heading({ text, level = 2, size, align = 'start', eyebrow }: HeadingProps & VocabularyProps) {
  const H = `h${level}` as 'h1' | 'h2' | 'h3' | 'h4';
  return (
    <div className={cx('ot-heading', `ot-heading--${size ?? level}`, align === 'center' && 'ot-text-center')}>
      {eyebrow && <p className="ot-heading__eyebrow">{eyebrow}</p>}
      <H className="ot-heading__text">{text}</H>
    </div>
  );
}
