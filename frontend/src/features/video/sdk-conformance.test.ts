/**
 * Conformance of the video SDK we ship with the product specification: each test pins
 * one behaviour the spec lists and the SDK provides, with the SDK's own client and call objects held in
 * process and Stream's network scripted at its boundary (testing/offlineStream.ts). An SDK upgrade that
 * changes one of them fails here. Where the maintained SDK changed a spec value, the test pins the SDK's
 * value and docs/product-spec.md ("Amendments: the maintained video SDK") says why.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CallingState,
  OwnCapability,
  SfuModels,
  ViewportTracker,
  getClientDetails,
  type Call,
  type StreamVideoParticipant,
} from '@stream-io/video-react-sdk';
import clientPackage from '@stream-io/video-client/package.json' with { type: 'json' };
import { CAPTIONS, PARTICIPANT_VISIBILITY_THRESHOLD, PRIORITISED_CALL_ROLES } from '@mentoring/shared';
import { sdkMessages } from '@testing/video/sdkMessages';
import { callResponse, callSettings, createOfflineClient, fakeUserToken, scriptCall, type OfflineClient } from '@testing/video/offlineStream';

/** docs/product-spec.md point 9 names client 1.14.0; the amendment table moves it to the maintained client. */
const CALL_SDK_VERSION = '1.60.0';

const clients: OfflineClient[] = [];
const offline = async (userId = 'alice', connect = true) => {
  const created = await createOfflineClient({ userId, connect });
  clients.push(created);
  return created;
};

afterEach(async () => {
  vi.useRealTimers();
  for (const { client } of clients.splice(0)) await client.disconnectUser().catch(() => undefined);
});

const participant = (sessionId: string, roles: string[], extra: Partial<StreamVideoParticipant> = {}): StreamVideoParticipant =>
  ({
    sessionId,
    userId: sessionId,
    name: sessionId,
    roles,
    publishedTracks: [],
    isSpeaking: false,
    isDominantSpeaker: false,
    audioLevel: 0,
    connectionQuality: SfuModels.ConnectionQuality.GOOD,
    trackLookupPrefix: sessionId,
    image: '',
    custom: {},
    isLocalParticipant: false,
    ...extra,
  }) as StreamVideoParticipant;

/** The SFU's events reach the call through its dispatcher, as StreamSfuClient delivers them. */
const dispatchSfu = (call: Call, eventPayload: object) =>
  (call as unknown as { dispatcher: { dispatch: (message: { eventPayload: object }) => void } }).dispatcher.dispatch({ eventPayload });

describe('SDK version (docs/product-spec.md, point 9)', () => {
  it('ships the call SDK version the amended spec names, and says so to Stream as the React SDK', async () => {
    expect(clientPackage.version).toBe(CALL_SDK_VERSION);
    const { client } = await offline('alice', false);
    expect(client.streamClient.getUserAgent()).toMatch(/^stream-video-react-v\d+\.\d+\.\d+\|/);
  });

  it('reports its client details (sdk, os, browser, device) with each feedback', async () => {
    expect(Object.keys(await getClientDetails())).toEqual(expect.arrayContaining(['sdk', 'os', 'browser', 'device']));
  });
});

describe('participant sorting (docs/product-spec.md, points 1 and 6)', () => {
  const shuffled = () => [
    participant('viewer', ['user']),
    participant('speaker', ['speaker']),
    participant('guest', ['guest']),
    participant('host', ['host']),
    participant('admin', ['admin']),
  ];

  it.each(['livestream', 'audio_room'])('%s puts admin, host and speaker before everyone else', async (type) => {
    const { client } = await offline('alice', false);
    const call = client.call(type, 'sorting');
    call.state.setParticipants(shuffled());
    const order = call.state.participants.map((p) => p.sessionId);
    expect(new Set(order.slice(0, 3))).toEqual(new Set(PRIORITISED_CALL_ROLES));
    expect(new Set(order.slice(3))).toEqual(new Set(['viewer', 'guest']));
  });

  it('default calls do not sort by role', async () => {
    const { client } = await offline('alice', false);
    const call = client.call('default', 'sorting');
    call.state.setParticipants(shuffled());
    expect(call.state.participants.map((p) => p.sessionId).slice(0, 3)).not.toEqual(expect.arrayContaining([...PRIORITISED_CALL_ROLES]));
  });
});

