import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { ProgressBar } from '../common/ProgressSteps';
import type { ComponentProps } from '../../schemas/types/components';

export type PdpStepsProps = ComponentProps['PdpSteps'];

/** The 2 or 3 steps of the device page (choice → extras → summary). Finished steps can be revisited: emits `go` { step } (from 1). */
export default function PdpSteps({ step, steps, firstLabel, emit }: PdpStepsProps & VocabularyProps) {
  const t = useT();
  const n = steps === 3 ? 3 : 2;
  const choose = firstLabel ?? t('pdp.step.choose');
  const labels = n === 3 ? [choose, t('pdp.step.extras'), t('pdp.step.summary')] : [choose, t('pdp.step.summary')];
  const current = Math.min(Math.max((step ?? 1) - 1, 0), n - 1);
  return <ProgressBar steps={labels.map((label, i) => ({ key: String(i + 1), label }))} current={current} ariaLabel={t('pdp.steps')} onGo={(i) => void emit('go', { step: i + 1 })} />;
}
