/**
 * The local stage's Scheduler stand-in, from tests: its clock, what it holds and what it ran. Local stages only;
 * a deployed stage's schedules run on AWS's clock.
 */
export interface LocalScheduleRun {
  name: string;
  group: string;
  kind: string | null;
  scheduledTime: string;
  firedAt: string;
  executionId: string;
  status: 'running' | 'succeeded' | 'dead-lettered';
  attempts: number;
  payload?: unknown;
  error?: string;
}

export interface LocalSchedules {
  /** The stand-in's clock. */
  now: string;
  /** dueAt: the time the schedule names; dueOnClock: when it runs on the moved clock. */
  schedules: { name: string; group: string; kind: string | null; dueAt: string; dueOnClock: string; state: string; completed: boolean; input?: string }[];
  runs: LocalScheduleRun[];
  deadLetters: (LocalScheduleRun & { handler: string | null; event: unknown })[];
}

/**
 * Moves the stand-in's clock forward (by `advanceMs`, or to `now`) and runs every schedule that falls due,
 * answering once their handlers have finished (retries and dead letters included) with the runs it started.
 * Time passes only for the schedules the stand-in holds: one set afterwards (from a handler's wall-clock time)
 * is as far ahead of the moved clock as its caller meant, so tests sharing a stage do not run each other's
 * schedules early. Handlers get the time the schedule names as `scheduledTime`.
 */
export const moveScheduleClock = async (schedulerEndpoint: string, move: { advanceMs: number } | { now: Date | string }) => {
  const body = 'now' in move ? { now: typeof move.now === 'string' ? move.now : move.now.toISOString() } : move;
  const response = await fetch(`${schedulerEndpoint}/_local/clock`, { method: 'POST', body: JSON.stringify(body) });
  const answer = (await response.json()) as { now: string; runs: LocalScheduleRun[]; message?: string };
  if (!response.ok) throw new Error(`The local scheduler refused to move its clock: ${answer.message ?? response.status}`);
  return answer;
};

/** Moves the clock by days, hours or minutes: `advanceScheduleClock(endpoint, { days: 7, minutes: 1 })`. */
export const advanceScheduleClock = (schedulerEndpoint: string, { days = 0, hours = 0, minutes = 0 }: { days?: number; hours?: number; minutes?: number }) =>
  moveScheduleClock(schedulerEndpoint, { advanceMs: ((days * 24 + hours) * 60 + minutes) * 60_000 });

export const localSchedules = async (schedulerEndpoint: string) => {
  const response = await fetch(`${schedulerEndpoint}/_local/schedules`);
  if (!response.ok) throw new Error(`The local scheduler answered ${response.status}`);
  return (await response.json()) as LocalSchedules;
};

/**
 * Points this process's handler code (functions/src/lib/schedules.ts) at a local stage's stand-in, as the stage
 * does for its own handlers; returns a function that restores the previous environment.
 */
export const useLocalSchedulerEnvironment = (environment: Record<string, string>) => {
  const previous = Object.fromEntries(Object.keys(environment).map((name) => [name, process.env[name]]));
  Object.assign(process.env, environment);
  return () => {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
};