describe('call messages (docs/product-spec.md, point 8)', () => {
  it('shares one join between concurrent calls of join() (amended: no longer refused)', async () => {
    const { client, api } = await offline();
    scriptCall(api, { type: 'default', id: 'twice', createdBy: 'alice' });
    // The first join waits on Stream's answer, so the call is JOINING when the second one comes.
    api.on('POST', /^\/call\/default\/twice\/join$/, () => new Promise(() => undefined));
    const call = client.call('default', 'twice');
    const first = call.join();
    await vi.waitFor(() => expect(call.state.callingState).toBe(CallingState.JOINING));
    expect(call.join()).toBe(first);
    expect(api.requests.filter((r) => r.path === '/call/default/twice/join')).toHaveLength(1);
  });

  it(`refuses to join a call it has joined: '${sdkMessages.joinTwice}'`, async () => {
    const { client } = await offline();
    const call = client.call('default', 'joined');
    call.state.setCallingState(CallingState.JOINED);
    await expect(call.join()).rejects.toThrow(sdkMessages.joinTwice);
  });

  it(`refuses to leave twice: '${sdkMessages.leaveTwice}'`, async () => {
    const { client } = await offline();
    const call = client.call('default', 'leave-twice');
    await call.leave();
    expect(call.state.callingState).toBe(CallingState.LEFT);
    await expect(call.leave()).rejects.toThrow(sdkMessages.leaveTwice);
  });

  it('sends the rating to POST /call/{type}/{id}/feedback without checking it (amended: PostCall keeps ratings to 1–5)', async () => {
    const { client, api } = await offline();
    const call = client.call('default', 'rated');
    api.on('POST', /^\/call\/default\/rated\/feedback$/, () => ({ data: { duration: '1ms' } }));
    await call.submitFeedback(5, { reason: 'Clear audio' });
    await call.submitFeedback(9);
    const sent = api.requests.filter((r) => r.path === '/call/default/rated/feedback').map((r) => r.body);
    expect(sent).toEqual([
      expect.objectContaining({ rating: 5, reason: 'Clear audio', sdk: expect.any(String), sdk_version: expect.any(String) }),
      expect.objectContaining({ rating: 9 }),
    ]);
  });

  it.each([-0.1, 1.1, 2])(`refuses speaker volume %s: '${sdkMessages.volumeRange}'`, async (volume) => {
    const { client } = await offline('alice', false);
    const call = client.call('default', 'volume');
    expect(() => call.speaker.setVolume(volume)).toThrow(sdkMessages.volumeRange);
    expect(() => call.speaker.setParticipantVolume('session', volume)).toThrow(`${sdkMessages.volumeRange}, or undefined`);
    call.speaker.setVolume(0.5);
    expect(call.speaker.state.volume).toBe(0.5);
  });

  it.each([
    ['publishVideoStream', sdkMessages.notJoined],
    ['publishAudioStream', sdkMessages.notJoined],
    ['publishScreenShareStream', sdkMessages.notJoined],
  ] as const)(`%s before joining: '${sdkMessages.notJoined}'`, async (method, message) => {
    const { client } = await offline('alice', false);
    const call = client.call('default', 'not-joined');
    await expect(call[method]({} as MediaStream)).rejects.toThrow(message);
  });

  it(`turns an API error into '${sdkMessages.serverError('{code}', '{message}')}'`, async () => {
    const { client, api } = await offline();
    api.on('GET', /^\/call\/default\/broken$/, () => ({ status: 400, data: { code: 4, message: 'GetCall failed with error: "bad input"', StatusCode: 400, duration: '1ms' } }));
    await expect(client.call('default', 'broken').get()).rejects.toThrow(sdkMessages.serverError(4, 'GetCall failed with error: "bad input"'));
  });

  it(`refuses noise cancellation where the filter is unsupported: '${sdkMessages.noiseCancellationUnavailable}'`, async () => {
    const { client } = await offline('alice', false);
    const call = client.call('default', 'nc');
    const filter = { isSupported: () => false, init: vi.fn(), isEnabled: vi.fn(), enable: vi.fn(), disable: vi.fn(), dispose: vi.fn(), toFilter: vi.fn(), on: vi.fn(), off: vi.fn() };
    await expect(call.microphone.enableNoiseCancellation(filter as never)).rejects.toThrow(sdkMessages.noiseCancellationUnavailable);
    expect(filter.init).not.toHaveBeenCalled();
  });
});

