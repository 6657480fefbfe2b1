/**
 * How the SPA connects its Stream clients (the product's own timings, not the specification's): how long an attempt
 * may go unanswered before it counts as failed, and the waits before the automatic retries that follow a failed one.
 * The end-to-end tests move the clock by the same numbers.
 */
export const STREAM_CONNECT_TIMEOUT_MS = 20_000;
export const STREAM_CONNECT_RETRY_DELAYS_MS: readonly number[] = [2_000, 4_000, 8_000];
