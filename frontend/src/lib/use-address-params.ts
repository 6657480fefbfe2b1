import { useCallback, useEffect, useRef, useState } from 'react';
import { createSearchParams, useSearchParams, type NavigateOptions, type URLSearchParamsInit } from 'react-router';

type Change = URLSearchParamsInit | ((current: URLSearchParams) => URLSearchParamsInit);

/**
 * `useSearchParams` for filters a member changes one after another. The router commits a new address in a
 * transition, a moment after the change: a second filter picked in that moment read the address before the first
 * and wrote over it. Here the page reads what the member chose at once, the address follows, and an address changed
 * from outside (a link, Back) is still followed.
 */
export const useAddressParams = () => {
  const [address, setAddress] = useSearchParams();
  const [params, setParams] = useState(address);
  const latest = useRef(address);
  // The addresses this page wrote and the router has yet to commit, so their arrival is not taken as news.
  const written = useRef(new Set<string>());

  useEffect(() => {
    const key = address.toString();
    if (written.current.has(key)) {
      if (key === latest.current.toString()) written.current.clear();
      return;
    }
    written.current.clear();
    latest.current = address;
    setParams(address);
  }, [address]);

  const change = useCallback(
    (next: Change, options?: NavigateOptions) => {
      const chosen = createSearchParams(typeof next === 'function' ? next(new URLSearchParams(latest.current)) : next);
      latest.current = chosen;
      written.current.add(chosen.toString());
      setParams(chosen);
      setAddress(chosen, options);
    },
    [setAddress],
  );

  /** One parameter, left out of the address when it holds its default (filters: a shared link names only what is set). */
  const setParam = useCallback(
    (key: string, value: string, fallback: string) =>
      change(
        (current) => {
          if (value === fallback || value === '') current.delete(key);
          else current.set(key, value);
          return current;
        },
        { replace: true },
      ),
    [change],
  );

  return [params, change, setParam] as const;
};