describe('captions (docs/product-spec.md, points 4 and 9)', () => {
  const caption = (call: Call, speaker: string, start: string, text: string) =>
    call.state.updateFromEvent({
      type: 'call.closed_caption',
      call_cid: call.cid,
      created_at: start,
      closed_caption: { speaker_id: speaker, start_time: start, end_time: start, text },
    } as never);

  it(`shows at most ${CAPTIONS.maxVisibleCaptions}, each removed after ${CAPTIONS.visibilityDurationMs} ms, duplicates ignored`, async () => {
    vi.useFakeTimers();
    const { client } = await offline('alice', false);
    const call = client.call('default', 'captions');
    caption(call, 'bob', '2026-01-01T00:00:01Z', 'one');
    caption(call, 'bob', '2026-01-01T00:00:01Z', 'one');
    expect(call.state.closedCaptions.map((c) => c.text)).toEqual(['one']);
    vi.advanceTimersByTime(1000);
    caption(call, 'carol', '2026-01-01T00:00:02Z', 'two');
    caption(call, 'bob', '2026-01-01T00:00:03Z', 'three');
    expect(call.state.closedCaptions.map((c) => c.text)).toEqual(['two', 'three']);
    vi.advanceTimersByTime(CAPTIONS.visibilityDurationMs - 1);
    expect(call.state.closedCaptions.map((c) => c.text)).toEqual(['two', 'three']);
    vi.advanceTimersByTime(1);
    expect(call.state.closedCaptions).toEqual([]);
  });
});

describe('recording, transcribing, captioning and broadcasting flags (docs/product-spec.md, point 4)', () => {
  it.each([
    ['recording', 'call.recording_started', 'call.recording_stopped', 'call.recording_failed'],
    ['transcribing', 'call.transcription_started', 'call.transcription_stopped', 'call.transcription_failed'],
    ['captioning', 'call.closed_captions_started', 'call.closed_captions_stopped', 'call.closed_captions_failed'],
  ] as const)('%s follows started, stopped and failed events', async (flag, started, stopped, failed) => {
    const { client } = await offline('alice', false);
    const call = client.call('default', `flags-${flag}`);
    const event = (type: string) => call.state.updateFromEvent({ type, call_cid: call.cid, created_at: new Date().toISOString() } as never);
    expect(call.state[flag]).toBe(false);
    event(started);
    expect(call.state[flag]).toBe(true);
    event(stopped);
    expect(call.state[flag]).toBe(false);
    event(started);
    event(failed);
    expect(call.state[flag]).toBe(false);
  });

  it('broadcasting follows the HLS started, stopped and failed events', async () => {
    const { client } = await offline('alice', false);
    const call = client.call('livestream', 'hls');
    call.state.updateFromCallResponse(callResponse({ type: 'livestream', id: 'hls', createdBy: 'alice' }));
    const event = (type: string, extra: object = {}) => call.state.updateFromEvent({ type, call_cid: call.cid, created_at: new Date().toISOString(), ...extra } as never);
    // The started event now carries the whole call, whose egress says where the playlist is.
    const started = () => ({
      call: callResponse({ type: 'livestream', id: 'hls', createdBy: 'alice', flags: { egress: { broadcasting: true, hls: { playlist_url: 'https://hls.example/playlist.m3u8' }, rtmps: [] } as never } }),
    });
    event('call.hls_broadcasting_started', started());
    expect(call.state.egress?.broadcasting).toBe(true);
    expect(call.state.egress?.hls?.playlist_url).toBe('https://hls.example/playlist.m3u8');
    event('call.hls_broadcasting_stopped');
    expect(call.state.egress?.broadcasting).toBe(false);
    event('call.hls_broadcasting_started', started());
    event('call.hls_broadcasting_failed');
    expect(call.state.egress?.broadcasting).toBe(false);
  });
});

