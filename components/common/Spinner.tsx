import type { VocabularyProps } from '../../renderer/types';
import { cx } from '../shared/cx';
import type { ComponentProps } from '../../schemas/types/components';

export type SpinnerProps = ComponentProps['Spinner'];

/** A loading indicator with a text for screen readers (and sighted users on the large size). */
export default function Spinner({ label, size = 'large' }: SpinnerProps & VocabularyProps) {
  return (
    <div className={cx('ot-spinner', `ot-spinner--${size}`)} role="status" aria-live="polite">
      <span className="ot-spinner__ring" aria-hidden="true" />
      <span className={size === 'small' ? 'ot-sr-only' : 'ot-spinner__label'}>{label}</span>
    </div>
  );
}
