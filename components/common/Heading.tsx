import { useEffect, useId, useRef } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import { claimFocusForNewHeading } from '../../renderer/focus';
import { cx } from '../shared/cx';
import type { ComponentProps } from '../../schemas/types/components';

export type HeadingProps = ComponentProps['Heading'];

/**
 * A heading (h1–h4) with an optional small line above it (the heading's description). A heading drawn after the
 * shopper's action replaced the focused control takes focus (renderer/focus.ts): e.g. the added-to-cart
 * confirmation of the device page, its next step.
 */
export default function Heading({ text, level = 2, size, align = 'start', eyebrow }: HeadingProps & VocabularyProps) {
  const H = `h${level}` as 'h1' | 'h2' | 'h3' | 'h4';
  const ref = useRef<HTMLHeadingElement>(null);
  const eyebrowId = useId();
  useEffect(() => {
    if (ref.current) claimFocusForNewHeading(ref.current);
  }, []);
  return (
    <div className={cx('ot-heading', `ot-heading--${size ?? level}`, align === 'center' && 'ot-text-center')}>
      {eyebrow && <p className="ot-heading__eyebrow" id={eyebrowId}>{eyebrow}</p>}
      <H ref={ref} className="ot-heading__text" aria-describedby={eyebrow ? eyebrowId : undefined}>{text}</H>
    </div>
  );
}