describe('ringing (docs/product-spec.md, point 4; timeouts from the call settings)', () => {
  const ringingCall = async (me: string, createdBy: string, members: string[], ring = {}) => {
    const { client, api } = await offline(me);
    scriptCall(api, { type: 'default', id: 'ring', createdBy, members, settings: callSettings({ ring }), session: {} });
    api.on('POST', /^\/call\/default\/ring\/reject$/, () => ({ data: { duration: '1ms' } }));
    const call = client.call('default', 'ring');
    await call.getOrCreate({ ring: true });
    expect(call.state.callingState).toBe(CallingState.RINGING);
    return { client, api, call };
  };
  const rejected = (call: Call, by: string, rejectedBy: Record<string, string>, createdBy: string) =>
    call.streamClient.dispatchEvent({
      type: 'call.rejected',
      call_cid: call.cid,
      created_at: new Date().toISOString(),
      user: { id: by },
      call: callResponse({ type: 'default', id: 'ring', createdBy, session: { rejected_by: rejectedBy } }),
    } as never);

  it('the creator joins when someone else accepts', async () => {
    const { call } = await ringingCall('alice', 'alice', ['alice', 'bob']);
    const join = vi.spyOn(call, 'join').mockResolvedValue();
    const accepted = callResponse({ type: 'default', id: 'ring', createdBy: 'alice', session: { accepted_by: { bob: new Date().toISOString() } } });
    call.streamClient.dispatchEvent({ type: 'call.accepted', call_cid: call.cid, created_at: '', user: { id: 'bob' }, call: accepted } as never);
    await vi.waitFor(() => expect(join).toHaveBeenCalledTimes(1));
  });

  it('the creator leaves once every other member rejected, not before', async () => {
    const { call } = await ringingCall('alice', 'alice', ['alice', 'bob', 'carol']);
    rejected(call, 'bob', { bob: 'now' }, 'alice');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(call.state.callingState).toBe(CallingState.RINGING);
    rejected(call, 'carol', { bob: 'now', carol: 'now' }, 'alice');
    await vi.waitFor(() => expect(call.state.callingState).toBe(CallingState.LEFT));
  });

  it('a member leaves when the creator rejects', async () => {
    const { call } = await ringingCall('bob', 'alice', ['alice', 'bob']);
    rejected(call, 'alice', { alice: 'now' }, 'alice');
    await vi.waitFor(() => expect(call.state.callingState).toBe(CallingState.LEFT));
  });

  it('rejections are ignored when not ringing', async () => {
    const { client, api } = await offline('alice');
    scriptCall(api, { type: 'default', id: 'quiet', createdBy: 'alice', members: ['alice', 'bob'], session: {} });
    const call = client.call('default', 'quiet');
    await call.getOrCreate();
    expect(call.state.callingState).toBe(CallingState.IDLE);
    call.streamClient.dispatchEvent({ type: 'call.rejected', call_cid: call.cid, created_at: '', user: { id: 'bob' }, call: callResponse({ type: 'default', id: 'quiet', createdBy: 'alice', session: { rejected_by: { bob: 'now' } } }) } as never);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(call.state.callingState).toBe(CallingState.IDLE);
  });

  it('an outgoing ring is cancelled after auto_cancel_timeout_ms from the settings', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { call, api } = await ringingCall('alice', 'alice', ['alice', 'bob'], { auto_cancel_timeout_ms: 4000, incoming_call_timeout_ms: 9000 });
    await vi.advanceTimersByTimeAsync(3999);
    expect(call.state.callingState).toBe(CallingState.RINGING);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(call.state.callingState).toBe(CallingState.LEFT));
    expect(api.requests.find((r) => r.path === '/call/default/ring/reject')?.body).toMatchObject({ reason: 'timeout' });
  });

  it('an incoming ring stops after incoming_call_timeout_ms from the settings', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { call } = await ringingCall('bob', 'alice', ['alice', 'bob'], { auto_cancel_timeout_ms: 4000, incoming_call_timeout_ms: 9000 });
    await vi.advanceTimersByTimeAsync(8999);
    expect(call.state.callingState).toBe(CallingState.RINGING);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(call.state.callingState).toBe(CallingState.LEFT));
  });
});

