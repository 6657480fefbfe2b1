import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export interface NotImitatedRequest {
  at: string;
  /** The HTTP method, or `WebSocket` for an upgrade. */
  method: string;
  path: string;
}

/** Enough to see what a session asked for; the file keeps every one. */
const KEPT_IN_MEMORY = 1000;

/**
 * What the stand-in was asked and does not imitate, so gaps show up rather than pass as a refusal: in memory, and one
 * JSON line each in `file` when given (the stage's `.local/stream/not-imitated.jsonl`, or the file the test runner
 * names in STREAM_NOT_IMITATED_LOG and reads after the end-to-end suite).
 */
export const createNotImitatedLog = (file: string | undefined) => {
  const entries: NotImitatedRequest[] = [];
  if (file) mkdirSync(dirname(file), { recursive: true });
  return {
    record(method: string, path: string) {
      const entry = { at: new Date().toISOString(), method, path };
      entries.push(entry);
      if (entries.length > KEPT_IN_MEMORY) entries.shift();
      if (file) appendFileSync(file, `${JSON.stringify(entry)}\n`);
    },
    entries: (): readonly NotImitatedRequest[] => entries,
  };
};

export type NotImitatedLog = ReturnType<typeof createNotImitatedLog>;
