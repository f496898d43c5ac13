import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import type { ComponentProps } from '../../schemas/types/components';

export type LoadMoreProps = ComponentProps['LoadMore'];

/**
 * "Load more" under a product list: how many of how many are shown (announced politely when it changes) and a button
 * emitting `more` while further pages exist; busy while the next page loads.
 */
export default function LoadMore({ pagination, products, loading, label, emit }: LoadMoreProps & VocabularyProps) {
  const t = useT();
  if (!pagination || pagination.totalResults === 0) return null;
  const shown = products?.length ?? 0;
  const more = pagination.currentPage < pagination.totalPages - 1;
  return (
    <div className="ot-loadmore">
      <p className="ot-loadmore__count" role="status">{t('plp.shown', { shown, total: pagination.totalResults })}</p>
      {more && (
        <button type="button" className="ot-btn ot-btn--outline ot-btn--medium" aria-busy={loading ? true : undefined} disabled={!!loading} onClick={() => void emit('more')}>
          {loading ? t('plp.loadingMore') : label}
        </button>
      )}
    </div>
  );
}
