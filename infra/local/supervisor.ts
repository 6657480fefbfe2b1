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
  stop: () => Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Keeps a stand-in of the local stage running, as AWS keeps its services up: when it ends without having been
 * stopped, one line says which and how, and it is started again (same port and files, so endpoints the
 * functions were given stay right), retried with a growing pause until it is back. `restarted` runs on each
 * new instance before it counts as back (e.g. recreating DynamoDB Local's tables when it kept them in memory).
 */
export const supervise = async <T extends Watchable>(
  name: string,
  start: () => Promise<T>,
  { restarted, log = (line) => console.error(line) }: { restarted?: (instance: T) => Promise<void>; log?: (line: string) => void } = {},
): Promise<Supervised<T>> => {
  let current = await start();
  let stopping = false;
  let restarts = 0;
  const watch = (instance: T) => {
    void instance.ended.then(async (how) => {
      if (stopping || instance !== current) return;
      log(`[local] ${name} ${how}: restarting it.`);
      for (let attempt = 1; !stopping; attempt += 1) {
        try {
          const next = await start();
          if (stopping) return await next.stop();
          await restarted?.(next);
          current = next;
          restarts += 1;
          log(`[local] ${name} is back.`);
          watch(next);
          return;
        } catch (error) {
          log(`[local] ${name} did not restart (attempt ${attempt}): ${(error as Error).message.split('\n')[0]}`);
          await sleep(Math.min(5000, 250 * 2 ** attempt));
        }
      }
    });
  };
  watch(current);
  return {
    get current() {
      return current;
    },
    get restarts() {
      return restarts;
    },
    stop: async () => {
      stopping = true;
      await current.stop();
    },
  };
};
