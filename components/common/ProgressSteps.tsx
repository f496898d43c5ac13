import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { cx } from '../shared/cx';
import type { ComponentProps } from '../../schemas/types/components';

export interface ProgressStep {
  key: string;
  label: string;
}

export type ProgressStepsProps = ComponentProps['ProgressSteps'];

/** Presentational progress bar: numbered steps, done ones ticked, the current one highlighted. */
export function ProgressBar({ steps, current, ariaLabel, onGo }: { steps: ProgressStep[]; current: number; ariaLabel: string; onGo?: (index: number) => void }) {
  const t = useT();
  return (
    <nav className="ot-progress" aria-label={ariaLabel}>
      <ol>
        {steps.map((s, i) => {
          const state = i < current ? 'done' : i === current ? 'current' : 'todo';
          const body = (
            <>
              <span className="ot-progress__dot" aria-hidden="true">
                {state === 'done' ? '✓' : i + 1}
              </span>
              <span className="ot-progress__label">{s.label}</span>
              {state !== 'current' && <span className="ot-sr-only"> ({t(state === 'done' ? 'common.stepDone' : 'common.stepTodo')})</span>}
            </>
          );
          return (
            <li key={s.key} className={cx('ot-progress__step', `is-${state}`)} aria-current={state === 'current' ? 'step' : undefined}>
              {onGo && state === 'done' ? (
                <button type="button" className="ot-progress__btn" onClick={() => onGo(i)}>
                  {body}
                </button>
              ) : (
                <span className="ot-progress__btn">{body}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** Generic progress bar from a list of labelled steps and the index of the current one. */
export default function ProgressSteps({ steps, current, ariaLabel, emit }: ProgressStepsProps & VocabularyProps) {
  const t = useT();
  if (!steps || steps.length === 0) return null;
  return <ProgressBar steps={steps} current={current ?? 0} ariaLabel={ariaLabel ?? t('common.progress')} onGo={(index) => void emit('go', { index })} />;
}
