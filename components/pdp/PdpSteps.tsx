import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { ProgressBar } from '../common/ProgressSteps';
import type { ComponentProps } from '../../schemas/types/components';

export type PdpStepsProps = ComponentProps['PdpSteps'];

/** The steps of the device page present for the product (schemas/rules/pdp-wizard.json: choice → extras → summary). Finished steps can be revisited: emits `go` { step } (its position, from 1). */
export default function PdpSteps({ step, steps, firstLabel, emit }: PdpStepsProps & VocabularyProps) {
  const t = useT();
  const labels = (steps ?? []).map((s, i) => (i === 0 && firstLabel ? firstLabel : t(s.title.message)));
  const current = Math.min(Math.max((step ?? 1) - 1, 0), Math.max(labels.length - 1, 0));
  return <ProgressBar steps={labels.map((label, i) => ({ key: String(i + 1), label }))} current={current} ariaLabel={t('pdp.steps')} onGo={(i) => void emit('go', { step: i + 1 })} />;
}
