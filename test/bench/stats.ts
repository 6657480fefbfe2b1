export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
}

export const percentile = (sorted: number[], p: number) => {
  if (!sorted.length) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
};

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Runs `task` from `concurrency` loops for `durationMs` and reports throughput and latency. */
export const closedLoop = async (task: () => Promise<unknown>, { concurrency, durationMs }: { concurrency: number; durationMs: number }): Promise<LoadFigures> => {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const end = started + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          await task();
          latencies.push(performance.now() - t);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: round(latencies.length / elapsed),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    requests: latencies.length,
    errors,
  };
};
