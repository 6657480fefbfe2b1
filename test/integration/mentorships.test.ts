import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MentorshipDetail, MentorshipSummary } from '@mentoring/shared';
import { api, postJson } from './support/api';
import { bearer, newUser } from './support/auth';
import { seedStreamUser } from './support/members';
import { stageStream } from './support/stream-api';
import { db, getItem, tableName } from './support/db';
import { invokeScheduleTarget } from './support/schedule-targets';

/**
 * The mentorship life cycle against any stage: its transactions, run concurrently, checked in the stage's tables.
 * Member items are seeded directly (the profile routes are issue 12's); schedules and e-mail come from the
 * stage (the request route sets the expiry schedule before it stores a request). The Stream requests the server
 * sends are seen only through the local stage's recorder: elsewhere that block is skipped.
 */

type Answer<T> = { status: number; body: T & { error?: { code: string; message: string } } };
const send = async <T = MentorshipDetail>(path: string, token: string, body?: unknown): Promise<Answer<T>> => {
  const response = body === undefined ? await api(path, { method: 'POST', headers: bearer(token) }) : await postJson(path, body, bearer(token));
  return { status: response.status, body: (await response.json()) as Answer<T>['body'] };
};
const get = async <T = MentorshipDetail>(path: string, token: string): Promise<Answer<T>> => {
  const response = await api(path, { headers: bearer(token) });
  return { status: response.status, body: (await response.json()) as Answer<T>['body'] };
};

const members = () => tableName('members');
const mentorships = () => tableName('mentorships');

const seedMember = async (id: string, fields: Record<string, unknown>) => {
  await seedStreamUser(id, String(fields.displayName ?? `Member ${id.slice(0, 6)}`));
  await db().send(
    new PutCommand({
      TableName: members(),
      Item: {
        id,
        displayName: `Member ${id.slice(0, 6)}`,
        headline: 'Here to learn',
        bio: '',
        languages: ['en'],
        timezone: 'Europe/Berlin',
        country: 'DE',
        availability: [],
        format: 'online',
        topics: ['Career change'],
        approvalState: 'approved',
        ...fields,
      },
    }),
  );
};
const seedMentor = (id: string, capacity = 2, activeMentees = 0) =>
  seedMember(id, { role: 'mentor', capacity, activeMentees, acceptingRequests: true, ...(activeMentees < capacity ? { listed: 'mentor' } : {}) });
const seedMentee = (id: string) => seedMember(id, { role: 'mentee', goals: 'Find my way' });

const member = (id: string) => getItem(members(), { id });
const counters = async (menteeId: string) => (await getItem(mentorships(), { pk: `MENTEE#${menteeId}`, sk: 'COUNTERS' })) ?? {};
const match = (menteeId: string) => getItem(mentorships(), { pk: `MENTEE#${menteeId}`, sk: 'MATCH' });
const pair = (mentorId: string, menteeId: string) => getItem(mentorships(), { pk: `PAIR#${mentorId}#${menteeId}`, sk: 'GUARD' });
const metasOfMentee = async (menteeId: string) =>
  (
    await db().send(
      new QueryCommand({ TableName: mentorships(), IndexName: 'byMentee', KeyConditionExpression: 'menteeId = :id', ExpressionAttributeValues: { ':id': menteeId } }),
    )
  ).Items ?? [];

const statuses = (answers: { status: number }[]) => answers.map((answer) => answer.status).sort();

const mentee = async () => {
  const user = await newUser('Ada Mentee');
  await seedMentee(user.sub);
  return user;
};
const mentor = async (capacity = 2, activeMentees = 0) => {
  const user = await newUser('Grace Mentor');
  await seedMentor(user.sub, capacity, activeMentees);
  return user;
};

const request = (menteeToken: string, mentorId: string) => send('/api/mentorships', menteeToken, { mentorId, message: 'I would love your help with my career change.' });

