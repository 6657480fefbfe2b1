import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ActionItem, MentorshipDetail, RecordingConsentState } from '@mentoring/shared';
import { api, baseUrl } from './support/api';
import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { COORDINATORS_GROUP } from '@mentoring/shared';
import { cognitoClient } from '../support/auth';
import { waitForMail } from '../support/mail';
import { waitForMailEvent } from './support/mail-events';
import { bearer, newUser, stageCognito } from './support/auth';
import { db, getItem, tableName } from './support/db';
import { busEvents, busEventsOf } from './support/bus-events';
import { seedStreamUser } from './support/members';
import { stageStream } from './support/stream-api';
import { deliverWebhook } from './support/stream-webhooks';
import { waitFor } from './support/wait-for';

/**
 * The record side of sessions: signed Stream webhooks for a mentorship's call go through the webhook route and the
 * bus to the call-record consumer (its bus rule keeps the name session-record); notes, consent and action items
 * through the API. Stream's recordings and transcripts are files at Stream, which no test can put there: their
 * stand-in is a public file of the stage itself (its /config.json), which the archive consumer downloads as it
 * would Stream's, on AWS as locally.
 */

type Answer<T> = { status: number; body: T & { error?: { code: string; message: string; issues?: unknown[] } } };
const call = async <T>(method: string, path: string, token: string, body?: unknown): Promise<Answer<T>> => {
  const response = await api(path, {
    method,
    headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Answer<T>['body'] };
};

const deliver = async (payload: Record<string, unknown>) => {
  const response = await deliverWebhook(payload);
  expect(response.status).toBe(202);
};

const seedMember = async (id: string, fields: Record<string, unknown>) => {
  await seedStreamUser(id, String(fields.displayName ?? id));
  await db().send(
    new PutCommand({
      TableName: tableName('members'),
      Item: {
        id,
        headline: 'Here',
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

const session = (id: string) => getItem(tableName('sessions'), { pk: `SESSION#${id}`, sk: 'META' });
const at = (base: number, seconds: number) => new Date(base + seconds * 1000).toISOString();

describe('sessions logged from calls, notes, consent and action items', () => {
  const filesUrl = `${baseUrl()}/config.json`;
  let mentor: Awaited<ReturnType<typeof newUser>>;
  let mentee: Awaited<ReturnType<typeof newUser>>;
  let outsider: Awaited<ReturnType<typeof newUser>>;
  let mentorshipId: string;

  beforeAll(async () => {
    [mentor, mentee, outsider] = await Promise.all([newUser('Grace Mentor'), newUser('Ada Mentee'), newUser('Eve Outsider')]);
    await seedMember(mentor.sub, { role: 'mentor', displayName: 'Grace', capacity: 2, activeMentees: 0, acceptingRequests: true, listed: 'mentor' });
    await seedMember(mentee.sub, { role: 'mentee', displayName: 'Ada', goals: 'Grow' });
    const requested = await call<MentorshipDetail>('POST', '/api/mentorships', mentee.idToken, { mentorId: mentor.sub, message: 'Please mentor me.' });
    expect(requested.status).toBe(201);
    mentorshipId = requested.body.id;
    expect((await call<MentorshipDetail>('POST', `/api/mentorships/${mentorshipId}/accept`, mentor.idToken)).status).toBe(200);
  });

  it('a booked session\'s call: out-of-order and repeated webhooks give attendance, times, recording and transcript; the fit check becomes due', async () => {
    const sessionId = `m-${mentorshipId}-booked1`;
    const cid = `default:${sessionId}`;
    // Its last event 7 minutes ago: none older than the hour after which the webhook route calls an event stale.
    const base = Date.now() - 2_400_000;
    // The booking side's item, as sessionSchema documents it.
    await db().send(
      new PutCommand({
        TableName: tableName('sessions'),
        Item: {
          pk: `SESSION#${sessionId}`,
          sk: 'META',
          id: sessionId,
          mentorshipId,
          mentorId: mentor.sub,
          menteeId: mentee.sub,
          state: 'scheduled',
          planned: true,
          startsAt: at(base, 0),
          durationMinutes: 60,
          agenda: 'Career plan',
          proposedTimes: [],
          bookedBy: mentee.sub,
          callType: 'default',
          callId: sessionId,
          cancelledBy: null,
          cancelReason: null,
          startedAt: null,
          endedAt: null,
          attendance: [],
          recordingConsent: [],
          hasRecording: false,
          hasTranscript: false,
          createdAt: at(base, -86_400),
          updatedAt: at(base, -86_400),
        },
      }),
    );
    const person = (id: string, userSession: string, joinedAt: string) => ({ user: { id, name: 'ignored' }, user_session_id: userSession, joined_at: joinedAt, role: 'user' });
    const events = [
      { type: 'call.transcription_ready', call_cid: cid, created_at: at(base, 2000), session_id: 'cs1', call_transcription: { filename: 'transcript.jsonl', url: `${filesUrl}?t`, session_id: 'cs1' } },
      { type: 'call.session_participant_left', call_cid: cid, created_at: at(base, 1800), session_id: 'cs1', participant: person(mentee.sub, 'u2', at(base, 60)), duration_seconds: 1740 },
      { type: 'call.session_ended', call_cid: cid, created_at: at(base, 1805), session_id: 'cs1' },
      { type: 'call.session_participant_joined', call_cid: cid, created_at: at(base, 60), session_id: 'cs1', participant: person(mentee.sub, 'u2', at(base, 60)) },
      { type: 'call.session_started', call_cid: cid, created_at: at(base, 0), session_id: 'cs1', call: { cid } },
      { type: 'call.session_participant_joined', call_cid: cid, created_at: at(base, 0), session_id: 'cs1', participant: person(mentor.sub, 'u1', at(base, 0)) },
      { type: 'call.recording_ready', call_cid: cid, created_at: at(base, 1900), session_id: 'cs1', call_recording: { filename: 'rec.mp4', url: `${filesUrl}?r`, session_id: 'cs1' } },
      { type: 'call.session_participant_left', call_cid: cid, created_at: at(base, 1801), session_id: 'cs1', participant: person(mentor.sub, 'u1', at(base, 0)), duration_seconds: 1801 },
    ];
    // Out of order, each twice under different delivery ids (Stream retries are new deliveries to the consumer).
    for (const event of [...events, ...events.slice().reverse()]) await deliver(event);

    const stored = await waitFor(async () => {
      const item = await session(sessionId);
      return item?.hasRecording && item.hasTranscript && item.endedAt && (item.attendance as unknown[]).length === 2 && (item.attendance as { leftAt: string | null }[]).every((a) => a.leftAt) ? item : null;
    }, 'the session record');
    // The same body under another delivery id is published once: eight events on the bus, each handled by now.
    await waitFor(async () => ((await busEventsOf(cid)).length === events.length ? true : null), 'every event on the bus');
    expect(await session(sessionId)).toMatchObject({
      state: 'held',
      planned: true,
      startsAt: at(base, 0),
      agenda: 'Career plan',
      bookedBy: mentee.sub,
      startedAt: at(base, 0),
      endedAt: at(base, 1805),
      hasRecording: true,
      hasTranscript: true,
      attendance: [
        { memberId: mentor.sub, displayName: 'Grace', joinedAt: at(base, 0), leftAt: at(base, 1801), seconds: 1801 },
        { memberId: mentee.sub, displayName: 'Ada', joinedAt: at(base, 60), leftAt: at(base, 1800), seconds: 1740 },
      ],
    });
    expect(stored.state).toBe('held');

    const detail = await call<MentorshipDetail>('GET', `/api/mentorships/${mentorshipId}`, mentee.idToken);
    expect(detail.body).toMatchObject({ firstSessionAt: at(base, 0), lastSessionAt: at(base, 0), surveysDue: ['fit_check'] });

    // The fit check: a bad answer is refused and stores nothing; a good one is kept and no longer due.
    const feedbackCount = async () => (await db().send(new QueryCommand({ TableName: tableName('mentorships'), KeyConditionExpression: 'pk = :pk AND sk = :sk', ExpressionAttributeValues: { ':pk': `MENTORSHIP#${mentorshipId}`, ':sk': 'META' } }))).Items?.[0]?.fitCheck;
    const survey = { source: `/mentorships/${mentorshipId}`, feedbackType: 'match', answers: [], mentorshipId };
    expect((await call('POST', '/api/feedback', mentee.idToken, { ...survey, survey: 'fit_check' })).status).toBe(400);
    expect((await call('POST', '/api/feedback', mentee.idToken, { ...survey, survey: 'closing' })).status).toBe(409);
    expect(await feedbackCount()).toBeUndefined();
    const coordinator = await newUser('Cora Coordinator');
    const cognito = await stageCognito();
    const admin = cognitoClient(cognito);
    await admin.send(new AdminAddUserToGroupCommand({ UserPoolId: cognito.userPoolId, Username: coordinator.email, GroupName: COORDINATORS_GROUP })).finally(() => admin.destroy());
    expect((await call('POST', '/api/feedback', mentee.idToken, { ...survey, survey: 'fit_check', fit: 'not_a_fit', answers: ['We talk past each other'] })).status).toBe(201);
    await waitForMailEvent(coordinator.email, (subject) => subject === 'A pair may not fit: Grace and Ada');
    // SES's events carry no body: the link in it is read where the local stage runs as itself.
    const sesEndpoint = inject('sesEndpoint');
    if (sesEndpoint) expect((await waitForMail(sesEndpoint, coordinator.email, (mail) => mail.subject === 'A pair may not fit: Grace and Ada')).body.text).toContain(`/mentorships/${mentorshipId}`);
    expect((await call('POST', '/api/feedback', mentee.idToken, { ...survey, survey: 'fit_check', fit: 'good' })).status).toBe(409);
    expect(await feedbackCount()).toEqual({ mentee: 'not_a_fit' });
    expect((await call<MentorshipDetail>('GET', `/api/mentorships/${mentorshipId}`, mentee.idToken)).body.surveysDue).toEqual([]);
    expect((await call<MentorshipDetail>('GET', `/api/mentorships/${mentorshipId}`, mentor.idToken)).body.surveysDue).toEqual(['fit_check']);
    expect(await getItem(tableName('mentorships'), { pk: `MENTORSHIP#${mentorshipId}`, sk: 'META' })).toHaveProperty('fitFlaggedAt');
  });

  it('an unplanned call of the mentorship becomes an unplanned held session; a call outside any mentorship is ignored', async () => {
    const sessionId = `m-${mentorshipId}-adhoc1`;
    const cid = `default:${sessionId}`;
    const start = Date.now() - 600_000;
    await deliver({ type: 'call.session_participant_joined', call_cid: cid, created_at: at(start, 5), session_id: 'x1', participant: { user: { id: mentor.sub }, user_session_id: 'a', joined_at: at(start, 5) } });
    await deliver({ type: 'call.session_started', call_cid: cid, created_at: at(start, 0), session_id: 'x1' });
    const stored = await waitFor(async () => {
      const item = await session(sessionId);
      return item?.startedAt === at(start, 0) ? item : null;
    }, 'the unplanned session');
    expect(stored).toMatchObject({ id: sessionId, mentorshipId, planned: false, state: 'held', startsAt: at(start, 0), bookedBy: null, callId: sessionId, endedAt: null });
    expect(stored.attendance).toEqual([{ memberId: mentor.sub, displayName: 'Grace', joinedAt: at(start, 5), leftAt: null, seconds: 0 }]);

    // A call of no mentorship, then one more event of the pair's call: once the consumer recorded that, it had the
    // stranger's event too (both on the bus before it) and made no session of it.
    const stranger = `default:${randomUUID()}`;
    await deliver({ type: 'call.session_started', call_cid: stranger, created_at: at(start, 0), session_id: 'y1' });
    await waitFor(async () => ((await busEventsOf(stranger)).length ? true : null), 'the stranger call\'s event on the bus');
    await deliver({ type: 'call.session_participant_left', call_cid: cid, created_at: at(start, 65), session_id: 'x1', participant: { user: { id: mentor.sub }, user_session_id: 'a', joined_at: at(start, 5) }, duration_seconds: 60 });
    await waitFor(async () => ((await session(sessionId))?.attendance as { leftAt: string | null }[] | undefined)?.[0]?.leftAt ? true : null, 'the later event recorded');
    expect(await session(stranger.slice('default:'.length))).toBeUndefined();
  });

  it('a recording and a transcription that fail (Stream\'s *_failed) are on the session, which the pair reads, instead of a wait for files that never come', async () => {
    const sessionId = `m-${mentorshipId}-failed1`;
    const cid = `default:${sessionId}`;
    const start = Date.now() - 600_000;
    await deliver({ type: 'call.session_started', call_cid: cid, created_at: at(start, 0), session_id: 'f1' });
    await deliver({ type: 'call.recording_failed', call_cid: cid, created_at: at(start, 60), egress_id: 'egress-rec', recording_type: 'composite' });
    // A redelivery states the same fact again.
    await deliver({ type: 'call.recording_failed', call_cid: cid, created_at: at(start, 60), egress_id: 'egress-rec', recording_type: 'composite' });
    await deliver({ type: 'call.transcription_failed', call_cid: cid, created_at: at(start, 61), egress_id: 'egress-tr', error: 'the recogniser stopped' });
    const stored = await waitFor(async () => {
      const item = await session(sessionId);
      return item?.recordingFailed === true && item.transcriptionFailed === true ? item : null;
    }, 'the failures on the session');
    expect(stored).toMatchObject({ hasRecording: false, hasTranscript: false, state: 'held' });
    const read = await call<{ session: Record<string, unknown> }>('GET', `/api/sessions/${sessionId}`, mentee.idToken);
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).toMatch(/"recordingFailed":true.*"transcriptionFailed":true|"transcriptionFailed":true.*"recordingFailed":true/);
  });

  it('a webhook too large for the bus (stored in S3, the bus carrying its key) still reaches the session record', async () => {
    const sessionId = `m-${mentorshipId}-large1`;
    const cid = `default:${sessionId}`;
    const start = Date.now() - 300_000;
    const event = {
      type: 'call.session_participant_joined',
      call_cid: cid,
      created_at: at(start, 0),
      session_id: 'l1',
      participant: { user: { id: mentee.sub, custom: { notes: '' } }, user_session_id: 'l-u1', joined_at: at(start, 0) },
    };
    // The largest body the route takes (MAX_WEBHOOK_BYTES); with its source and detail type it is over the bus's 256 KB.
    event.participant.user.custom.notes = 'n'.repeat(256 * 1024 - Buffer.byteLength(JSON.stringify(event)));
    expect(Buffer.byteLength(JSON.stringify(event))).toBe(256 * 1024);
    await deliver(event);

    const stored = await waitFor(async () => {
      const item = await session(sessionId);
      return (item?.attendance as unknown[] | undefined)?.length ? item : null;
    }, 'the session from the stored event');
    expect(stored.attendance).toEqual([{ memberId: mentee.sub, displayName: 'Ada', joinedAt: at(start, 0), leftAt: null, seconds: 0 }]);
    // The bus carried a reference, not the event: the consumer read the stored copy.
    const carried = await waitFor(async () => (await busEvents()).find((sent) => sent['detail-type'] === 'call.session_participant_joined' && sent.detail.storedDetail), 'the reference on the bus');
    expect(carried.detail).not.toHaveProperty('call_cid');
  });

  it('recording consent on the server: a new call of the pair gets recording and transcription off until started by hand', async () => {
    const sessionId = `m-${mentorshipId}-guard1`;
    const cid = `default:${sessionId}`;
    const now = Date.now();
    // The pair's browser makes the call at Stream; Stream then sends call.created.
    const streamCall = (await stageStream()).video.call('default', sessionId);
    // Made recording and transcribing by itself, as a call type set so at Stream would: the server turns both to by hand.
    await streamCall.getOrCreate({
      data: { created_by_id: mentor.sub, members: [{ user_id: mentor.sub }, { user_id: mentee.sub }], settings_override: { recording: { mode: 'auto-on' }, transcription: { mode: 'auto-on' } } },
    });
    expect((await streamCall.get()).call.settings.recording.mode).toBe('auto-on');
    await deliver({ type: 'call.created', call_cid: cid, created_at: at(now, 0), call: { cid, created_by: { id: mentor.sub }, created_at: at(now, 0) }, members: [{ user_id: mentor.sub }, { user_id: mentee.sub }] });
    const settings = await waitFor(async () => {
      const { call: current } = await streamCall.get();
      return current.settings.recording.mode === 'available' ? current.settings : null;
    }, 'the call\'s settings at Stream');
    expect(settings).toMatchObject({ recording: { mode: 'available' }, transcription: { mode: 'available', closed_caption_mode: 'available' } });
  });

  it('notes: either member writes, a stale version is a 409 carrying the current notes, bad input is refused', async () => {
    const sessionId = `m-${mentorshipId}-adhoc1`;
    const path = `/api/sessions/${sessionId}/notes`;
    const first = await call<{ version: number; text: string }>('PUT', path, mentor.idToken, { text: 'Goals: portfolio', version: 0 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ text: 'Goals: portfolio', version: 1, updatedBy: mentor.sub });
    const stale = await call('PUT', path, mentee.idToken, { text: 'My own take', version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('Someone else changed the notes'),
      issues: [{ code: 'stale_version', current: { text: 'Goals: portfolio', version: 1, updatedBy: mentor.sub } }],
    });
    expect((await call('PUT', path, mentee.idToken, { text: 'Goals: portfolio, CV', version: 1 })).status).toBe(200);
    expect((await call('PUT', path, mentee.idToken, { text: 42, version: 2 })).status).toBe(400);
    expect((await call('PUT', path, outsider.idToken, { text: 'x', version: 2 })).status).toBe(404);
    expect((await call('PUT', `/api/sessions/m-${mentorshipId}-nosuch/notes`, mentor.idToken, { text: 'x', version: 0 })).status).toBe(404);
    expect(await getItem(tableName('sessions'), { pk: `SESSION#${sessionId}`, sk: 'NOTES' })).toMatchObject({ text: 'Goals: portfolio, CV', version: 2 });
  });

  it('recording consent: each member once, stored with the session; outsiders cannot', async () => {
    const path = `/api/sessions/m-${mentorshipId}-adhoc1/recording-consent`;
    const given = await call<RecordingConsentState>('POST', path, mentee.idToken);
    expect(given.status).toBe(200);
    expect(given.body.consents.map((consent) => consent.memberId)).toEqual([mentee.sub]);
    await call('POST', path, mentee.idToken);
    const both = await call<RecordingConsentState>('POST', path, mentor.idToken);
    expect(both.body.consents.map((consent) => consent.memberId)).toEqual([mentee.sub, mentor.sub]);
    expect(both.body.pair.map((party) => party.displayName)).toEqual(['Grace', 'Ada']);
    expect((await call('POST', path, outsider.idToken)).status).toBe(404);
    expect((await call<RecordingConsentState>('GET', path, mentor.idToken)).body.consents).toHaveLength(2);
    // A call that does not exist does not become a session.
    expect((await call('POST', `/api/sessions/m-${mentorshipId}-ghost/recording-consent`, mentor.idToken)).status).toBe(404);
    expect(await session(`m-${mentorshipId}-ghost`)).toBeUndefined();
  });

  it('action items: the pair adds, edits and deletes them, each change on the version read', async () => {
    const path = `/api/mentorships/${mentorshipId}/action-items`;
    expect((await call('POST', path, mentor.idToken, { text: 'Update CV', ownerId: outsider.sub })).status).toBe(400);
    expect((await call('POST', path, mentor.idToken, { text: '   ', ownerId: mentee.sub })).status).toBe(400);
    expect((await call('POST', path, outsider.idToken, { text: 'Update CV', ownerId: mentee.sub })).status).toBe(404);
    expect((await call<{ items: ActionItem[] }>('GET', path, mentee.idToken)).body.items).toEqual([]);

    const created = await call<ActionItem>('POST', path, mentor.idToken, { text: 'Update CV', ownerId: mentee.sub, dueOn: '2026-12-01' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ text: 'Update CV', ownerId: mentee.sub, dueOn: '2026-12-01', done: false, version: 1 });
    const itemPath = `${path}/${created.body.id}`;
    const done = await call<ActionItem>('PATCH', itemPath, mentee.idToken, { done: true, version: 1 });
    expect(done.body).toMatchObject({ done: true, version: 2, text: 'Update CV' });
    const stale = await call('PATCH', itemPath, mentor.idToken, { text: 'Rewrite CV', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error!.code).toBe('conflict');
    expect((await call('PATCH', itemPath, mentor.idToken, { ownerId: outsider.sub, version: 2 })).status).toBe(400);
    expect((await call<{ items: ActionItem[] }>('GET', path, mentor.idToken)).body.items).toEqual([expect.objectContaining({ text: 'Update CV', done: true, version: 2 })]);
    expect((await call('DELETE', `${itemPath}?version=1`, mentor.idToken)).status).toBe(409);
    expect((await call('DELETE', `${itemPath}?version=2`, mentor.idToken)).status).toBe(200);
    expect((await call('PATCH', itemPath, mentor.idToken, { done: false, version: 2 })).status).toBe(404);
  });
});
