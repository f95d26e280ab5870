import type { Paged } from '../api/use-paged.js';
import { ErrorNotice, Loading } from './states.js';

/** The foot of a paged list: loading, its error, or the button for the next page. */
export function ListFoot<T>({ list, what }: { list: Paged<T>; what: string }) {
  if (list.error !== undefined)
    return (
      <div style={{ padding: '0 1.25rem' }}>
        <ErrorNotice error={list.error} onRetry={list.reload} />
      </div>
    );
  if (list.loading)
    return (
      <div style={{ padding: '0 1.25rem' }}>
        <Loading what={what} />
      </div>
    );
  if (!list.hasMore) return null;
  return (
    <div className="row" style={{ padding: '0.75rem 1.25rem', justifyContent: 'center' }}>
      <button type="button" onClick={list.loadMore}>
        Load more {what}
      </button>
    </div>
  );
}
