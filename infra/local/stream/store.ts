import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** How long changes gather before one write: a burst of messages costs one file write, not one each. */
const SAVE_DELAY_MS = 100;

export interface PersistedState<T> {
  readonly state: T;
  /** Call after changing `state`; it is written soon after (or never, in memory). */
  changed(): void;
  /** Writes what is pending at once (on close). */
  flush(): void;
}

/**
 * One JSON document of the stand-in's state (users, channels and messages…), kept in `<dataDir>/<name>.json` like
 * the rest of the stage's data, or in memory only when there is no data directory (`--in-memory`). Written whole
 * to a temporary file and renamed, so a crash leaves the previous state, never half of one.
 */
export const persistedState = <T>(dataDir: string | undefined, name: string, initial: () => T): PersistedState<T> => {
  const file = dataDir ? join(dataDir, `${name}.json`) : undefined;
  const state = file && existsSync(file) ? ({ ...initial(), ...(JSON.parse(readFileSync(file, 'utf8')) as T) }) : initial();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    timer = undefined;
    if (!file) return;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp`, JSON.stringify(state));
    renameSync(`${file}.tmp`, file);
  };
  return {
    state,
    changed() {
      if (!file || timer) return;
      timer = setTimeout(write, SAVE_DELAY_MS);
      timer.unref();
    },
    flush() {
      if (timer) clearTimeout(timer);
      if (file) write();
    },
  };
};
