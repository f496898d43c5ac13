import type { VocabularyProps } from '../../renderer/types';
import { cx } from '../shared/cx';
import type { ComponentProps } from '../../schemas/types/components';

export type CardProps = ComponentProps['Card'];

/** A white rounded panel with a soft shadow that groups its children, with an optional title. */
export default function Card({ title, tone = 'plain', sticky, children }: CardProps & VocabularyProps) {
  return (
    <section className={cx('ot-card', `ot-card--${tone}`, sticky && 'ot-card--sticky')}>
      {title && <h2 className="ot-card__title">{title}</h2>}
      {children}
    </section>
  );
}
