import { useCallback, useEffect, useRef, useState } from 'react';

type Page<T> = { data: T[]; next_cursor: string | null };

export type Paged<T> = {
  items: T[];
  error: unknown;
  loading: boolean;
  hasMore: boolean;
  loadMore: () => void;
  reload: () => void;
  /** Replaces one row in place, e.g. after cancelling it, without refetching the list. */
  replace: (match: (item: T) => boolean, next: T) => void;
  remove: (match: (item: T) => boolean) => void;
};

/**
 * A cursor-paged list (every list endpoint answers {data, next_cursor}). Restarts when
 * `key` (the filters) changes; "Load more" appends the next page.
 */
export function usePaged<T>(fetchPage: (cursor: string | undefined) => Promise<Page<T>>, key: string): Paged<T> {
  const [items, setItems] = useState<T[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const latest = useRef(fetchPage);
  latest.current = fetchPage;
  const generation = useRef(0);

  const load = useCallback((from: string | undefined, append: boolean) => {
    const mine = ++generation.current;
    setLoading(true);
    setError(undefined);
    latest.current(from).then(
      (page) => {
        if (mine !== generation.current) return;
        setItems((old) => (append ? [...old, ...page.data] : page.data));
        setCursor(page.next_cursor);
        setLoading(false);
      },
      (caught: unknown) => {
        if (mine !== generation.current) return;
        setError(caught);
        setLoading(false);
      },
    );
  }, []);

  useEffect(() => load(undefined, false), [key, version, load]);

  return {
    items,
    error,
    loading,
    hasMore: cursor !== null,
    loadMore: () => cursor !== null && load(cursor, true),
    reload: () => setVersion((v) => v + 1),
    replace: (match, next) => setItems((old) => old.map((item) => (match(item) ? next : item))),
    remove: (match) => setItems((old) => old.filter((item) => !match(item))),
  };
}