describe('leaving by rule (docs/product-spec.md, point 4)', () => {
  const watchedCall = async (ownCapabilities: OwnCapability[] = []) => {
    const { client, api } = await offline('alice');
    scriptCall(api, { type: 'livestream', id: 'rules', createdBy: 'host', members: ['host', 'alice'], ownCapabilities, session: {} });
    const call = client.call('livestream', 'rules');
    await call.get();
    // Joined, as far as the rules are concerned: they look only at the calling state.
    call.state.setCallingState(CallingState.JOINED);
    return { client, call };
  };

  it('a call.ended event makes the client leave', async () => {
    const { call } = await watchedCall();
    call.streamClient.dispatchEvent({ type: 'call.ended', call_cid: call.cid, created_at: '', call: callResponse({ type: 'livestream', id: 'rules', createdBy: 'host' }) } as never);
    await vi.waitFor(() => expect(call.state.callingState).toBe(CallingState.LEFT));
  });

  it('a call.ended event is ignored by an idle call', async () => {
    const { call } = await watchedCall();
    call.state.setCallingState(CallingState.IDLE);
    call.streamClient.dispatchEvent({ type: 'call.ended', call_cid: call.cid, created_at: '', call: callResponse({ type: 'livestream', id: 'rules', createdBy: 'host' }) } as never);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(call.state.callingState).toBe(CallingState.IDLE);
  });

  it("the media server's call-ended event makes the client leave", async () => {
    const { call } = await watchedCall();
    dispatchSfu(call, { oneofKind: 'callEnded', callEnded: { reason: SfuModels.CallEndedReason.KICKED } });
    await vi.waitFor(() => expect(call.state.callingState).toBe(CallingState.LEFT));
  });

  it('a live-ended error makes a viewer leave', async () => {
    const { call } = await watchedCall([OwnCapability.JOIN_CALL]);
    dispatchSfu(call, { oneofKind: 'error', error: { error: { code: SfuModels.ErrorCode.LIVE_ENDED, message: 'live ended', shouldRetry: false }, reconnectStrategy: 0 } });
    await vi.waitFor(() => expect(call.state.callingState).toBe(CallingState.LEFT));
  });

  it('a live-ended error keeps a member who may join backstage', async () => {
    const { call } = await watchedCall([OwnCapability.JOIN_CALL, OwnCapability.JOIN_BACKSTAGE]);
    dispatchSfu(call, { oneofKind: 'error', error: { error: { code: SfuModels.ErrorCode.LIVE_ENDED, message: 'live ended', shouldRetry: false }, reconnectStrategy: 0 } });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(call.state.callingState).toBe(CallingState.JOINED);
  });

  it('a blocked user leaves the call', async () => {
    const { call } = await watchedCall();
    call.streamClient.dispatchEvent({ type: 'call.blocked_user', call_cid: call.cid, created_at: '', user: { id: 'alice' } } as never);
    await vi.waitFor(() => expect(call.state.callingState).toBe(CallingState.LEFT));
    expect(call.state.blockedUserIds).toContain('alice');
  });

  it('disconnecting the user leaves every joined call', async () => {
    const { client, call } = await watchedCall();
    await client.disconnectUser();
    await vi.waitFor(() => expect(call.state.callingState).toBe(CallingState.LEFT));
  });

  it('a remote moderation unpublish turns off the matching local device', async () => {
    const { call } = await watchedCall();
    call.state.setParticipants([participant('me', ['user'], { isLocalParticipant: true, userId: 'alice' })]);
    const camera = vi.spyOn(call.camera, 'disable').mockResolvedValue();
    const microphone = vi.spyOn(call.microphone, 'disable').mockResolvedValue();
    const trackUnpublished = (type: number, cause: number) =>
      dispatchSfu(call, { oneofKind: 'trackUnpublished', trackUnpublished: { userId: 'alice', sessionId: 'me', type, cause } });
    trackUnpublished(SfuModels.TrackType.AUDIO, SfuModels.TrackUnpublishReason.USER_MUTED);
    trackUnpublished(SfuModels.TrackType.VIDEO, SfuModels.TrackUnpublishReason.MODERATION);
    await vi.waitFor(() => expect(camera).toHaveBeenCalledTimes(1));
    expect(microphone).not.toHaveBeenCalled();
  });
});

