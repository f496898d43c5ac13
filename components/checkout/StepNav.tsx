import { useState } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import { cx } from '../shared/cx';
import { Icon } from '../common/Button';
import type { ComponentProps } from '../../schemas/types/components';

export type StepNavProps = ComponentProps['StepNav'];

/** Back / Next of a checkout step. Next shows a spinner while its actions run. Emits `back` and `next`. */
export default function StepNav({ backLabel, nextLabel, busy, nextIcon = true, emit, enabled }: StepNavProps & VocabularyProps) {
  const [running, setRunning] = useState(false);
  const isBusy = Boolean(busy) || running;
  const next = async () => {
    if (isBusy) return;
    setRunning(true);
    try {
      await emit('next');
    } finally {
      setRunning(false);
    }
  };
  return (
    <div className="ot-stepnav">
      {backLabel ? (
        <button type="button" className="ot-btn ot-btn--ghost ot-btn--large" onClick={() => void emit('back')}>
          <Icon name="arrow-left" />
          <span>{backLabel}</span>
        </button>
      ) : (
        <span />
      )}
      <button type="button" className={cx('ot-btn ot-btn--primary ot-btn--large', isBusy && 'ot-btn--busy')} disabled={!enabled} aria-busy={isBusy || undefined} onClick={next}>
        {isBusy && <span className="ot-btn__spinner" aria-hidden="true" />}
        <span>{nextLabel}</span>
        {nextIcon && <Icon name="arrow-right" />}
      </button>
    </div>
  );
}
