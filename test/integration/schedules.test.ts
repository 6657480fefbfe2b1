import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { schedules } from '@mentoring/shared';
import { cancelSchedule, scheduleOnce } from '../../functions/src/lib/schedules';
import { spawnLocalStage, type SpawnedStage } from '../support/local-stage';
import { advanceScheduleClock, localSchedules, useLocalSchedulerEnvironment } from '../support/scheduler';

interface ProbeRecord {
  kind: string;
  payload: { mentorshipId: string };
  scheduledTime: string;
  scheduleName: string;
  executionId: string;
  attemptNumber: number;
}

// Its own stage, in which the request-reminder kind runs the test probe (../testing/schedule-probe) instead of the
// real handler: the shared stage keeps the real handlers for the mentorship tests. The schedules are set from this
// process with the same library the handlers call (functions/src/lib/schedules.ts), over the stand-in's API.
describe.runIf(inject('isLocal'))('schedules on the local stage', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'schedules-it-'));
  const dataDir = join(scratch, 'data');
  const probeFile = join(scratch, 'probe.jsonl');
  const env = { LOCAL_SCHEDULE_HANDLERS: JSON.stringify({ 'request-reminder': '../testing/schedule-probe' }), SCHEDULE_PROBE_FILE: probeFile };
  let stage: SpawnedStage;
  let restore: () => void = () => undefined;

  const probed = () => (existsSync(probeFile) ? readFileSync(probeFile, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as ProbeRecord) : []);
  const useStage = (spawned: SpawnedStage) => {
    restore();
    stage = spawned;
    restore = useLocalSchedulerEnvironment({ ...spawned.scheduler.environment, AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' });
  };
  /** The one-time schedules and their runs: the stage's recurring schedules (the weekly digest, the dashboard's snapshot) run too as the clock moves. */
  const recurring = new Set(Object.entries(schedules).flatMap(([kind, definition]) => ('weekly' in definition || 'everyMinutes' in definition ? [kind] : [])));
  const oneTime = <T extends { kind: string | null }>(entries: T[]) => entries.filter((entry) => !recurring.has(entry.kind ?? ''));
  const advance = async (by: Parameters<typeof advanceScheduleClock>[1]) => {
    const moved = await advanceScheduleClock(stage.scheduler.endpoint, by);
    return { ...moved, runs: oneTime(moved.runs) };
  };
  const pendingSchedules = async () => {
    const listed = await localSchedules(stage.scheduler.endpoint);
    return { ...listed, schedules: oneTime(listed.schedules) };
  };
  /** Days from now, as a handler computes a schedule's time (from the wall clock, however far the stand-in's moved). */
  const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600_000);

  beforeAll(async () => useStage(await spawnLocalStage({ dataDir, env })));
  afterAll(async () => {
    restore();
    await stage?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('runs a schedule once when the clock reaches it, and never one cancelled before it was due', async () => {
    const due = inDays(7);
    await scheduleOnce('request-reminder', 'request-reminder-it-1', due, { mentorshipId: 'it-1' });
    await scheduleOnce('request-reminder', 'request-reminder-it-2', inDays(7), { mentorshipId: 'it-2' });
    const pending = await pendingSchedules();
    expect(pending.schedules.map(({ name, kind, group }) => ({ name, kind, group })).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'request-reminder-it-1', kind: 'request-reminder', group: 'mentoring-local' },
      { name: 'request-reminder-it-2', kind: 'request-reminder', group: 'mentoring-local' },
    ]);

    await cancelSchedule('request-reminder-it-2');
    // Cancelling again, or something that never existed, is no error.
    await cancelSchedule('request-reminder-it-2');

    expect((await advance({ days: 6 })).runs).toEqual([]);
    expect(probed()).toEqual([]);

    const { runs } = await advance({ days: 1, minutes: 2 });
    expect(runs.map(({ name, status, attempts }) => ({ name, status, attempts }))).toEqual([{ name: 'request-reminder-it-1', status: 'succeeded', attempts: 1 }]);
    expect(probed()).toEqual([
      {
        kind: 'request-reminder',
        payload: { mentorshipId: 'it-1' },
        // The due time (rounded up to the second, as at() has it), not the time the moved clock reads.
        scheduledTime: new Date(Math.ceil(due.getTime() / 1000) * 1000).toISOString(),
        scheduleName: 'request-reminder-it-1',
        executionId: expect.any(String),
        attemptNumber: 1,
      },
    ]);

    // Once only: the schedule deleted itself, and a later clock runs nothing more.
    expect((await pendingSchedules()).schedules).toEqual([]);
    expect((await advance({ days: 30 })).runs).toEqual([]);
    expect(probed()).toHaveLength(1);
  });

  it('runs a schedule set after the clock moved as far ahead as it was meant, and replaces one set again under the same name', async () => {
    const before = probed().length;
    // The clock is 37 days ahead now; these are a day and sixty days from the wall clock, so neither is due yet.
    await scheduleOnce('request-reminder', 'request-reminder-it-3', inDays(1), { mentorshipId: 'it-3' });
    await scheduleOnce('request-reminder', 'request-reminder-it-3', inDays(60), { mentorshipId: 'it-3b' });
    const [only] = (await pendingSchedules()).schedules;
    expect(only).toMatchObject({ name: 'request-reminder-it-3' });
    expect((await advance({ days: 59 })).runs).toEqual([]);
    const { runs } = await advance({ days: 2 });
    expect(runs.map(({ name, payload }) => ({ name, payload }))).toEqual([{ name: 'request-reminder-it-3', payload: { mentorshipId: 'it-3b' } }]);
    expect(probed()).toHaveLength(before + 1);
  });

  it('keeps pending schedules and its clock when `npm start` restarts', async () => {
    await scheduleOnce('request-reminder', 'request-reminder-it-4', inDays(200), { mentorshipId: 'it-4' });
    const clock = Date.parse((await pendingSchedules()).now);
    await stage.stop();
    useStage(await spawnLocalStage({ dataDir, env }));

    const after = await pendingSchedules();
    expect(after.schedules.map(({ name }) => name)).toEqual(['request-reminder-it-4']);
    expect(Date.parse(after.now)).toBeGreaterThanOrEqual(clock);
    const { runs } = await advance({ days: 200 });
    expect(runs.map(({ name, status }) => ({ name, status }))).toEqual([{ name: 'request-reminder-it-4', status: 'succeeded' }]);
    expect(probed().at(-1)).toMatchObject({ scheduleName: 'request-reminder-it-4', payload: { mentorshipId: 'it-4' } });
  });
});