describe('permissions and capabilities (docs/product-spec.md, points 5 and 6)', () => {
  it('a permission request is allowed only where the setting has access_request_enabled', async () => {
    const { client, api } = await offline('alice');
    scriptCall(api, { type: 'audio_room', id: 'ask', createdBy: 'host', settings: callSettings({ audioAccessRequest: false }), session: {} });
    api.on('POST', /^\/call\/audio_room\/ask\/request_permission$/, () => ({ data: { duration: '1ms' } }));
    const call = client.call('audio_room', 'ask');
    await call.get();
    await expect(call.requestPermissions({ permissions: [OwnCapability.SEND_AUDIO] })).rejects.toThrow('You are not allowed to request permissions: send-audio');
    expect(api.requests.some((r) => r.path.endsWith('/request_permission'))).toBe(false);
    call.state.updateFromCallResponse(callResponse({ type: 'audio_room', id: 'ask', createdBy: 'host', settings: callSettings({ audioAccessRequest: true }), session: {} }));
    await call.requestPermissions({ permissions: [OwnCapability.SEND_AUDIO] });
    expect(api.requests.find((r) => r.path.endsWith('/request_permission'))?.body).toEqual({ permissions: ['send-audio'] });
  });

  it('grant and revoke go to POST /user_permissions', async () => {
    const { client, api } = await offline('alice');
    api.on('POST', /^\/call\/audio_room\/grant\/user_permissions$/, () => ({ data: { duration: '1ms' } }));
    const call = client.call('audio_room', 'grant');
    await call.grantPermissions('bob', [OwnCapability.SEND_AUDIO]);
    await call.revokePermissions('bob', [OwnCapability.SEND_AUDIO]);
    expect(api.requests.filter((r) => r.path.endsWith('/user_permissions')).map((r) => r.body)).toEqual([
      { user_id: 'bob', grant_permissions: ['send-audio'] },
      { user_id: 'bob', revoke_permissions: ['send-audio'] },
    ]);
  });

  it('grant updates add and remove own capabilities of the local user only', async () => {
    const { client, api } = await offline('alice');
    scriptCall(api, { type: 'audio_room', id: 'caps', createdBy: 'host', ownCapabilities: [OwnCapability.JOIN_CALL], session: {} });
    const call = client.call('audio_room', 'caps');
    await call.get();
    call.state.setParticipants([participant('alice-session', ['user'], { isLocalParticipant: true, userId: 'alice' }), participant('bob-session', ['user'], { userId: 'bob' })]);
    const updated = (userId: string, capabilities: OwnCapability[]) =>
      call.streamClient.dispatchEvent({ type: 'call.permissions_updated', call_cid: call.cid, created_at: '', user: { id: userId }, own_capabilities: capabilities } as never);
    updated('bob', [OwnCapability.JOIN_CALL, OwnCapability.SEND_AUDIO, OwnCapability.END_CALL]);
    expect(call.state.ownCapabilities).toEqual([OwnCapability.JOIN_CALL]);
    updated('alice', [OwnCapability.JOIN_CALL, OwnCapability.SEND_AUDIO]);
    expect(call.state.ownCapabilities).toEqual([OwnCapability.JOIN_CALL, OwnCapability.SEND_AUDIO]);
    updated('alice', [OwnCapability.JOIN_CALL]);
    expect(call.state.ownCapabilities).toEqual([OwnCapability.JOIN_CALL]);
  });
});

