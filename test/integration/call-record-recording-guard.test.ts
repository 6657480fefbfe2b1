import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { GroupSession, MentorshipDetail } from '@mentoring/shared';
import type { TestUser } from '../support/auth';
import { api, postJson } from './support/api';
import { bearer } from './support/auth';
import { getItem, tableName } from './support/db';
import { post, workshop } from './support/group-sessions';
import { seededMentee, seededMentor } from './support/members';
import { deliverWebhook, localBusLog } from './support/stream-webhooks';
import { waitFor } from './support/wait-for';

/**
 * The server stops a recording started before everyone present consented (a pair's call) or everyone on stage in
 * it (a group session's), and leaves one started after, on the local
 * stage as itself: the start is a webhook of the test's making, so Stream's app has no recording to stop, and what the
 * server asked of Stream is read from the suite's recorder of Stream's API (a local-only handle). A new call's
 * recording turned to by hand runs on every stage (call-record.test.ts).
 */
const recorded = async () => ((await (await fetch(`${inject('streamRecorderUrl')}/_recorded`)).json()) as { requests: { method: string; path: string }[] }).requests;
const deliveriesFor = async (cid: string, rule: string) =>
  (await localBusLog(inject('eventBusEndpoint')!)).filter(({ event }) => event.detail.call_cid === cid).flatMap(({ deliveries }) => deliveries.filter((delivery) => delivery.rule === rule));
const at = (base: number, seconds: number) => new Date(base + seconds * 1000).toISOString();
const deliver = async (payload: Record<string, unknown>) => expect((await deliverWebhook(payload)).status).toBe(202);

describe('recording consent on the server (local stage)', () => {
  let mentor: TestUser;
  let mentee: TestUser;
  let mentorshipId: string;

  beforeAll(async () => {
    [mentor, mentee] = await Promise.all([seededMentor('Grace Guard'), seededMentee('Ada Guard')]);
    const requested = await postJson('/api/mentorships', { mentorId: mentor.sub, message: 'Please mentor me.' }, bearer(mentee.idToken));
    mentorshipId = ((await requested.json()) as MentorshipDetail).id;
    expect((await postJson(`/api/mentorships/${mentorshipId}/accept`, {}, bearer(mentor.idToken))).status).toBe(200);
  });

  it('a start before everyone present consented is stopped; once both consented, a start stays running', async () => {
    const sessionId = `m-${mentorshipId}-guard2`;
    const cid = `default:${sessionId}`;
    const now = Date.now();
    await deliver({ type: 'call.created', call_cid: cid, created_at: at(now, 0), call: { cid, created_by: { id: mentor.sub }, created_at: at(now, 0) }, members: [{ user_id: mentor.sub }, { user_id: mentee.sub }] });
    const person = (id: string, userSession: string) => ({ user: { id }, user_session_id: userSession, joined_at: at(now, 1) });
    await deliver({ type: 'call.session_participant_joined', call_cid: cid, created_at: at(now, 1), session_id: 'g1', participant: person(mentor.sub, 'g-u1') });
    await deliver({ type: 'call.session_participant_joined', call_cid: cid, created_at: at(now, 1), session_id: 'g1', participant: person(mentee.sub, 'g-u2') });
    await waitFor(async () => ((await getItem(tableName('sessions'), { pk: `SESSION#${sessionId}`, sk: 'META' }))?.attendance as unknown[] | undefined)?.length === 2, 'both present');
    expect((await api(`/api/sessions/${sessionId}/recording-consent`, { method: 'POST', headers: bearer(mentor.idToken) })).status).toBe(200);
    await deliver({ type: 'call.recording_started', call_cid: cid, created_at: at(now, 5), recording_type: 'composite', egress_id: 'e1' });
    await waitFor(async () => (await recorded()).find((request) => request.path === `/api/v2/video/call/default/${sessionId}/recordings/composite/stop`), 'the stop');

    expect((await api(`/api/sessions/${sessionId}/recording-consent`, { method: 'POST', headers: bearer(mentee.idToken) })).status).toBe(200);
    await deliver({ type: 'call.transcription_started', call_cid: cid, created_at: at(now, 6) });
    await waitFor(async () => (await deliveriesFor(cid, 'call-status')).length === 2 && (await deliveriesFor(cid, 'call-status')).every((delivery) => delivery.status === 'succeeded'), 'the start handled');
    expect((await recorded()).filter((request) => request.path.startsWith(`/api/v2/video/call/default/${sessionId}/`) && request.path.includes('transcription'))).toEqual([]);
  });
});

