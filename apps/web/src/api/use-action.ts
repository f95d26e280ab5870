import { useCallback, useState } from 'react';

/** A button's request: busy while it runs, its error kept for the page to show. */
export function useAction<A extends unknown[], T>(action: (...args: A) => Promise<T>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);

  const run = useCallback(
    async (...args: A): Promise<T | undefined> => {
      setBusy(true);
      setError(undefined);
      try {
        return await action(...args);
      } catch (caught) {
        setError(caught);
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [action],
  );

  return { run, busy, error, clearError: () => setError(undefined) };
}