describe('users and tokens (docs/product-spec.md, points 4 and 5)', () => {
  it('a user needs an id', async () => {
    const { client } = await offline('alice', false);
    await expect(client.connectUser({ id: '' }, fakeUserToken(''))).rejects.toThrow('The "id" field on the user is missing');
  });

  it("a token's user_id must match the user id", async () => {
    const { client } = await offline('alice', false);
    await expect(client.connectUser({ id: 'alice' }, fakeUserToken('mallory'))).rejects.toThrow('userToken does not have a user_id or is not matching with user.id');
  });

  it('an expired-token error reloads the token and retries the request', async () => {
    const { client, api } = await offline('alice', false);
    const tokenProvider = vi.fn(async () => fakeUserToken('alice'));
    await client.connectUser({ id: 'alice' }, tokenProvider);
    let first = true;
    scriptCall(api, { type: 'default', id: 'expired', createdBy: 'alice' });
    api.on('GET', /^\/call\/default\/expired$/, () => {
      if (!first) return { data: { call: callResponse({ type: 'default', id: 'expired', createdBy: 'alice' }), members: [], own_capabilities: [], duration: '1ms' } };
      first = false;
      return { status: 401, data: { code: 40, message: 'token expired', StatusCode: 401, duration: '1ms' } };
    });
    const calls = tokenProvider.mock.calls.length;
    // After an earlier failed request the client waits a random 2–5 s (retryInterval) before it retries: the
    // clock is moved past that instead of waited out, which took the test past its 5 s on a busy machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const answer = client.call('default', 'expired').get();
    await vi.advanceTimersByTimeAsync(5000);
    await answer;
    expect(tokenProvider.mock.calls.length).toBe(calls + 1);
    expect(api.requests.filter((r) => r.path === '/call/default/expired')).toHaveLength(2);
  });

  it('every request carries user_id, connection_id, api_key and a client request id', async () => {
    const { client, api } = await offline('alice');
    scriptCall(api, { type: 'default', id: 'params', createdBy: 'alice' });
    await client.call('default', 'params').get();
    expect(api.requests.at(-1)?.params).toMatchObject({ user_id: 'alice', connection_id: expect.stringMatching(/^connection-/), api_key: 'test-api-key' });
  });
});

describe('participant visibility (docs/product-spec.md, point 2)', () => {
  it(`tracks tiles in the viewport with a threshold of ${PARTICIPANT_VISIBILITY_THRESHOLD}`, async () => {
    const { client } = await offline('alice', false);
    const call = client.call('default', 'viewport');
    const observers: IntersectionObserverInit[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(_callback: unknown, options: IntersectionObserverInit) {
          observers.push(options);
        }
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    try {
      new ViewportTracker(call.state).setViewport(document.createElement('div'));
      expect(observers).toEqual([expect.objectContaining({ threshold: PARTICIPANT_VISIBILITY_THRESHOLD })]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
