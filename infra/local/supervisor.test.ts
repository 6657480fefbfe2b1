import { describe, expect, it, vi } from 'vitest';
import { supervise, type Watchable } from './supervisor';

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
