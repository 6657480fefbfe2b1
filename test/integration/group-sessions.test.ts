import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallArtifacts, Dashboard, GroupJoin, GroupPlace, GroupSession, ReportDetail } from '@mentoring/shared';
import { api } from './support/api';
import { bearer } from './support/auth';
import { db, getItem, tableName } from './support/db';
import { startFileHost } from './support/file-host';
import { HOUR, get, inDays, post, put, workshop } from './support/group-sessions';
import { coordinatorUser, seededMentee, seededMentor } from './support/members';
import { deliverWebhook } from './support/stream-webhooks';
import { stageStream } from './support/stream-api';
import { waitFor } from './support/wait-for';

/**
 * Group sessions on a stage: its transactions under a crowd of sign-ups, the audience rules, the waiting list,
 * cancelling, and the calls the functions make, read back from the stage's Stream app.
 */

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
    expect(rated.body).toMatchObject({ myRating: { rating: 5 }, ratings: null });
    expect((await rate(bo.idToken, { rating: 1 })).status).toBe(403);
    expect((await rate(host.idToken, { rating: 5 })).status).toBe(403);
    expect((await read(host.idToken)).ratings).toEqual({ count: 1, average: 5, comments: ['Clear and kind.'] });
    // Rating again replaces the member's rating.
    expect((await rate(ada.idToken, { rating: 4, comment: 'Clear and kind.' })).body.myRating).toEqual({ rating: 4, comment: 'Clear and kind.' });
    expect((await read(coordinator.idToken)).ratings).toEqual({ count: 1, average: 4, comments: ['Clear and kind.'] });
  });

  it('recording consent: those on stage and members with a place, once the room is open, each once; the view shows it; the call offers recording, never on by itself', async () => {
    const [host, speaker, ada, bo, zed, stranger] = await Promise.all([
      seededMentor('Cora Host'),
      seededMentor('Sol Speaker'),
      seededMentee('Ada Consents'),
      seededMentee('Bo Listens'),
      seededMentee('Zed Waits'),
      seededMentee('Stu Stranger'),
    ]);
    const session = (await post<GroupSession>('/api/group-sessions', host.idToken, workshop({ capacity: 2, speakerIds: [speaker.sub] }))).body;
    expect(session.recordingConsents).toEqual([]);
    for (const member of [ada, bo, zed]) await post(`/api/group-sessions/${session.id}/sign-up`, member.idToken);
    const cid = `livestream:g-${session.id}`;
    // Offered, never on by itself.
    const { call } = await (await stageStream()).video.call('livestream', `g-${session.id}`).get();
    expect(call.settings).toMatchObject({ recording: { mode: 'available' }, transcription: { mode: 'available', closed_caption_mode: 'available' } });
    const consent = (token: string, id = session.id) => post<GroupSession>(`/api/group-sessions/${id}/recording-consent`, token);
    const read = async (token: string) => (await get<GroupSession>(`/api/group-sessions/${session.id}`, token)).body;
    const deliver = async (payload: Record<string, unknown>) => expect((await deliverWebhook({ call_cid: cid, ...payload })).status).toBe(202);
    const at = (seconds: number) => new Date(Date.now() - 600_000 + seconds * 1000).toISOString();

    // Three days ahead the room is not open yet.
    const early = await consent(host.idToken);
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({ code: 'conflict', reason: 'pending', message: 'You can consent to recording once the room opens, 10 minutes before the start.' });

    await deliver({ type: 'call.live_started', created_at: at(0) });
    await waitFor(async () => (await read(host.idToken)).state === 'live', 'the session live');
    const first = await consent(ada.idToken);
    expect(first.status).toBe(200);
    expect(first.body.recordingConsents).toEqual([{ streamUserId: ada.sub, at: expect.any(String) }]);
    const given = first.body.recordingConsents![0]!.at;
    // Again: the first consent and its time stay.
    expect((await consent(ada.idToken)).body.recordingConsents).toEqual([{ streamUserId: ada.sub, at: given }]);
    expect(await getItem(tableName('groupSessions'), { pk: `GROUP#${session.id}`, sk: `CONSENT#${ada.sub}` })).toMatchObject({ memberId: ada.sub, at: given });
    expect((await consent(host.idToken)).status).toBe(200);

    for (const [who, message] of [
      [zed, 'Only those on stage and members with a place in this session are asked to consent to its recording.'],
      [stranger, 'Only those on stage and members with a place in this session are asked to consent to its recording.'],
    ] as const) {
      const refused = await consent(who.idToken);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toEqual({ code: 'forbidden', message });
      expect(await getItem(tableName('groupSessions'), { pk: `GROUP#${session.id}`, sk: `CONSENT#${who.sub}` })).toBeUndefined();
    }
    expect((await consent(ada.idToken, randomUUID())).status).toBe(404);
    expect((await post(`/api/group-sessions/not-a-uuid/recording-consent`, ada.idToken)).status).toBe(400);

    // Those who may be in the room read who consented; one still waiting, a stranger and the list read nothing.
    for (const reader of [host, speaker, bo]) expect((await read(reader.idToken)).recordingConsents?.map((each) => each.streamUserId).sort()).toEqual([ada.sub, host.sub].sort());
    expect((await read(zed.idToken)).recordingConsents).toBeNull();
    expect((await read(stranger.idToken)).recordingConsents).toBeNull();
    expect((await listed(host.idToken)).find((each) => each.id === session.id)?.recordingConsents).toBeNull();

    // The guard that stops a recording started without everyone on stage is the local stage's to prove
    // (call-record-recording-guard.test.ts): a start of the test's making has no recording at Stream's to stop.
    await deliver({ type: 'call.ended', created_at: at(300) });
    await waitFor(async () => (await read(host.idToken)).state === 'ended', 'the session ended');
    const late = await consent(bo.idToken);
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: 'conflict', reason: 'ended' });
  });

  describe('the archive', () => {
    // Stream's file host for the call's recording and transcript.
    const recording = Buffer.from('not really a video, but bytes of one');
    const transcript = Buffer.from('{"type":"speech","speaker_id":"host","text":"Welcome to the workshop"}\n');
    let files: Awaited<ReturnType<typeof startFileHost>>;
    let filesUrl: string;
    beforeAll(async () => {
      files = await startFileHost({ '/recording.mp4': { body: recording, type: 'video/mp4' }, '/transcript.jsonl': { body: transcript } });
      filesUrl = files.url;
    });
    afterAll(() => files.close());

    it('a recorded session\'s recording and transcript are read by those on stage, those with a place and coordinators; not by one who left, one still waiting, one the host removed or anyone else', async () => {
      const [host, speaker, ada, bo, ray, wes, zed, stranger, coordinator] = await Promise.all([
        seededMentor('Ari Host'),
        seededMentor('Sam Speaker'),
        seededMentee('Ada Stays'),
        seededMentee('Bo Left'),
        seededMentee('Ray Removed'),
        seededMentee('Wes Moved Up'),
        seededMentee('Zed Still Waiting'),
        seededMentee('Stu Stranger'),
        coordinatorUser(),
      ]);
      const session = (await post<GroupSession>('/api/group-sessions', host.idToken, workshop({ capacity: 3, speakerIds: [speaker.sub] }))).body;
      for (const member of [ada, bo, ray, wes, zed]) await post(`/api/group-sessions/${session.id}/sign-up`, member.idToken);
      await post(`/api/group-sessions/${session.id}/leave`, bo.idToken);
      const cid = `livestream:g-${session.id}`;
      const deliver = async (payload: Record<string, unknown>) => expect((await deliverWebhook({ call_cid: cid, ...payload })).status).toBe(202);
      const at = (seconds: number) => new Date(Date.now() - 600_000 + seconds * 1000).toISOString();
      const callSession = `s-${randomUUID()}`;

      await deliver({ type: 'call.live_started', created_at: at(0) });
      await deliver({ type: 'call.blocked_user', created_at: at(30), user: { id: ray.sub }, blocked_by_user: { id: host.sub } });
      await deliver({ type: 'call.recording_ready', created_at: at(300), call_recording: { filename: 'rec_livestream.mp4', url: `${filesUrl}/recording.mp4`, start_time: at(5), end_time: at(295), session_id: callSession } });
      await deliver({ type: 'call.transcription_ready', created_at: at(300), call_transcription: { filename: 'transcript.jsonl', url: `${filesUrl}/transcript.jsonl`, start_time: at(5), end_time: at(295), session_id: callSession } });
      await deliver({ type: 'call.ended', created_at: at(300) });
      for (const key of [`ARTIFACT#recording#${callSession}#rec_livestream.mp4`, `ARTIFACT#transcription#${callSession}#transcript.jsonl`]) {
        await waitFor(() => getItem(tableName('calls'), { pk: `CALL#${cid}`, sk: key }), key);
      }
      await waitFor(async () => (await get<GroupSession>(`/api/group-sessions/${session.id}`, host.idToken)).body.state === 'ended', 'the session ended');
      await waitFor(async () => (await get<GroupSession>(`/api/group-sessions/${session.id}`, ray.idToken)).body.archive === false, 'the removal on the seat');

      const artifacts = (token: string) => get<CallArtifacts>(`/api/calls/livestream/g-${session.id}/artifacts`, token);
      for (const reader of [host, speaker, ada, wes, coordinator]) {
        const answer = await artifacts(reader.idToken);
        expect(answer.status).toBe(200);
        expect(answer.body.recordings.map((file) => file.filename)).toEqual(['rec_livestream.mp4']);
        expect(answer.body.transcriptions.map((file) => file.filename)).toEqual(['transcript.jsonl']);
        expect((await get<GroupSession>(`/api/group-sessions/${session.id}`, reader.idToken)).body.archive).toBe(true);
      }
      const read = await artifacts(ada.idToken);
      expect(await (await fetch(read.body.transcriptions[0]!.url)).text()).toBe(transcript.toString());
      expect(Buffer.from(await (await fetch(read.body.recordings[0]!.url)).arrayBuffer()).equals(recording)).toBe(true);

      for (const refused of [bo, ray, zed, stranger]) {
        const answer = await artifacts(refused.idToken);
        expect(answer.status).toBe(403);
        expect(answer.body.error).toEqual({ code: 'forbidden', message: 'Only those who had a place in this group session, its hosts and speakers, and coordinators can see its recordings and transcripts.' });
        expect((await get<GroupSession>(`/api/group-sessions/${session.id}`, refused.idToken)).body.archive).toBe(false);
      }
      // A call id of the group shape with no session behind it is nobody's archive.
      expect((await get(`/api/calls/livestream/g-${randomUUID()}/artifacts`, ada.idToken)).status).toBe(403);
    });
  });
});

