import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { ProgressBar } from '../common/ProgressSteps';

export interface CheckoutStepsProps {
  steps?: { code: string; url?: string; hidden?: boolean }[] | null;
  current?: string | null;
}

/**
 * The checkout progress bar from the server's steps (cart validate → checkoutSteps); hidden steps
 * (e.g. PREPAID_INSTRUCTION) are left out. Step titles are the messages checkout.stepCode.<CODE>.
 * Finished steps can be pressed: emits `go` { code, url }.
 */
export default function CheckoutSteps({ steps, current, emit }: CheckoutStepsProps & VocabularyProps) {
  const t = useT();
  const visible = (steps ?? []).filter((s) => !s.hidden);
  if (visible.length === 0) return null;
  const index = Math.max(0, visible.findIndex((s) => s.code === current));
  return (
    <div className="ot-checkoutsteps">
      <ProgressBar
        steps={visible.map((s) => ({ key: s.code, label: t(`checkout.stepCode.${s.code}`) }))}
        current={index}
        ariaLabel={t('checkout.steps')}
        onGo={(i) => void emit('go', { code: visible[i].code, url: visible[i].url ?? null })}
      />
    </div>
  );
}
