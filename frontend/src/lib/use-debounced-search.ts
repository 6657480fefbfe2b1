import { useEffect, useState } from 'react';

/** Typing pauses this long before a search asks Stream: one query per word typed, not per key. */
export const SEARCH_DEBOUNCE_MS = 250;

interface Found<T> {
  query: string;
  results: T[];
  failed: boolean;
}

/**
 * What `search` finds for the words typed, asked once typing pauses; an answer for words since changed is dropped.
 * `searching` while the answer on screen is not yet for the words typed. `search` must keep its identity between
 * renders (a callback of what it depends on).
 */
export const useDebouncedSearch = <T,>(query: string, search: (wanted: string) => Promise<T[]>, failure: string) => {
  const [found, setFound] = useState<Found<T>>({ query: '', results: [], failed: false });
  const wanted = query.trim();
  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      search(wanted)
        .then((results) => {
          if (!cancelled) setFound({ query: wanted, results, failed: false });
        })
        .catch((error: unknown) => {
          console.error(failure, error);
          if (!cancelled) setFound({ query: wanted, results: [], failed: true });
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [search, failure, wanted]);
  return { ...found, searching: found.query !== wanted };
};
