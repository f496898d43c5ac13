import { observer } from 'mobx-react-lite';
import type { VocabularyProps } from '../../renderer/types';
import type { ComponentProps } from '../../schemas/types/components';
import { useT } from '../../renderer/hooks';
import './suggested.css';

export type SuggestedStatusProps = ComponentProps['SuggestedStatus'];

/** The extra-benefits step's status line: loading, nothing offered, or the last refusal (limit, maxAllowedQuantity, stock). */
function SuggestedStatus({ state }: SuggestedStatusProps & VocabularyProps) {
  const t = useT();
  if (!state?.loaded) return <p className="ot-muted ot-suggested__status" role="status">{t('suggested.loading')}</p>;
  return (
    <>
      {state.references.length === 0 && <p className="ot-numbers__note" role="status">{t('suggested.none')}</p>}
      <div role="alert">{state.error && <p className="ot-field-error ot-suggested__status">{state.error}</p>}</div>
    </>
  );
}

/** An observer: it reads store objects passed whole (nested changes re-render it). */
export default observer(SuggestedStatus);
