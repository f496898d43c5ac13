import type { VocabularyProps } from '../../renderer/types';
import type { ComponentProps } from '../../schemas/types/components';

export type ErrorBoxProps = ComponentProps['ErrorBox'];

/** An error panel ("An error occurred") with an optional "try again" button that emits `retry`. */
export default function ErrorBox({ title, text, retryLabel, emit }: ErrorBoxProps & VocabularyProps) {
  return (
    <div className="ot-errorbox" role="alert">
      <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" className="ot-errorbox__icon">
        <path d="M12 3 2 20h20L12 3Zm0 6v5m0 3h.01" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <div className="ot-errorbox__body">
        <p className="ot-errorbox__title">{title}</p>
        {text && <p className="ot-errorbox__text">{text}</p>}
        {retryLabel && (
          <button type="button" className="ot-btn ot-btn--outline ot-btn--small" onClick={() => void emit('retry')}>
            {retryLabel}
          </button>
        )}
      </div>
    </div>
  );
}
