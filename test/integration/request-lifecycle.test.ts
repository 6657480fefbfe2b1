import { describe, expect, it } from 'vitest';
import type { MentorshipDetail } from '@mentoring/shared';
import { api, postJson } from './support/api';
import { bearer } from './support/auth';
import { mailed } from './support/member-mail';
import { seededMentee, seededMentor } from './support/members';
import { dueAt, invokeScheduleTarget, stageSchedule } from './support/schedule-targets';

/**
 * A request's life, driven as in production: requests through the API, its expiry through the schedule's target
 * invoked with the time Scheduler would run it at, e-mail through the stage's mail events (the expiry by the
 * scheduler's own clock: request-expiry-clock.test.ts).
 */

const ask = async (menteeToken: string, mentorId: string) => {
  const response = await postJson('/api/mentorships', { mentorId, message: 'I would love your help with my career change.' }, bearer(menteeToken));
  expect(response.status).toBe(201);
  return (await response.json()) as MentorshipDetail;
};
const decline = async (id: string, mentorToken: string) => {
  const response = await postJson(`/api/mentorships/${id}/decline`, { reason: 'not_my_area' }, bearer(mentorToken));
  expect(response.status).toBe(200);
};
const directoryIds = async (token: string, q: string) => {
  const response = await api(`/api/mentors?q=${encodeURIComponent(q)}`, { headers: bearer(token) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { mentors: { id: string }[] }).mentors.map((mentor) => mentor.id);
};
const read = async (id: string, token: string) => (await (await api(`/api/mentorships/${id}`, { headers: bearer(token) })).json()) as MentorshipDetail;

describe('a request', () => {
  it('leaves a mentor who declined the mentee out of that mentee\'s directory, and only hers', async () => {
    const name = `Grace Declines ${Date.now().toString(36)}`;
    const [grace, ada, alan] = await Promise.all([seededMentor(name), seededMentee('Ada Declined'), seededMentee('Alan Other')]);
    expect(await directoryIds(ada.idToken, name)).toEqual([grace.sub]);
    const request = await ask(ada.idToken, grace.sub);
    await decline(request.id, grace.idToken);
    expect(await directoryIds(ada.idToken, name)).toEqual([]);
    expect(await directoryIds(alan.idToken, name)).toEqual([grace.sub]);
  });

  it('declines a mentor\'s other open requests at once when their last place is taken, telling those mentees; the mentor stays in their directory', async () => {
    const name = `Grace Full ${Date.now().toString(36)}`;
    const [grace, ada, alan, joan] = await Promise.all([seededMentor(name, { capacity: 2, activeMentees: 1 }), seededMentee('Ada First'), seededMentee('Alan Waiting'), seededMentee('Joan Waiting')]);
    const [chosen, waiting, alsoWaiting] = [await ask(ada.idToken, grace.sub), await ask(alan.idToken, grace.sub), await ask(joan.idToken, grace.sub)];
    const accepted = await postJson(`/api/mentorships/${chosen.id}/accept`, {}, bearer(grace.idToken));
    expect(accepted.status).toBe(200);

    for (const [request, mentee] of [[waiting, alan], [alsoWaiting, joan]] as const) {
      const seen = await read(request.id, mentee.idToken);
      expect(seen).toMatchObject({ state: 'DECLINED', declineReason: 'no_places', actions: [] });
      expect(seen.events.at(-1)).toMatchObject({ type: 'decline', actor: 'system', reason: 'no_places' });
      const mail = await mailed(mentee.email, (subject) => subject === `${name} has no places left`);
      if (mail) expect(mail.body.text).toContain('You can send a request to another mentor from the directory.');
    }
    // Their places are back: each may ask another mentor at once, and may ask Grace again once she has room.
    expect((await read(chosen.id, ada.idToken)).state).toBe('ACTIVE');
    const completed = await postJson(`/api/mentorships/${chosen.id}/complete`, {}, bearer(ada.idToken));
    expect(completed.status).toBe(200);
    expect(await directoryIds(alan.idToken, name)).toEqual([grace.sub]);
  });
});

// The suite's own stage, reached as deployed or not: no clock moves (AWS has none to move), the expiry schedule's
// target runs with the event and time Scheduler would send it.
describe('a request whose expiry schedule falls due', () => {
  it('expires when its expiry schedule\'s target runs at the time it names, and both members are e-mailed', async () => {
    const mentorName = `Grace Lapses ${Date.now().toString(36)}`;
    const [grace, ada] = await Promise.all([seededMentor(mentorName), seededMentee('Ada Lapsed')]);
    const request = await ask(ada.idToken, grace.sub);
    const name = `request-expiry-${request.id}`;
    const expiry = await stageSchedule(name);
    expect(expiry?.input).toMatchObject({ kind: 'request-expiry', payload: { mentorshipId: request.id } });
    // Due no earlier than the request's end: a run at the due time must find its time up.
    const due = dueAt(expiry!.expression);
    expect(due.getTime()).toBeGreaterThanOrEqual(Date.parse(request.expiresAt!));

    // A run before its time changes nothing (the handler sets the schedule again); at its time, the request expires.
    await invokeScheduleTarget('request-expiry', name, { mentorshipId: request.id }, new Date(Date.parse(request.expiresAt!) - 60_000));
    expect((await read(request.id, ada.idToken)).state).toBe('REQUESTED');
    await invokeScheduleTarget('request-expiry', name, { mentorshipId: request.id }, due);
    expect((await read(request.id, ada.idToken)).state).toBe('EXPIRED');
    const mail = await mailed(ada.email, (subject) => subject === `Your request to ${mentorName} expired`);
    if (mail) expect(mail.body.text).toContain(`/mentorships/${request.id}`);
    await mailed(grace.email, (subject) => subject === 'Ada Lapsed\'s request expired');
  });
});
