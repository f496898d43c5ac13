import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import type { ComponentProps } from '../../schemas/types/components';

export type PaymentResultProps = ComponentProps['PaymentResult'];

export type PaymentOutcome = 'pending' | 'paid' | 'declined' | 'cardLimit';

/** Reads the order status answer: PAID → paid, DECLINED → declined, MtsCardLimitError → card limit, else pending. */
export function paymentOutcome(r: PaymentResultProps['result']): PaymentOutcome {
  if (!r) return 'pending';
  if (r.errorType === 'MtsCardLimitError') return 'cardLimit';
  if (r.paymentStatus === 'PAID') return 'paid';
  if (r.paymentStatus === 'DECLINED' || r.errorType) return 'declined';
  return 'pending';
}

/**
 * The card payment result screen: checking (spinner), paid (redirecting to the success page),
 * declined (redirecting to the failure page) or the card-limit error, which stays with its own message. A paid order
 * with a voided late card payment adds the server's message about it.
 */
export default function PaymentResult({ result, error }: PaymentResultProps & VocabularyProps) {
  const t = useT();
  const outcome = paymentOutcome(result);
  const tone = outcome === 'paid' ? 'success' : outcome === 'pending' ? 'pending' : 'failure';
  return (
    <div className={`ot-result ot-result--${tone}`} role={outcome === 'pending' ? 'status' : 'alert'} aria-live="polite">
      <div className="ot-result__icon" aria-hidden="true">
        {outcome === 'pending' ? <span className="ot-spinner__ring" /> : outcome === 'paid' ? '✓' : '!'}
      </div>
      <h1 className="ot-result__title">{t(`payment.result.${outcome}.title`)}</h1>
      <p className="ot-result__text">{outcome === 'cardLimit' ? (result?.message ?? error ?? t('payment.result.cardLimit.text')) : t(`payment.result.${outcome}.text`)}</p>
      {/* a paid order one of whose card payments came late and was voided: the server's message says the charge was reversed */}
      {outcome === 'paid' && result?.message && <p className="ot-result__text">{result.message}</p>}
      {result?.code && <p className="ot-result__order">{t('order.number', { code: result.code })}</p>}
    </div>
  );
}
