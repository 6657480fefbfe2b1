import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MentorshipDetail } from '@mentoring/shared';
import { mailTo, waitForMail } from '../support/mail';
import { spawnLocalStage, type SpawnedStage } from '../support/local-stage';
import { advanceScheduleClock, localSchedules } from '../support/scheduler';
import { bearer } from './support/auth';
import { seededMentee, seededMentor } from './support/members';

/**
 * A request expiring by the clock, on the local stage only: AWS has no clock a test can move, so the same expiry is
 * tested on every stage by invoking its schedule's target at its time (request-lifecycle.test.ts); here the Scheduler
 * stand-in's clock moves 14 days on, its schedule runs the real handler, and the mail is read from the SES stand-in.
 */
// Its own stage: moving a scheduler's clock 14 days on is for good, and the suite's other files set their clocks.
describe('a request on a stage of its own, whose clock the test moves', () => {
  let stage: SpawnedStage;
  beforeAll(async () => {
    stage = await spawnLocalStage();
  });
  afterAll(async () => {
    await stage?.stop();
  });

  it('expires when the scheduler\'s clock passes its expiresAt, and the mentee is e-mailed', async () => {
    const [grace, ada] = await Promise.all([seededMentor('Grace Expiry', {}, stage), seededMentee('Ada Expiry', {}, stage)]);
    const asked = await fetch(`${stage.url}/api/mentorships`, {
      method: 'POST',
      headers: { ...bearer(ada.idToken), 'content-type': 'application/json' },
      body: JSON.stringify({ mentorId: grace.sub, message: 'I would love your help with my career change.' }),
    });
    expect(asked.status).toBe(201);
    const request = (await asked.json()) as MentorshipDetail;
    expect(request.state).toBe('REQUESTED');
    const expiresAt = new Date(request.expiresAt!);
    const pending = (await localSchedules(stage.scheduler.endpoint)).schedules.find((schedule) => schedule.name === `request-expiry-${request.id}`);
    // Due no earlier than the request's end: a run at the due time must find its time up.
    expect(new Date(pending!.dueAt).getTime()).toBeGreaterThanOrEqual(expiresAt.getTime());

    const { now } = await localSchedules(stage.scheduler.endpoint);
    const moved = await advanceScheduleClock(stage.scheduler.endpoint, { minutes: Math.ceil((expiresAt.getTime() - new Date(now).getTime()) / 60_000) + 1 });
    expect(moved.runs.find((each) => each.name === `request-expiry-${request.id}`)).toMatchObject({ status: 'succeeded', kind: 'request-expiry' });

    const seen = (await (await fetch(`${stage.url}/api/mentorships/${request.id}`, { headers: bearer(ada.idToken) })).json()) as MentorshipDetail;
    expect(seen.state).toBe('EXPIRED');
    const mail = await waitForMail(stage.ses.endpoint, ada.email, (each) => each.subject === 'Your request to Grace Expiry expired');
    expect(mail.body.text).toContain(`/mentorships/${request.id}`);
    // The mentor is told too, once.
    expect((await mailTo(stage.ses.endpoint, grace.email)).filter((each) => each.subject === 'Ada Expiry\'s request expired')).toHaveLength(1);
  });
});
