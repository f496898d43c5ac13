import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { ProgressBar } from '../common/ProgressSteps';
import type { ComponentProps } from '../../schemas/types/components';

export type CheckoutStepsProps = ComponentProps['CheckoutSteps'];

/**
 * The checkout progress bar from the server's steps (cart validate → checkoutSteps); hidden steps
 * (e.g. PREPAID_INSTRUCTION) are left out. Step titles are the messages checkout.stepCode.<CODE>.
 * Finished steps can be pressed: emits `go` { code, url }.
 */
/** The steps of the guest flow (schemas/flows/guest.json): the usual bar, drawn invisibly while the steps load. */
const PLACEHOLDER = ['GUEST_ORDER_INFO', 'PAYMENT_AND_CART_CONFIRMATION'];

export default function CheckoutSteps({ steps, current, emit }: CheckoutStepsProps & VocabularyProps) {
  const t = useT();
  const visible = (steps ?? []).filter((s) => !s.hidden);
  if (visible.length === 0) {
    // until the server answers the steps: the guest flow's bar, invisible, holds their place (no layout shift)
    return (
      <div className="ot-checkoutsteps ot-placeholder" aria-hidden="true">
        <ProgressBar steps={PLACEHOLDER.map((code) => ({ key: code, label: t(`checkout.stepCode.${code}`) }))} current={0} ariaLabel="" onGo={() => undefined} />
      </div>
    );
  }
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
