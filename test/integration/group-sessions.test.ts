import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { GroupJoin, GroupPlace, GroupSession } from '@mentoring/shared';
import { api, postJson } from './support/api';
import { bearer } from './support/auth';
import { db, tableName } from './support/db';
import { coordinatorUser, seededMentee, seededMentor } from './support/members';
import { deliverWebhook } from './support/stream-webhooks';
import { stageStream } from './support/stream-api';
import { waitFor } from './support/wait-for';

/**
 * Group sessions on the local stage: DynamoDB Local's transactions under a crowd of sign-ups, the audience rules, the
 * waiting list, cancelling, and the calls the functions make (the suite's Stream recorder sees each request).
 */

type Answer<T> = { status: number; body: T & { error?: { code: string; message: string; reason?: string; issues?: unknown[] } } };
const post = async <T>(path: string, token: string, body: unknown = {}): Promise<Answer<T>> => {
  const response = await postJson(path, body, bearer(token));
  return { status: response.status, body: (await response.json()) as Answer<T>['body'] };
};
const put = async <T>(path: string, token: string, body: unknown): Promise<Answer<T>> => {
  const response = await api(path, { method: 'PUT', headers: { ...bearer(token), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Answer<T>['body'] };
};
const get = async <T>(path: string, token: string): Promise<Answer<T>> => {
  const response = await api(path, { headers: bearer(token) });
  return { status: response.status, body: (await response.json()) as Answer<T>['body'] };
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const inDays = (days: number) => new Date(Math.ceil((Date.now() + days * DAY) / (15 * 60_000)) * 15 * 60_000).toISOString();

const workshop = (overrides: Record<string, unknown> = {}) => ({
  kind: 'workshop',
  title: 'Interviews without fear',
  description: 'How a technical interview goes, and how to prepare.',
  topics: ['Job search and interviews'],
  startsAt: inDays(3),
  durationMinutes: 60,
  capacity: 5,
  audience: 'all',
  coHostIds: [],
  speakerIds: [],
  ...overrides,
});

const seedActiveMentorship = async (mentorId: string, menteeId: string) => {
  const id = randomUUID();
  const at = new Date().toISOString();
  await db().send(
    new PutCommand({
      TableName: tableName('mentorships'),
      Item: { pk: `MENTORSHIP#${id}`, sk: 'META', id, state: 'ACTIVE', version: 2, mentorId, menteeId, origin: 'request', message: 'Hello', createdAt: at, updatedAt: at, activatedAt: at, expiresAt: null, endsAt: null, acceptedBy: ['mentor'], proposedBy: null },
    }),
  );
};

const listed = async (token: string, query = '') => (await get<{ groupSessions: GroupSession[] }>(`/api/group-sessions${query}`, token)).body.groupSessions;

describe('group sessions', () => {
  it('scheduling: an approved mentor and a coordinator may, a mentee may not; the call is made with its roles; bad input is refused in the documented shape', async () => {
    const [mentor, speaker, mentee, coordinator, pending] = await Promise.all([
      seededMentor('Grace Host'),
      seededMentor('Linus Speaker'),
      seededMentee('Ada Mentee'),
      coordinatorUser(),
      seededMentor('Pat Pending', { approvalState: 'submitted' }),
    ]);
    const made = await post<GroupSession>('/api/group-sessions', mentor.idToken, workshop({ speakerIds: [speaker.sub] }));
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ kind: 'workshop', state: 'scheduled', callType: 'livestream', part: 'host', taken: 0, waiting: 0, host: { id: mentor.sub, displayName: 'Grace Host' } });
    expect(made.body.speakers).toEqual([{ id: speaker.sub, displayName: 'Linus Speaker' }]);

    // The call as the stage's Stream app has it: made by the host, with its roles and settings.
    const stream = await stageStream();
    const call = await stream.video.call('livestream', `g-${made.body.id}`).get();
    expect(call.call).toMatchObject({ created_by: { id: mentor.sub }, settings: { backstage: { enabled: true }, audio: { access_request_enabled: true } } });
    expect(call.members.map(({ user_id, role }) => ({ user_id, role })).sort((a, b) => (a.role ?? '').localeCompare(b.role ?? ''))).toEqual([
      { user_id: mentor.sub, role: 'host' },
      { user_id: speaker.sub, role: 'speaker' },
    ]);

    const circle = await post<GroupSession>('/api/group-sessions', coordinator.idToken, workshop({ kind: 'open_circle', title: 'Open office hours' }));
    expect(circle.status).toBe(201);
    expect(circle.body.callType).toBe('audio_room');

    for (const [token, status] of [
      [mentee.idToken, 403],
      [pending.idToken, 403],
    ] as const) {
      const refused = await post<GroupSession>('/api/group-sessions', token, workshop());
      expect(refused.status).toBe(status);
      expect(refused.body.error?.code).toBe('forbidden');
    }

    const bad = await post<GroupSession>('/api/group-sessions', mentor.idToken, workshop({ capacity: 0, title: '', kind: 'livestream' }));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'validation_failed' });
    expect(bad.body.error?.issues?.length).toBeGreaterThanOrEqual(3);
    const offList = await post<GroupSession>('/api/group-sessions', mentor.idToken, workshop({ topics: ['Knitting'] }));
    expect(offList.status).toBe(400);
    expect(offList.body.error?.message).toMatch(/Knitting/);
    const past = await post<GroupSession>('/api/group-sessions', mentor.idToken, workshop({ startsAt: new Date(Date.now() - HOUR).toISOString() }));
    expect(past.status).toBe(400);
    const notJson = await api('/api/group-sessions', { method: 'POST', headers: { ...bearer(mentor.idToken), 'content-type': 'application/json' }, body: '{' });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
  });

  it('audience: mentees-only, mentors-only and own-mentees sessions are listed and open only to their audience; filters by topic and time', async () => {
    const [host, otherMentor, ownMentee, otherMentee] = await Promise.all([seededMentor('Hedy Host'), seededMentor('Otto Mentor'), seededMentee('Olga Own'), seededMentee('Ivan Other')]);
    await seedActiveMentorship(host.sub, ownMentee.sub);
    const topic = 'Data science';
    const make = async (audience: string, days: number) => (await post<GroupSession>('/api/group-sessions', host.idToken, workshop({ audience, topics: [topic], startsAt: inDays(days), title: `For ${audience}` }))).body;
    const forMentees = await make('mentees', 10);
    const forMentors = await make('mentors', 11);
    const forOwn = await make('own_mentees', 12);
    const forAll = await make('all', 40);

    const ids = async (token: string, query = `?topic=${encodeURIComponent(topic)}`) => (await listed(token, query)).filter((each) => each.host.id === host.sub).map((each) => each.id);
    expect(await ids(ownMentee.idToken)).toEqual([forMentees.id, forOwn.id, forAll.id]);
    expect(await ids(otherMentee.idToken)).toEqual([forMentees.id, forAll.id]);
    expect(await ids(otherMentor.idToken)).toEqual([forMentors.id, forAll.id]);
    expect(await ids(host.idToken)).toEqual([forMentees.id, forMentors.id, forOwn.id, forAll.id]);
    expect(await ids(otherMentee.idToken, `?topic=${encodeURIComponent(topic)}&to=${encodeURIComponent(inDays(20))}`)).toEqual([forMentees.id]);
    expect(await ids(otherMentee.idToken, '?topic=Machine%20learning')).toEqual([]);

    expect((await post<GroupPlace>(`/api/group-sessions/${forOwn.id}/sign-up`, otherMentee.idToken)).status).toBe(404);
    expect((await post<GroupPlace>(`/api/group-sessions/${forMentors.id}/sign-up`, ownMentee.idToken)).status).toBe(404);
    expect((await post<GroupPlace>(`/api/group-sessions/${forOwn.id}/sign-up`, ownMentee.idToken)).body).toMatchObject({ status: 'signed_up' });
    expect((await get<GroupSession>(`/api/group-sessions/${forMentors.id}`, otherMentee.idToken)).status).toBe(404);
    expect((await get<GroupSession>('/api/group-sessions/not-a-uuid', otherMentee.idToken)).status).toBe(400);
  });

  it('a race of 20 sign-ups for 5 places: exactly 5 in and 15 waiting in order; signing up again changes nothing; leaving moves the first waiting up', async () => {
    const host = await seededMentor('Rosa Race');
    const mentees = await Promise.all(Array.from({ length: 20 }, (_, n) => seededMentee(`Racer ${n}`)));
    const session = (await post<GroupSession>('/api/group-sessions', host.idToken, workshop({ capacity: 5 }))).body;
    const answers = await Promise.all(mentees.map((mentee) => post<GroupPlace>(`/api/group-sessions/${session.id}/sign-up`, mentee.idToken)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const places = answers.map((answer) => answer.body);
    expect(places.filter((place) => place.status === 'signed_up')).toHaveLength(5);
    const waiting = places.flatMap((place, index) => (place.status === 'waiting' ? [{ index, position: place.position }] : []));
    expect(waiting).toHaveLength(15);

    // The line as stored: each member's position now, 1 to 15, each once.
    const now = await Promise.all(mentees.map(async (mentee) => (await get<GroupSession>(`/api/group-sessions/${session.id}`, mentee.idToken)).body));
    expect(now[0]).toMatchObject({ taken: 5, waiting: 15 });
    const line = now.flatMap((view, index) => (view.place.status === 'waiting' ? [{ index, position: view.place.position }] : [])).sort((a, b) => a.position - b.position);
    expect(line.map((each) => each.position)).toEqual(Array.from({ length: 15 }, (_, n) => n + 1));

    // Idempotent: again, the same place.
    const first = line[0]!;
    const again = await post<GroupPlace>(`/api/group-sessions/${session.id}/sign-up`, mentees[first.index]!.idToken);
    expect(again.body).toMatchObject({ status: 'waiting', position: 1 });

    // One of those in leaves: the first in line takes the place, the rest move one closer.
    const leaver = now.findIndex((view) => view.place.status === 'signed_up');
    expect((await post<GroupPlace>(`/api/group-sessions/${session.id}/leave`, mentees[leaver]!.idToken)).body).toEqual({ status: 'none' });
    expect((await post<GroupPlace>(`/api/group-sessions/${session.id}/leave`, mentees[leaver]!.idToken)).body).toEqual({ status: 'none' });
    const moved = (await get<GroupSession>(`/api/group-sessions/${session.id}`, mentees[first.index]!.idToken)).body;
    expect(moved).toMatchObject({ taken: 5, waiting: 14, place: { status: 'signed_up' } });
    const second = (await get<GroupSession>(`/api/group-sessions/${session.id}`, mentees[line[1]!.index]!.idToken)).body;
    expect(second.place).toMatchObject({ status: 'waiting', position: 1 });
    const { members } = await (await stageStream()).video.queryCallMembers({ type: 'livestream', id: `g-${session.id}`, limit: 100 });
    expect(members.map(({ user_id }) => user_id)).toContain(mentees[first.index]!.sub);

    // The call: those with a place get it, the waiting and outsiders do not; the host only from backstage's opening.
    expect((await post<GroupJoin>(`/api/group-sessions/${session.id}/join`, mentees[first.index]!.idToken)).body).toEqual({ callType: 'livestream', callId: `g-${session.id}`, role: 'user' });
    expect((await post<GroupJoin>(`/api/group-sessions/${session.id}/join`, mentees[line[1]!.index]!.idToken)).status).toBe(403);
    const early = await post<GroupJoin>(`/api/group-sessions/${session.id}/join`, host.idToken);
    expect(early.status).toBe(409);
    expect(early.body.error?.reason).toBe('pending');
  });

  it('safeguarding: a member blocked by the host cannot sign up; a suspended member cannot sign up or join', async () => {
    const [host, blocked, suspended] = await Promise.all([seededMentor('Bea Host'), seededMentee('Bo Blocked'), seededMentee('Sue Suspended')]);
    const session = (await post<GroupSession>('/api/group-sessions', host.idToken, workshop())).body;
    expect((await post<GroupPlace>(`/api/group-sessions/${session.id}/sign-up`, suspended.idToken)).body.status).toBe('signed_up');
    expect((await post(`/api/members/${blocked.sub}/block`, host.idToken)).status).toBe(200);
    const refused = await post<GroupPlace>(`/api/group-sessions/${session.id}/sign-up`, blocked.idToken);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.reason).toBe('blocked');
    await db().send(new PutCommand({ TableName: tableName('members'), Item: { id: suspended.sub, role: 'mentee', displayName: 'Sue Suspended', approvalState: 'approved', suspended: true } }));
    expect((await post(`/api/group-sessions/${session.id}/join`, suspended.idToken)).status).toBe(403);
    expect((await post(`/api/group-sessions/${session.id}/leave`, suspended.idToken)).status).toBe(403);
  });

  it('cancelling: only the host or a coordinator; everyone is told; the session leaves the list and takes no more sign-ups', async () => {
    const [host, first, second, late] = await Promise.all([seededMentor('Cleo Cancel'), seededMentee('Fay First'), seededMentee('Sam Second'), seededMentee('Lee Late')]);
    const session = (await post<GroupSession>('/api/group-sessions', host.idToken, workshop({ capacity: 2 }))).body;
    for (const mentee of [first, second]) await post(`/api/group-sessions/${session.id}/sign-up`, mentee.idToken);
    const notHost = await post<GroupSession>(`/api/group-sessions/${session.id}/cancel`, first.idToken, { reason: 'No' });
    expect(notHost.status).toBe(403);
    expect((await post(`/api/group-sessions/${session.id}/cancel`, host.idToken, { reason: '' })).status).toBe(400);
    const cancelled = await post<GroupSession>(`/api/group-sessions/${session.id}/cancel`, host.idToken, { reason: 'I am ill' });
    expect(cancelled.body).toMatchObject({ state: 'cancelled', cancelReason: 'I am ill' });
    for (const mentee of [first, second]) {
      const { body } = await get<{ notifications: { text: string; link: string }[] }>('/api/notifications', mentee.idToken);
      expect(body.notifications[0]).toMatchObject({ text: 'Cancelled: "Interviews without fear"', link: `/group-sessions/${session.id}` });
    }
    expect((await listed(late.idToken)).some((each) => each.id === session.id)).toBe(false);
    const signUp = await post<GroupPlace>(`/api/group-sessions/${session.id}/sign-up`, late.idToken);
    expect(signUp.status).toBe(409);
    expect(signUp.body.error?.reason).toBe('ended');
    expect((await post(`/api/group-sessions/${session.id}/cancel`, host.idToken, { reason: 'Again' })).status).toBe(409);
  });

  it('its call\'s webhooks: live with go-live, attendance for the host and a coordinator only, a member the host removed cannot join again, ended with the call', async () => {
    const [host, ada, bo, coordinator] = await Promise.all([seededMentor('Hal Host'), seededMentee('Ada Attends'), seededMentee('Bo Removed'), coordinatorUser()]);
    const session = (await post<GroupSession>('/api/group-sessions', host.idToken, workshop())).body;
    for (const member of [ada, bo]) expect((await post<GroupPlace>(`/api/group-sessions/${session.id}/sign-up`, member.idToken)).body.status).toBe('signed_up');
    const cid = `livestream:g-${session.id}`;
    const deliver = async (payload: Record<string, unknown>) => expect((await deliverWebhook({ call_cid: cid, ...payload })).status).toBe(202);
    const read = async (token: string) => (await get<GroupSession>(`/api/group-sessions/${session.id}`, token)).body;
    const start = Date.now() - 600_000;
    const at = (seconds: number) => new Date(start + seconds * 1000).toISOString();

    const rate = (token: string, body: unknown) => put<GroupSession>(`/api/group-sessions/${session.id}/rating`, token, body);
    const early = await rate(ada.idToken, { rating: 5 });
    expect(early.status).toBe(409);
    expect(early.body.error?.message).toBe('You can rate a session once it has taken place.');

    await deliver({ type: 'call.live_started', created_at: at(0) });
    await waitFor(async () => (await read(host.idToken)).state === 'live', 'the session live');
    const stretch = (user: { sub: string }, userSessionId: string, joinedAt = at(10)) => ({ user: { id: user.sub }, user_session_id: userSessionId, joined_at: joinedAt });
    await deliver({ type: 'call.session_participant_joined', created_at: at(10), session_id: 's1', participant: stretch(ada, 'ada-1') });
    await deliver({ type: 'call.session_participant_left', created_at: at(135), session_id: 's1', participant: stretch(ada, 'ada-1'), duration_seconds: 125 });
    // A left event delivered again, and a join that came after its leave, change nothing.
    await deliver({ type: 'call.session_participant_left', created_at: at(135), session_id: 's1', participant: stretch(ada, 'ada-1'), duration_seconds: 125 });
    await deliver({ type: 'call.session_participant_joined', created_at: at(10), session_id: 's1', participant: stretch(ada, 'ada-1') });
    await deliver({ type: 'call.session_participant_joined', created_at: at(20), session_id: 's1', participant: stretch(bo, 'bo-1', at(20)) });
    await deliver({ type: 'call.blocked_user', created_at: at(30), user: { id: bo.sub }, blocked_by_user: { id: host.sub } });

    const seen = await waitFor(async () => {
      const attendance = (await read(host.idToken)).attendance;
      return attendance?.length === 2 ? attendance : null;
    }, 'the attendance');
    expect(seen).toEqual([
      { member: { id: ada.sub, displayName: 'Ada Attends' }, joinedAt: at(10), seconds: 125, inCall: false },
      { member: { id: bo.sub, displayName: 'Bo Removed' }, joinedAt: at(20), seconds: 0, inCall: true },
    ]);
    expect((await read(coordinator.idToken)).attendance).toHaveLength(2);
    expect((await read(ada.idToken)).attendance).toBeNull();

    const refused = await waitFor(async () => {
      const answer = await post<GroupJoin>(`/api/group-sessions/${session.id}/join`, bo.idToken);
      return answer.status === 403 ? answer : null;
    }, 'the removed member refused');
    expect(refused.body.error?.message).toBe('The host removed you from this session, so you cannot join it again.');
    expect((await post<GroupJoin>(`/api/group-sessions/${session.id}/join`, ada.idToken)).status).toBe(200);

    await deliver({ type: 'call.ended', created_at: at(300) });
    await waitFor(async () => (await read(host.idToken)).state === 'ended', 'the session ended');

    // Afterwards those with a place rate it: the host and a coordinator read the mean and the comments, not who wrote them.
    expect((await rate(ada.idToken, { rating: 6 })).status).toBe(400);
    expect((await rate(ada.idToken, { rating: 2, comment: 'x'.repeat(1001) })).status).toBe(400);
    const rated = await rate(ada.idToken, { rating: 5, comment: '  Clear and kind.  ' });
    expect(rated.status).toBe(200);
    expect(rated.body).toMatchObject({ myRating: 5, ratings: null });
    expect((await rate(bo.idToken, { rating: 1 })).status).toBe(403);
    expect((await rate(host.idToken, { rating: 5 })).status).toBe(403);
    expect((await read(host.idToken)).ratings).toEqual({ count: 1, average: 5, comments: ['Clear and kind.'] });
    // Rating again replaces the member's rating.
    expect((await rate(ada.idToken, { rating: 4, comment: 'Clear and kind.' })).body.myRating).toBe(4);
    expect((await read(coordinator.idToken)).ratings).toEqual({ count: 1, average: 4, comments: ['Clear and kind.'] });
  });
});
