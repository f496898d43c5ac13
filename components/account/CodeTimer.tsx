import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import type { VocabularyProps } from '../../renderer/types';
import type { ComponentProps } from '../../schemas/types/components';
import { useT } from '../../renderer/hooks';
import { cx } from '../shared/cx';
import './account.css';

export type CodeTimerProps = ComponentProps['CodeTimer'];

/** Seconds left of a code sent at `sentAt` with a lifetime of `seconds` (re-renders every second while it runs). */
function useSecondsLeft(sentAt: number | null, seconds: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (sentAt === null) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [sentAt]);
  return sentAt === null ? 0 : Math.max(0, seconds - Math.floor((now - sentAt) / 1000));
}

const mmss = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/**
 * The one-time code's send / resend button and its visible countdown (seed 001 §9: e-mail 300 s, SMS 60 s); when
 * the time is up it says so and offers a new code.
 */
function CodeTimer({ state, sendLabel, resendLabel, busy, emit, enabled }: CodeTimerProps & VocabularyProps) {
  const t = useT();
  const sentAt = state?.sentAt ?? null;
  const left = useSecondsLeft(sentAt, state?.seconds ?? 300);
  return (
    <div className="ot-codetimer">
      <button type="button" className={cx('ot-btn ot-btn--outline ot-btn--medium', busy && 'ot-btn--busy')} disabled={!enabled || busy}
        onClick={() => void emit('send')}>
        {t(sentAt === null ? (sendLabel ?? 'account.code.send') : (resendLabel ?? 'account.code.resend'))}
      </button>
      <p className="ot-codetimer__status" aria-live="polite">
        {sentAt === null ? '' : left > 0 ? t('account.code.left', { to: state?.to ?? '', time: mmss(left) }) : t('account.code.expired')}
      </p>
    </div>
  );
}

export default observer(CodeTimer);
