import { useCallback, useEffect, useRef, useState } from 'react';

export type Load<T> = { data: T | undefined; error: unknown; loading: boolean; reload: () => void };

/**
 * Loads data for a page and reloads when `key` changes. A late answer for an old key is
 * dropped, so quick filter changes never show stale rows.
 */
export function useLoad<T>(load: () => Promise<T>, key: string): Load<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: true,
  });
  const [version, setVersion] = useState(0);
  const latest = useRef(load);
  latest.current = load;

  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    latest.current().then(
      (data) => current && setState({ data, error: undefined, loading: false }),
      (error: unknown) => current && setState({ data: undefined, error, loading: false }),
    );
    return () => {
      current = false;
    };
  }, [key, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, reload };
}
