/** A stand-in the supervisor can watch: `ended` settles with how it ended when it stops by itself (a crash, a kill). */
export interface Watchable {
  stop: () => Promise<void>;
  ended: Promise<string>;
  /** Its process id, when it runs in a process of its own. */
  pid?: number;
}

export interface Supervised<T extends Watchable> {
  readonly current: T;
  /** How many times it was restarted. */
  readonly restarts: number;
  /** False from the moment it ends by itself until it is back (its `restarted` step included). */
  readonly available: boolean;
  /**
   * Stops watching, without stopping it: whatever ends from now on stays ended. Settles once a restart that
   * was under way has been undone, so nothing the stage's stop cannot see is left running.
   */
  standDown: () => Promise<void>;
  /** Stands down, then stops the current instance. */
  stop: () => Promise<void>;
}

/**
 * Keeps a stand-in of the local stage running, as AWS keeps its services up: when it ends without having been
 * stopped, one line says which and how, and it is started again (same port and files, so endpoints the
 * functions were given stay right), retried with a growing pause until it is back. `restarted` runs on each
 * new instance before it counts as back (e.g. recreating DynamoDB Local's tables when it kept them in memory).
 * A stage that is stopping stands its supervisors down first: Ctrl-C reaches the stand-ins' processes too, and
 * what the stop ends must not be started again behind it.
 */
export const supervise = async <T extends Watchable>(
  name: string,
  start: () => Promise<T>,
  { restarted, log = (line) => console.error(line) }: { restarted?: (instance: T) => Promise<void>; log?: (line: string) => void } = {},
): Promise<Supervised<T>> => {
  let current = await start();
  let stoodDown = false;
  let restarts = 0;
  let available = true;
  let restarting: Promise<void> | undefined;
  let wake: () => void = () => undefined;
  const standingDown = new Promise<void>((resolve) => (wake = resolve));
  // A pause between attempts that a stand-down cuts short.
  const pause = (ms: number) => Promise.race([new Promise((resolve) => setTimeout(resolve, ms).unref()), standingDown]);

  const bringBack = async () => {
    for (let attempt = 1; !stoodDown; attempt += 1) {
      try {
        const next = await start();
        if (stoodDown) return await next.stop();
        await restarted?.(next);
        if (stoodDown) return await next.stop();
        current = next;
        restarts += 1;
        available = true;
        log(`[local] ${name} is back.`);
        watch(next);
        return;
      } catch (error) {
        log(`[local] ${name} did not restart (attempt ${attempt}): ${(error as Error).message.split('\n')[0]}`);
        await pause(Math.min(5000, 250 * 2 ** attempt));
      }
    }
  };
  const watch = (instance: T) => {
    void instance.ended.then((how) => {
      if (stoodDown || instance !== current) return;
      available = false;
      log(`[local] ${name} ${how}: restarting it.`);
      restarting = bringBack().finally(() => (restarting = undefined));
    });
  };
  watch(current);

  const standDown = async () => {
    stoodDown = true;
    wake();
    await restarting?.catch(() => undefined);
  };
  return {
    get current() {
      return current;
    },
    get restarts() {
      return restarts;
    },
    get available() {
      return available;
    },
    standDown,
    stop: async () => {
      await standDown();
      await current.stop();
    },
  };
};

/**
 * A stand-in started before the stage can supervise it, so that slow boots (a JVM, a Node process) overlap the
 * rest of the start. `start` is what `supervise` is given: the instance already starting, then `restart` for each
 * restart. `dropIfUnclaimed` stops it, once it is up, if the stage fails before `supervise` took it over.
 */
export const headStart = <T extends Watchable>(starting: Promise<T>, restart: (first: T) => Promise<T>) => {
  starting.catch(() => undefined);
  let claimed = false;
  return {
    start: (): Promise<T> => {
      if (claimed) return starting.then(restart);
      claimed = true;
      return starting;
    },
    dropIfUnclaimed: async () => {
      if (!claimed) await starting.then((instance) => instance.stop(), () => undefined);
    },
  };
};
