import type { RuntimeConfig } from '@mentoring/shared';

let loaded: Promise<RuntimeConfig> | undefined;

/** /config.json, fetched once per page load: the same build runs against every stage. */
export const loadRuntimeConfig = () =>
  (loaded ??= fetch('/config.json', { cache: 'no-store' }).then((response) => {
    if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
    return response.json() as Promise<RuntimeConfig>;
  }));

/** For tests: forget the cached configuration. */
export const resetRuntimeConfig = () => {
  loaded = undefined;
};
