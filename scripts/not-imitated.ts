import { existsSync, readFileSync } from 'node:fs';

/** A call's or a channel's id varies from test to test: the same gap reads as one line. */
const pattern = (path: string) => path.replace(/\/call\/([^/]+)\/[^/]+/, '/call/$1/{id}').replace(/\/channels\/([^/]+)\/[^/]+/, '/channels/$1/{id}');

/**
 * The requests a run's Stream stand-in did not imitate, from its not-imitated log (one JSON line each, `{at, method,
 * path}`; infra/local/stream/not-imitated.ts), as `METHOD path` with how often, most often first. None without a log.
 */
export const notImitatedSummary = (file: string): string[] => {
  if (!existsSync(file)) return [];
  const counts = new Map<string, number>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const { method, path } = JSON.parse(line) as { method: string; path: string };
    const key = `${method} ${pattern(path)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort(([, a], [, b]) => b - a).map(([key, count]) => (count > 1 ? `${key} (${count}×)` : key));
};

/**
 * What the run's summary says of the e2e suite's not-imitated log, and whether it fails the run: any request the
 * stand-in did not imitate does (issue 44: a control the SPA shows is imitated, so none should reach one). There is no
 * opt-out: a gap is fixed by imitating the request or hiding the control, and the summary names it.
 */
export const notImitatedVerdict = (file: string): { lines: string[]; failed: boolean } => {
  const requests = notImitatedSummary(file);
  if (requests.length === 0) return { lines: [], failed: false };
  return { lines: ['✘ Stream stand-in: not imitated in the e2e suite (a control the SPA shows must be imitated)', ...requests.map((request) => `    ✘ ${request}`)], failed: true };
};
