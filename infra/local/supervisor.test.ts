import { describe, expect, it, vi } from 'vitest';
import { headStart, supervise, type Watchable } from './supervisor';

/** A stand-in that ends when the test says (`die`), and counts its stops. */
const fakeStandIn = (id: number) => {
  let die: (how: string) => void = () => undefined;
  const ended = new Promise<string>((resolve) => (die = resolve));
  return { id, ended, die, stop: vi.fn(async () => undefined) } satisfies Watchable & { id: number; die: (how: string) => void };
};
type Fake = ReturnType<typeof fakeStandIn>;

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const started = () => {
  const instances: Fake[] = [];
  const start = vi.fn(async () => {
    const instance = fakeStandIn(instances.length);
    instances.push(instance);
    return instance;
  });
  return { instances, start };
};

describe('supervise', () => {
  it('restarts a stand-in that ends by itself, and is unavailable until its restarted step is done', async () => {
    const { instances, start } = started();
    let finishSetup: () => void = () => undefined;
    const restarted = vi.fn(() => new Promise<void>((resolve) => (finishSetup = resolve)));
    const supervised = await supervise('thing', start, { restarted, log: () => undefined });
    expect(supervised.available).toBe(true);
    instances[0]!.die('exited (SIGKILL)');
    await settle();
    expect(start).toHaveBeenCalledTimes(2);
    // Up again, but not set up yet (DynamoDB Local without its tables): still unavailable, still the old instance.
    expect(supervised.available).toBe(false);
    expect(supervised.current).toBe(instances[0]);
    finishSetup();
    await settle();
    expect(supervised.available).toBe(true);
    expect(supervised.current).toBe(instances[1]);
    expect(supervised.restarts).toBe(1);
  });

  it('once stood down, leaves a stand-in that ends ended', async () => {
    const { instances, start } = started();
    const log = vi.fn();
    const supervised = await supervise('thing', start, { log });
    await supervised.standDown();
    instances[0]!.die('exited (SIGINT)');
    await settle();
    expect(start).toHaveBeenCalledTimes(1);
    expect(log).not.toHaveBeenCalled();
    await supervised.stop();
    expect(instances[0]!.stop).toHaveBeenCalledOnce();
  });

  it('undoes a restart under way when it stands down, and waits for that', async () => {
    const { instances, start } = started();
    let finishSetup: () => void = () => undefined;
    const supervised = await supervise('thing', start, { restarted: () => new Promise<void>((resolve) => (finishSetup = resolve)), log: () => undefined });
    instances[0]!.die('exited (SIGINT)');
    await settle();
    expect(instances).toHaveLength(2);
    let stoodDown = false;
    const standingDown = supervised.standDown().then(() => (stoodDown = true));
    await settle();
    expect(stoodDown).toBe(false);
    finishSetup();
    await standingDown;
    // The instance the restart started is stopped, not kept running behind the stage's back.
    expect(instances[1]!.stop).toHaveBeenCalledOnce();
    expect(supervised.current).toBe(instances[0]);
    expect(supervised.restarts).toBe(0);
  });

  it('stops retrying a failing restart when it stands down, without waiting out the pause', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const first = fakeStandIn(0);
      const start = vi.fn(async () => {
        calls += 1;
        if (calls === 1) return first;
        throw new Error('port busy');
      });
      const supervised = await supervise('thing', start, { log: () => undefined });
      first.die('exited (code 1)');
      await vi.advanceTimersByTimeAsync(0);
      expect(start).toHaveBeenCalledTimes(2);
      // Now in the pause after a failed attempt; the clock does not move, so only a stand-down can end it.
      let stoodDown = false;
      void supervised.standDown().then(() => (stoodDown = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(stoodDown).toBe(true);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(start).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('headStart', () => {
  it('hands the supervisor the instance already starting first, and restarts it with what the first one was', async () => {
    const first = fakeStandIn(0);
    const second = fakeStandIn(1);
    const restart = vi.fn(async (from: Fake) => (from === first ? second : fakeStandIn(-1)));
    const early = headStart(Promise.resolve(first), restart);
    const supervised = await supervise('thing', early.start, { log: () => undefined });
    expect(supervised.current).toBe(first);
    expect(restart).not.toHaveBeenCalled();
    first.die('exited (SIGKILL)');
    await settle();
    expect(supervised.current).toBe(second);
    // Supervised, it is the supervisor's to stop: dropping it does nothing.
    await early.dropIfUnclaimed();
    expect(second.stop).not.toHaveBeenCalled();
    expect(first.stop).not.toHaveBeenCalled();
  });

  it('stops an instance no supervisor took over once it is up, and passes over one that failed to start', async () => {
    const instance = fakeStandIn(0);
    let up: (value: Fake) => void = () => undefined;
    const early = headStart(new Promise<Fake>((resolve) => (up = resolve)), async () => fakeStandIn(1));
    const dropped = early.dropIfUnclaimed();
    await settle();
    expect(instance.stop).not.toHaveBeenCalled();
    up(instance);
    await dropped;
    expect(instance.stop).toHaveBeenCalledOnce();

    const failed = headStart(Promise.reject(new Error('no Java')), async () => fakeStandIn(1));
    await expect(failed.dropIfUnclaimed()).resolves.toBeUndefined();
    await expect(failed.start()).rejects.toThrow('no Java');
  });
});
