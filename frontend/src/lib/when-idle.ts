/** How long a deferred start waits for an idle moment before running anyway. */
export const IDLE_TIMEOUT_MS = 2_000;

/** Runs `run` once the browser is idle (or after IDLE_TIMEOUT_MS); returns the way to cancel it. */
export const whenIdle = (run: () => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => run(), { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
};