describe('group sessions for coordinators and safeguarding', () => {
  type Row = Dashboard['groupSessions']['upcoming'][number];
  const dashboardRows = async (token: string) => {
    const answer = await post<Dashboard>('/api/coordinator/dashboard/refresh', token);
    expect(answer.status).toBe(200);
    return answer.body.groupSessions;
  };

  it('the dashboard counts them: upcoming ones with their places, and one that took place with the audience who came, how long on average, and its ratings', async () => {
    const [host, speaker, ada, bo, cy, coordinator] = await Promise.all([
      // Every member the product makes has its sign-up time, which puts them in the roster the dashboard names hosts from.
      seededMentor('Dora Dashboard', { createdAt: new Date().toISOString() }),
      seededMentor('Sid Speaker'),
      seededMentee('Ada Came'),
      seededMentee('Bo Came'),
      seededMentee('Cy Stayed Away'),
      coordinatorUser(),
    ]);
    const held = (await post<GroupSession>('/api/group-sessions', host.idToken, workshop({ title: 'Held workshop', capacity: 3, speakerIds: [speaker.sub] }))).body;
    const coming = (await post<GroupSession>('/api/group-sessions', host.idToken, workshop({ title: 'Coming circle', kind: 'open_circle', capacity: 2, startsAt: inDays(5) }))).body;
    for (const member of [ada, bo, cy]) expect((await post<GroupPlace>(`/api/group-sessions/${held.id}/sign-up`, member.idToken)).body.status).toBe('signed_up');
    for (const member of [ada, bo]) await post(`/api/group-sessions/${coming.id}/sign-up`, member.idToken);
    expect((await post<GroupPlace>(`/api/group-sessions/${coming.id}/sign-up`, cy.idToken)).body.status).toBe('waiting');

    const cid = `livestream:g-${held.id}`;
    const deliver = async (payload: Record<string, unknown>) => expect((await deliverWebhook({ call_cid: cid, ...payload })).status).toBe(202);
    const start = Date.now() - 600_000;
    const at = (seconds: number) => new Date(start + seconds * 1000).toISOString();
    const stretch = (user: { sub: string }, userSessionId: string) => ({ user: { id: user.sub }, user_session_id: userSessionId, joined_at: at(10) });
    await deliver({ type: 'call.live_started', created_at: at(0) });
    // The host and a speaker run it: only the audience counts as having come. Ada came twice (125 s and 35 s), Bo once (60 s).
    for (const [who, id, seconds] of [
      [host, 'h-1', 300],
      [speaker, 's-1', 290],
      [ada, 'a-1', 125],
      [ada, 'a-2', 35],
      [bo, 'b-1', 60],
    ] as const) {
      await deliver({ type: 'call.session_participant_joined', created_at: at(10), session_id: 'c1', participant: stretch(who, id) });
      await deliver({ type: 'call.session_participant_left', created_at: at(10 + seconds), session_id: 'c1', participant: stretch(who, id), duration_seconds: seconds });
    }
    await deliver({ type: 'call.ended', created_at: at(320) });
    await waitFor(async () => ((await get<GroupSession>(`/api/group-sessions/${held.id}`, host.idToken)).body.attendance?.length === 4 ? true : null), 'the attendance');
    await waitFor(async () => ((await get<GroupSession>(`/api/group-sessions/${held.id}`, host.idToken)).body.state === 'ended' ? true : null), 'the session ended');
    expect((await put(`/api/group-sessions/${held.id}/rating`, ada.idToken, { rating: 5 })).status).toBe(200);
    expect((await put(`/api/group-sessions/${held.id}/rating`, cy.idToken, { rating: 2 })).status).toBe(200);

    const rows = await dashboardRows(coordinator.idToken);
    const pastRow = rows.past.find((row: Row) => row.id === held.id);
    expect(pastRow).toEqual({
      id: held.id,
      title: 'Held workshop',
      kind: 'workshop',
      hostName: 'Dora Dashboard',
      startsAt: held.startsAt,
      durationMinutes: 60,
      state: 'ended',
      capacity: 3,
      taken: 3,
      waiting: 0,
      attended: 2,
      // Ada 160 s, Bo 60 s.
      averageSeconds: 110,
      ratingAverage: 3.5,
      ratingCount: 2,
    });
    expect(rows.upcoming.find((row: Row) => row.id === coming.id)).toMatchObject({
      title: 'Coming circle',
      kind: 'open_circle',
      state: 'scheduled',
      capacity: 2,
      taken: 2,
      waiting: 1,
      attended: null,
      averageSeconds: null,
      ratingAverage: null,
      ratingCount: 0,
    });
    expect(rows.upcoming.some((row: Row) => row.id === held.id)).toBe(false);
    // In order: those to come by start, those over newest first.
    const starts = rows.upcoming.map((row: Row) => row.startsAt);
    expect(starts).toEqual([...starts].sort());
    const pastStarts = rows.past.map((row: Row) => row.startsAt);
    expect(pastStarts).toEqual([...pastStarts].sort().reverse());

    // Cancelled, it moves to those over, without figures; members read no dashboard.
    expect((await post(`/api/group-sessions/${coming.id}/cancel`, host.idToken, { reason: 'Moved' })).status).toBe(200);
    const after = await dashboardRows(coordinator.idToken);
    expect(after.upcoming.some((row: Row) => row.id === coming.id)).toBe(false);
    expect(after.past.find((row: Row) => row.id === coming.id)).toMatchObject({ state: 'cancelled', taken: 2, waiting: 1, attended: null, ratingCount: 0 });
    expect((await get('/api/coordinator/dashboard', host.idToken)).status).toBe(403);
  });

  it('co-hosts and speakers: members the host has not blocked (nor been blocked by), approved and not suspended, a few of each', async () => {
    const [host, blocked, blocker, suspended, fine] = await Promise.all([
      seededMentor('Hana Host'),
      seededMentee('Bea Blocked'),
      seededMentee('Bram Blocker'),
      seededMentor('Sol Suspended', { suspended: true }),
      seededMentor('Faye Fine'),
    ]);
    expect((await post(`/api/members/${blocked.sub}/block`, host.idToken)).status).toBe(200);
    expect((await post(`/api/members/${host.sub}/block`, blocker.idToken)).status).toBe(200);
    for (const [field, id, message] of [
      ['speakerIds', blocked.sub, 'Bea Blocked cannot be on stage in your session: one of you has blocked the other.'],
      ['coHostIds', blocker.sub, 'Bram Blocker cannot be on stage in your session: one of you has blocked the other.'],
      ['coHostIds', suspended.sub, 'Co-hosts and speakers must be approved members of the programme.'],
    ] as const) {
      const refused = await post<GroupSession>('/api/group-sessions', host.idToken, workshop({ [field]: [id] }));
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'validation_failed', message, issues: [expect.objectContaining({ path: [field] })] });
    }
    const tooMany = await post<GroupSession>('/api/group-sessions', host.idToken, workshop({ speakerIds: Array.from({ length: 6 }, (_, n) => `member-${n}`) }));
    expect(tooMany.status).toBe(400);
    expect((await post<GroupSession>('/api/group-sessions', host.idToken, workshop({ coHostIds: [fine.sub], speakerIds: [fine.sub] }))).status).toBe(400);
    const made = await post<GroupSession>('/api/group-sessions', host.idToken, workshop({ coHostIds: [fine.sub] }));
    expect(made.status).toBe(201);
    expect(made.body.coHosts).toEqual([{ id: fine.sub, displayName: 'Faye Fine' }]);
  });

  it('"report a participant": one who took part reports another with the session as context; others are refused in the documented shape', async () => {
    const [host, ada, bo, waiting, outsider, coordinator] = await Promise.all([
      seededMentor('Rex Reported'),
      seededMentee('Ada Reporter'),
      seededMentee('Bo Participant'),
      seededMentee('Wes Waiting'),
      seededMentee('Oli Outsider'),
      coordinatorUser(),
    ]);
    const session = (await post<GroupSession>('/api/group-sessions', host.idToken, workshop({ title: 'Reported workshop', capacity: 2 }))).body;
    for (const member of [ada, bo]) expect((await post<GroupPlace>(`/api/group-sessions/${session.id}/sign-up`, member.idToken)).body.status).toBe('signed_up');
    expect((await post<GroupPlace>(`/api/group-sessions/${session.id}/sign-up`, waiting.idToken)).body.status).toBe('waiting');
    const report = (token: string, memberId: string, groupSessionId = session.id) =>
      post<{ id: string }>('/api/reports', token, { category: 'harassment', description: 'Rude in the chat of the workshop.', subject: { kind: 'group_session', groupSessionId, memberId } });

    const filed = await report(ada.idToken, host.sub);
    expect(filed.status).toBe(201);
    expect((await report(host.idToken, bo.sub)).status).toBe(201);
    const seen = await get<ReportDetail>(`/api/coordinator/reports/${filed.body.id}`, coordinator.idToken);
    expect(seen.body).toMatchObject({
      subject: { kind: 'group_session', groupSessionId: session.id, memberId: host.sub },
      groupSession: { id: session.id, title: 'Reported workshop' },
      reporter: { id: ada.sub, name: 'Ada Reporter' },
      concerns: { id: host.sub, name: 'Rex Reported' },
    });

    // Only those who had a part report from it, only about those who had one; an unknown session is not found.
    for (const [token, memberId, status, code] of [
      [outsider.idToken, bo.sub, 403, 'forbidden'],
      [waiting.idToken, bo.sub, 403, 'forbidden'],
      [ada.idToken, outsider.sub, 400, 'validation_failed'],
      [ada.idToken, waiting.sub, 400, 'validation_failed'],
      [ada.idToken, ada.sub, 400, 'validation_failed'],
    ] as const) {
      const refused = await report(token, memberId);
      expect(refused.status).toBe(status);
      expect(refused.body.error?.code).toBe(code);
    }
    const unknown = await report(ada.idToken, bo.sub, randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'not_found', message: 'There is no such group session.' });
    expect((await report(ada.idToken, bo.sub, 'not-a-uuid')).status).toBe(400);
    // Nothing stored for a refusal: the coordinator's queue holds the two reports made from this session.
    const { body } = await get<{ reports: ReportDetail[] }>('/api/coordinator/reports', coordinator.idToken);
    expect(body.reports.filter((each) => each.groupSession?.id === session.id)).toHaveLength(2);
  });
});
