import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates a prerendered page (and when prerendering), true once the page's scripts own it; true at
 * once on pages rendered in the browser. A form on a prerendered page keeps its submit button disabled until then:
 * a submit before hydration would be the browser's own, reloading the page and dropping what was typed.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