describe('recording consent on the server, a group session’s call (local stage)', () => {
  it('a start while a speaker or one of the audience the host brought on stage has not consented is stopped; once everyone on stage consented, one stays running (the rest of the audience is never waited for)', async () => {
    const [host, speaker, listener] = await Promise.all([seededMentor('Cora Guard'), seededMentor('Sol Guard'), seededMentee('Bo Guard')]);
    const made = await post<GroupSession>('/api/group-sessions', host.idToken, workshop({ title: 'Guarded workshop', speakerIds: [speaker.sub] }));
    expect(made.status).toBe(201);
    const { id } = made.body;
    expect((await postJson(`/api/group-sessions/${id}/sign-up`, {}, bearer(listener.idToken))).status).toBe(200);
    const cid = `livestream:g-${id}`;
    const listenerSeat = () => getItem(tableName('groupSessions'), { pk: `GROUP#${id}`, sk: `SEAT#${listener.sub}` });
    const callPath = `/api/v2/video/call/livestream/g-${id}`;
    const now = Date.now() - 600_000;
    const consent = async (user: TestUser) => expect((await postJson(`/api/group-sessions/${id}/recording-consent`, {}, bearer(user.idToken))).status).toBe(200);
    const attendance = async () => ((await (await api(`/api/group-sessions/${id}`, { headers: bearer(host.idToken) })).json()) as GroupSession).attendance ?? [];

    await deliver({ type: 'call.live_started', call_cid: cid, created_at: at(now, 0) });
    const stretch = (user: TestUser, userSessionId: string) => ({ user: { id: user.sub }, user_session_id: userSessionId, joined_at: at(now, 10) });
    await deliver({ type: 'call.session_participant_joined', call_cid: cid, created_at: at(now, 10), session_id: 's1', participant: stretch(host, 'host-1') });
    await deliver({ type: 'call.session_participant_joined', call_cid: cid, created_at: at(now, 11), session_id: 's1', participant: stretch(speaker, 'speaker-1') });
    await waitFor(async () => (await attendance()).length === 2, 'both on stage in the call');
    await consent(host);
    await deliver({ type: 'call.recording_started', call_cid: cid, created_at: at(now, 20), recording_type: 'composite', egress_id: 'e1' });
    await waitFor(async () => (await recorded()).find((request) => request.method === 'POST' && request.path === `${callPath}/recordings/composite/stop`), 'the stop');

    await consent(speaker);
    // The host brings one of the audience on stage: from then on the recording waits for them too.
    await deliver({ type: 'call.permissions_updated', call_cid: cid, created_at: at(now, 25), user: { id: listener.sub }, own_capabilities: ['join-call', 'send-audio', 'send-video'] });
    await deliver({ type: 'call.session_participant_joined', call_cid: cid, created_at: at(now, 26), session_id: 's1', participant: stretch(listener, 'listener-1') });
    await waitFor(async () => (await listenerSeat())?.onStageAt !== undefined, 'the listener on stage');
    // Asked to stop it: Stream refuses, as nothing records (the start is the test's), and the bus retries the event
    // until, after the consent below, the guard lets it be. So the second start is told apart by its own delivery.
    const askedToStop = async (egressId: string) =>
      (await localBusLog(inject('eventBusEndpoint')!))
        .filter(({ event }) => event.detail.call_cid === cid && event.detail.egress_id === egressId)
        .flatMap(({ deliveries }) => deliveries.filter((delivery) => delivery.rule === 'call-status'))
        .some((delivery) => delivery.error?.includes('StopRecording'));
    await deliver({ type: 'call.recording_started', call_cid: cid, created_at: at(now, 28), recording_type: 'composite', egress_id: 'e2' });
    await waitFor(() => askedToStop('e2'), 'the second stop');

    await consent(listener);
    await deliver({ type: 'call.transcription_started', call_cid: cid, created_at: at(now, 30) });
    await waitFor(async () => (await deliveriesFor(cid, 'call-status')).length === 3 && (await deliveriesFor(cid, 'call-status')).every((delivery) => delivery.status === 'succeeded'), 'the start handled');
    expect((await recorded()).filter((request) => request.path.startsWith(`${callPath}/`) && request.path.includes('transcription'))).toEqual([]);

    // Sent back to the audience (an older report of being up changes nothing), they are no longer waited for.
    await deliver({ type: 'call.permissions_updated', call_cid: cid, created_at: at(now, 40), user: { id: listener.sub }, own_capabilities: ['join-call'] });
    await deliver({ type: 'call.permissions_updated', call_cid: cid, created_at: at(now, 35), user: { id: listener.sub }, own_capabilities: ['join-call', 'send-audio'] });
    await waitFor(async () => (await listenerSeat())?.stageChangedAt === at(now, 40), 'the listener back in the audience');
    await waitFor(async () => (await deliveriesFor(cid, 'call-membership')).filter((delivery) => delivery.status === 'succeeded').length === 4, 'both changes handled');
    expect((await listenerSeat())?.onStageAt).toBeUndefined();
  });
});