describe('mentorships', () => {
  describe('races, run concurrently against the stage', () => {
    it('two accepts for the mentor\'s last place: exactly one mentorship, the place counted once and the mentor off the directory', async () => {
      const grace = await mentor(1);
      const [ada, alan] = await Promise.all([mentee(), mentee()]);
      const [first, second] = await Promise.all([request(ada.idToken, grace.sub), request(alan.idToken, grace.sub)]);
      expect([first.status, second.status]).toEqual([201, 201]);

      const accepts = await Promise.all([send(`/api/mentorships/${first.body.id}/accept`, grace.idToken), send(`/api/mentorships/${second.body.id}/accept`, grace.idToken)]);
      expect(statuses(accepts)).toEqual([200, 409]);
      const refused = accepts.find((answer) => answer.status === 409)!;
      // Refused for the place, or (a moment later) because the full mentor's other request was declined at once.
      expect(['You have no place left: your capacity is 1 mentee at once, and all are taken.', 'You cannot accept it: the request was declined.']).toContain(refused.body.error!.message);
      const states = await Promise.all([first, second].map(async (each) => (await get(`/api/mentorships/${each.body.id}`, grace.idToken)).body));
      expect(states.map((each) => each.state).sort()).toEqual(['ACTIVE', 'DECLINED']);
      expect(states.find((each) => each.state === 'DECLINED')).toMatchObject({ declineReason: 'no_places' });
      const stored = await member(grace.sub);
      expect(stored).toMatchObject({ activeMentees: 1 });
      expect(stored).not.toHaveProperty('listed');
    });

    it('an accept racing a withdrawal: one of them wins and every guard agrees with it', async () => {
      const grace = await mentor(2);
      const ada = await mentee();
      const created = await request(ada.idToken, grace.sub);
      const id = created.body.id;
      const [accepted, withdrawn] = await Promise.all([send(`/api/mentorships/${id}/accept`, grace.idToken), send(`/api/mentorships/${id}/withdraw`, ada.idToken)]);
      expect(statuses([accepted, withdrawn])).toEqual([200, 409]);
      const final = (await get(`/api/mentorships/${id}`, ada.idToken)).body;
      expect(await counters(ada.sub)).toMatchObject({ openRequests: 0 });
      if (accepted.status === 200) {
        expect(final.state).toBe('ACTIVE');
        expect(withdrawn.body.error!.message).toBe('You cannot withdraw it: the mentorship is already active.');
        expect(await match(ada.sub)).toMatchObject({ mentorshipId: id });
        expect(await pair(grace.sub, ada.sub)).toMatchObject({ mentorshipId: id });
        expect(await member(grace.sub)).toMatchObject({ activeMentees: 1 });
      } else {
        expect(final.state).toBe('WITHDRAWN');
        expect(accepted.body.error!.message).toBe('You cannot accept it: the mentee withdrew the request.');
        expect(await match(ada.sub)).toBeUndefined();
        expect(await pair(grace.sub, ada.sub)).toBeUndefined();
        expect(await member(grace.sub)).toMatchObject({ activeMentees: 0 });
      }
      expect(final.events.map((event) => event.type)).toEqual(['requested', final.state === 'ACTIVE' ? 'accept' : 'withdraw']);
    });

    it('an expiry racing an accept: exactly one of them happens (the schedule\'s target invoked as Scheduler does)', async () => {
      // The schedule's target as Scheduler invokes it at the request's end: the time its at() expression names, the
      // request's end rounded up to the second (the handler decides by this time, not the wall clock).
      const expiry = (id: string, expiresAt: string) =>
        invokeScheduleTarget('request-expiry', `request-expiry-${id}`, { mentorshipId: id }, new Date(Math.ceil(Date.parse(expiresAt) / 1000) * 1000));
      const grace = await mentor(2);
      const ada = await mentee();
      const { body } = await request(ada.idToken, grace.sub);
      const [, accepted] = await Promise.all([expiry(body.id, body.expiresAt!), send(`/api/mentorships/${body.id}/accept`, grace.idToken)]);
      const final = (await get(`/api/mentorships/${body.id}`, ada.idToken)).body;
      if (final.state === 'EXPIRED') {
        expect(accepted.status).toBe(409);
        expect(accepted.body.error!.message).toBe('You cannot accept it: the request expired without an answer.');
        expect(await member(grace.sub)).toMatchObject({ activeMentees: 0, expiredInARow: 1 });
      } else {
        expect(accepted.status).toBe(200);
        expect(final.state).toBe('ACTIVE');
        expect(await member(grace.sub)).toMatchObject({ activeMentees: 1 });
      }
      expect(await counters(ada.sub)).toMatchObject({ openRequests: 0 });
      // A second firing of the same schedule changes nothing.
      const events = final.events.length;
      await expiry(body.id, body.expiresAt!);
      const again = (await get(`/api/mentorships/${body.id}`, ada.idToken)).body;
      expect([again.state, again.events.length]).toEqual([final.state, events]);
    });

    it('the same request sent twice at once (a double click): exactly one', async () => {
      const grace = await mentor(2);
      const ada = await mentee();
      const answers = await Promise.all([request(ada.idToken, grace.sub), request(ada.idToken, grace.sub)]);
      expect(statuses(answers)).toEqual([201, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body.error!.message).toBe('You already have a request or mentorship with this mentor.');
      expect(await metasOfMentee(ada.sub)).toHaveLength(1);
      expect(await counters(ada.sub)).toMatchObject({ openRequests: 1 });
    });

    it('20 concurrent requests against the open-request limit: exactly the limit (3) stored', async () => {
      const ada = await mentee();
      const mentorIds = Array.from({ length: 20 }, () => randomUUID());
      await Promise.all(mentorIds.map((id) => seedMentor(id)));
      const answers = await Promise.all(mentorIds.map((id) => request(ada.idToken, id)));
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
      const refused = answers.filter((answer) => answer.status === 409);
      expect(refused).toHaveLength(17);
      for (const answer of refused) expect(answer.body.error!.message).toBe('You already have 3 open requests, the most the programme allows at once. Wait for an answer or withdraw one first.');
      expect(await metasOfMentee(ada.sub)).toHaveLength(3);
      expect(await counters(ada.sub)).toMatchObject({ openRequests: 3 });
      for (const id of mentorIds) {
        const guard = await pair(id, ada.sub);
        expect(Boolean(guard)).toBe(answers[mentorIds.indexOf(id)]!.status === 201);
      }
    });
  });

  describe('refusals', () => {
    it('someone else\'s mentorship is a 404; the wrong side accepting a 403; a decline without a reason a 400', async () => {
      const grace = await mentor(2);
      const ada = await mentee();
      const stranger = await mentee();
      const { body } = await request(ada.idToken, grace.sub);
      expect((await get(`/api/mentorships/${body.id}`, stranger.idToken)).status).toBe(404);
      expect((await send(`/api/mentorships/${body.id}/accept`, stranger.idToken)).status).toBe(404);
      const own = await send(`/api/mentorships/${body.id}/accept`, ada.idToken);
      expect(own).toEqual({ status: 403, body: { error: { code: 'forbidden', message: 'Only the mentor who received this request can accept it.' } } });
      expect((await send(`/api/mentorships/${body.id}/decline`, grace.idToken, {})).status).toBe(400);
      expect((await get(`/api/mentorships/${body.id}`, ada.idToken)).body.state).toBe('REQUESTED');
    });

    it('a pending mentor, or a mentee, cannot be requested', async () => {
      const ada = await mentee();
      const pending = randomUUID();
      await seedMember(pending, { role: 'mentor', approvalState: 'pending', capacity: 2, acceptingRequests: true });
      const other = await mentee();
      expect((await request(ada.idToken, pending)).status).toBe(404);
      expect((await request(ada.idToken, other.sub)).status).toBe(404);
    });
  });

  describe('the whole life, with what the stage\'s Stream app holds of it', () => {
    const waitFor = async <T>(probe: () => Promise<T | undefined>, what: string) => {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const value = await probe();
        if (value !== undefined) return value;
        if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    /** The pair's channel as Stream answers it: the channel, its members and its messages. */
    const channel = async (id: string) => (await (await stageStream()).chat.queryChannels({ filter_conditions: { cid: `messaging:${id}` }, message_limit: 10 })).channels[0];

    let grace: Awaited<ReturnType<typeof mentor>>;
    let ada: Awaited<ReturnType<typeof mentee>>;
    beforeAll(async () => {
      grace = await mentor(1);
      ada = await mentee();
    });

    it('request → decline one, accept another → the pair\'s channel → complete: place freed and listed again, channel frozen', async () => {
      const other = await mentor(2);
      const declined = await request(ada.idToken, other.sub);
      const refused = await send(`/api/mentorships/${declined.body.id}/decline`, other.idToken, { reason: 'no_time', message: 'Busy until spring' });
      expect(refused.body).toMatchObject({ state: 'DECLINED', declineReason: 'no_time', declineMessage: 'Busy until spring' });
      // The mentee sees the reason.
      expect((await get(`/api/mentorships/${declined.body.id}`, ada.idToken)).body).toMatchObject({ declineReason: 'no_time', actions: [] });

      const created = await request(ada.idToken, grace.sub);
      const id = created.body.id;
      const inbox = await get<{ mentorships: MentorshipSummary[] }>('/api/mentorships?as=mentor', grace.idToken);
      expect(inbox.body.mentorships.map((each) => [each.id, each.state, each.viewerRole])).toEqual([[id, 'REQUESTED', 'mentor']]);
      expect((await get(`/api/mentorships/${id}`, grace.idToken)).body.actions).toEqual(['accept', 'decline']);

      const active = await send(`/api/mentorships/${id}/accept`, grace.idToken);
      expect(active.body).toMatchObject({ state: 'ACTIVE', channelCid: `messaging:${id}`, actions: ['complete', 'end'] });
      expect(await member(grace.sub)).not.toHaveProperty('listed');

      const started = await waitFor(async () => ((await channel(id))?.messages.some((message) => message.id === `${id}-v2`) ? channel(id) : undefined), 'the start message');
      expect(started!.messages.find((message) => message.id === `${id}-v2`)).toMatchObject({ type: 'system' });
      expect(started!.channel).toMatchObject({ created_by: { id: 'mentoring-programme' }, frozen: false });
      expect(started!.members.map((each) => each.user_id).sort()).toEqual([grace.sub, ada.sub].sort());

      const completed = await send(`/api/mentorships/${id}/complete`, ada.idToken);
      expect(completed.body).toMatchObject({ state: 'COMPLETED', actions: [] });
      expect(completed.body.events.map((event) => [event.type, event.to])).toEqual([
        ['requested', 'REQUESTED'],
        ['accept', 'ACTIVE'],
        ['complete', 'COMPLETED'],
      ]);
      expect(await member(grace.sub)).toMatchObject({ activeMentees: 0, listed: 'mentor' });
      expect(await match(ada.sub)).toBeUndefined();
      expect(await pair(grace.sub, ada.sub)).toBeUndefined();
      await waitFor(async () => ((await channel(id))?.channel?.frozen === true ? true : undefined), 'the channel frozen');

      // Match feedback about it: its members only.
      const feedback = { source: `/mentorships/${id}`, rating: 5, feedbackType: 'match', answers: ['A great match'], mentorshipId: id };
      expect((await postJson('/api/feedback', feedback, bearer(ada.idToken))).status).toBe(201);
      expect((await postJson('/api/feedback', feedback, bearer(other.idToken))).status).toBe(403);
      // Its calls: none yet, and only its members may ask.
      expect((await get(`/api/mentorships/${id}/calls`, ada.idToken)).body).toEqual({ calls: [] });
      expect((await get(`/api/mentorships/${id}/calls`, other.idToken)).status).toBe(404);
    });
  });
});
