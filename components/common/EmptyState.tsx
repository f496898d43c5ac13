import type { VocabularyProps } from '../../renderer/types';
import type { ComponentProps } from '../../schemas/types/components';

export type EmptyStateProps = ComponentProps['EmptyState'];

const PATHS = {
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14Zm9 16-4-4',
  cart: 'M3 3h2l2.6 10.4A2 2 0 0 0 9.5 15H18a2 2 0 0 0 1.9-1.4L22 7H6.2M9 20h.01M18 20h.01',
  box: 'M21 8 12 3 3 8v8l9 5 9-5V8Zm-18 0 9 5 9-5M12 13v8',
};

/** A friendly "nothing here" block with an optional action button (emits `action`). */
export default function EmptyState({ title, text, actionLabel, icon = 'box', headingLevel, emit }: EmptyStateProps & VocabularyProps) {
  const Title = headingLevel ? (`h${headingLevel}` as 'h1' | 'h2' | 'h3') : 'p';
  return (
    <div className="ot-empty">
      <svg className="ot-empty__icon" viewBox="0 0 24 24" width="48" height="48" aria-hidden="true">
        <path d={PATHS[icon]} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <Title className="ot-empty__title">{title}</Title>
      {text && <p className="ot-empty__text">{text}</p>}
      {actionLabel && (
        <button type="button" className="ot-btn ot-btn--primary ot-btn--medium" onClick={() => void emit('action')}>
          {actionLabel}
        </button>
      )}
    </div>
  );
}
