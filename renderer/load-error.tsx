/**
 * What a lazily loaded part that failed to load draws (seed 000 §8: a part that has not loaded in 120 s times out,
 * actions/stores/timeouts.ts): the shop's load-error text and a "Pokušaj ponovo" button that loads it again in place,
 * without reloading the page.
 */
import { useT } from './hooks';

export function LoadFailed({ retry }: { retry: () => void }) {
  const t = useT();
  return (
    <div role="alert" className="sdui-load-error">
      <span>{t('error.loadFailed')}</span>{' '}
      <button type="button" className="sdui-load-error__retry" onClick={retry}>{t('error.loadRetry')}</button>
    </div>
  );
}
