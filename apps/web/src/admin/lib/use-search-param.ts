import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A filter kept in the address (`?status=PENDING`): it survives a reload and the way back from a detail
 * page, and a link can open a list already filtered. Changing it replaces the history entry.
 */
export function useSearchParam(name: string, fallback = ''): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? fallback;
  const set = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          if (next === fallback) copy.delete(name);
          else copy.set(name, next);
          return copy;
        },
        { replace: true },
      ),
    [name, fallback, setParams],
  );
  return [value, set];
}
