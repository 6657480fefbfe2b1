import type { RuntimeConfig } from '@mentoring/shared';

let loaded: Promise<RuntimeConfig | null> | undefined;

/** /config.json, fetched once per page load. */
export const loadRuntimeConfig = () =>
  (loaded ??= fetch('/config.json')
    .then((response) => (response.ok ? (response.json() as Promise<RuntimeConfig>) : null))
    .catch(() => null));

/** Only a local stage without credentials says false; a deployed stage always has its secret. */
export const streamConfigured = (config: RuntimeConfig | null) => config?.stream?.configured !== false;

/** For tests: forget the cached config. */
export const resetRuntimeConfig = () => {
  loaded = undefined;
};
