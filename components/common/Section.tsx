import type { VocabularyProps } from '../../renderer/types';
import { cx } from '../shared/cx';
import type { ComponentProps } from '../../schemas/types/components';

export type SectionProps = ComponentProps['Section'];

/** A page band with an optional heading; content is constrained to the page width. */
export default function Section({ title, subtitle, tone = 'plain', width = 'page', headingLevel = 2, anchor, children }: SectionProps & VocabularyProps) {
  const H = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className={cx('ot-section', `ot-section--${tone}`)} id={anchor}>
      <div className={cx('ot-container', width === 'narrow' && 'ot-container--narrow', width === 'full' && 'ot-container--full')}>
        {title && (
          <header className="ot-section__head">
            <H className="ot-section__title">{title}</H>
            {subtitle && <p className="ot-section__subtitle">{subtitle}</p>}
          </header>
        )}
        {children}
      </div>
    </section>
  );
}
