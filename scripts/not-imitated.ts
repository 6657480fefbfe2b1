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
