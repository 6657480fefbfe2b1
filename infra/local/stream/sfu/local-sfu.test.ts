import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVideoHarness, type VideoHarness } from '../video/testing/harness';
import { connectSignal, joinCoordinator as join, joinRequest, type Credentials } from '../video/testing/sfu-signal';
import { TrackType } from './generated/video/sfu/models/models';

/**
 * The SFU's signalling as the video client uses it, spoken by a test with the protocol's own messages: the
 * WebSocket (join, health check, leave) and the Twirp methods. The media itself is proven in Chromium
 * (test/stream-video).
 */
let harness: VideoHarness;

beforeAll(async () => {
  harness = await startVideoHarness();
});

afterAll(async () => {
  await harness.close();
});

const joinCoordinator = async (userId: string, callId: string) => {
  const { status, credentials } = await join(harness, userId, callId);
  expect(status).toBe(201);
  return credentials;
};

const twirp = (credentials: Credentials, method: string, body: unknown, token = credentials.token) =>
  fetch(`${credentials.server.url}/stream.video.sfu.signal.SignalServer/${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the SFU signalling', () => {
  it('joins two participants, tells each about the other, answers health checks, and lets them leave', async () => {
    const callId = `sfu-${Date.now()}`;
    const adaCredentials = await joinCoordinator('ada', callId);
    const ada = await connectSignal(adaCredentials, 'session-ada');
    ada.send(joinRequest(adaCredentials.token, 'session-ada'));
    const adaJoined = await ada.next('joinResponse');
    const adaState = adaJoined.eventPayload.oneofKind === 'joinResponse' ? adaJoined.eventPayload.joinResponse : undefined;
    expect(adaState?.callState?.participants.map((p) => p.userId)).toEqual(['ada']);
    expect(adaState?.publishOptions.map((o) => [o.trackType, o.codec?.name])).toEqual(
      expect.arrayContaining([[TrackType.AUDIO, 'opus'], [TrackType.VIDEO, 'vp8'], [TrackType.SCREEN_SHARE, 'vp8']]),
    );

    const graceCredentials = await joinCoordinator('grace', callId);
    const grace = await connectSignal(graceCredentials, 'session-grace');
    grace.send(joinRequest(graceCredentials.token, 'session-grace'));
    const graceJoined = await grace.next('joinResponse');
    expect(graceJoined.eventPayload.oneofKind === 'joinResponse' && graceJoined.eventPayload.joinResponse.callState?.participants.map((p) => p.userId).sort()).toEqual(['ada', 'grace']);
    const joined = await ada.next('participantJoined');
    expect(joined.eventPayload.oneofKind === 'participantJoined' && joined.eventPayload.participantJoined.participant).toMatchObject({ userId: 'grace', sessionId: 'session-grace' });

    ada.send({ oneofKind: 'healthCheckRequest', healthCheckRequest: {} });
    const health = await ada.next('healthCheckResponse');
    expect(health.eventPayload.oneofKind === 'healthCheckResponse' && health.eventPayload.healthCheckResponse.participantCount?.total).toBe(2);

    grace.send({ oneofKind: 'leaveCallRequest', leaveCallRequest: { sessionId: 'session-grace', reason: 'bye' } });
    const left = await ada.next('participantLeft');
    expect(left.eventPayload.oneofKind === 'participantLeft' && left.eventPayload.participantLeft.participant?.userId).toBe('grace');
    ada.ws.close();

    const cid = `default:${callId}`;
    await expect.poll(() => harness.webhooks.filter((w) => w.call_cid === cid).map((w) => w.type)).toEqual([
      'call.created', 'call.session_started', 'call.session_participant_joined', 'call.session_participant_joined',
      'call.session_participant_left', 'call.session_participant_left', 'call.session_ended',
    ]);
    const joinedHook = harness.webhooks.find((w) => w.type === 'call.session_participant_joined' && w.call_cid === cid);
    expect(joinedHook).toMatchObject({ participant: { user: { id: 'ada' }, user_session_id: 'session-ada', joined_at: expect.any(String) }, session_id: expect.any(String) });
  });

  it('refuses a join with a token it did not issue', async () => {
    const credentials = await joinCoordinator('ada', `sfu-bad-${Date.now()}`);
    const mallory = await connectSignal(credentials, 'session-mallory');
    mallory.send(joinRequest(`${credentials.token}x`, 'session-mallory'));
    const error = await mallory.next('error');
    expect(error.eventPayload.oneofKind === 'error' && error.eventPayload.error.error?.message).toMatch(/invalid SFU token/);
  });

  it('takes Twirp calls from its participants only, and mute states reach the others as track events', async () => {
    const callId = `sfu-twirp-${Date.now()}`;
    const credentials = await joinCoordinator('ada', callId);
    const ada = await connectSignal(credentials, 'session-ada-2');
    ada.send(joinRequest(credentials.token, 'session-ada-2'));
    await ada.next('joinResponse');

    const forged = await twirp(credentials, 'UpdateMuteStates', { sessionId: 'session-ada-2', muteStates: [] }, 'forged.token.value');
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ code: 'unauthenticated' });
    const stranger = await twirp(credentials, 'UpdateMuteStates', { sessionId: 'someone-else', muteStates: [] });
    expect(stranger.status).toBe(404);
    const unknown = await twirp(credentials, 'NoSuchMethod', { sessionId: 'session-ada-2' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'bad_route' });

    const muted = await twirp(credentials, 'UpdateMuteStates', { sessionId: 'session-ada-2', muteStates: [{ trackType: 'TRACK_TYPE_AUDIO', muted: true }] });
    expect(muted.status).toBe(200);
    expect(await muted.json()).toEqual({});
    const stats = await twirp(credentials, 'SendStats', { sessionId: 'session-ada-2' });
    expect(stats.status).toBe(200);
    ada.ws.close();
  });
});
