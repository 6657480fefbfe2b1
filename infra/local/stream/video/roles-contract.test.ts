import { StreamClient } from '@stream-io/node-sdk';
import { StreamVideoClient, type StreamVideoEvent } from '@stream-io/video-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { CallEndedReason, ErrorCode } from '../sfu/generated/video/sfu/models/models';
import { startVideoHarness, TEST_SECRET, type VideoHarness } from './testing/harness';
import { joinCoordinator, joinSfu } from './testing/sfu-signal';

/**
 * Call types, call roles and what they may do, against the real video client and node SDK: the settings and
 * capabilities of each type, backstage and going live, moderation (mute, block, kick, pin), permission requests and
 * grants; the SFU's side of them is read from its signalling, as the client reads it.
 */
let harness: VideoHarness;
let server: StreamClient;
const clients: StreamVideoClient[] = [];
const sockets: WebSocket[] = [];

beforeAll(async () => {
  harness = await startVideoHarness();
  server = new StreamClient(harness.apiKey, TEST_SECRET, { basePath: harness.baseUrl });
});

afterEach(async () => {
  for (const ws of sockets.splice(0)) ws.close();
  await Promise.all(clients.splice(0).map((client) => client.disconnectUser()));
});

afterAll(async () => {
  await harness.close();
});

const connect = async (userId: string) => {
  const client = new StreamVideoClient({
    apiKey: harness.apiKey,
    options: { baseURL: `${harness.baseUrl}/video`, locationHintUrl: `${harness.baseUrl}/video/location-hint`, WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket, timeout: 5000 },
  });
  clients.push(client);
  await client.connectUser({ id: userId, name: `User ${userId}` }, harness.userToken(userId));
  return client;
};

const nextEvent = (client: StreamVideoClient, type: string) =>
  new Promise<StreamVideoEvent & Record<string, unknown>>((resolve) => {
    const off = client.on(type as 'all', (event: StreamVideoEvent) => {
      off();
      resolve(event as StreamVideoEvent & Record<string, unknown>);
    });
  });

const inSfu = async (...args: Parameters<typeof joinSfu> extends [unknown, ...infer Rest] ? Rest : never) => {
  const joined = await joinSfu(harness, ...args);
  sockets.push(joined.ws);
  return joined;
};

let sequence = 0;
const callId = () => `roles-${Date.now()}-${++sequence}`;
const members = (...ids: string[]) => ids.map((user_id) => ({ user_id }));

describe('call types', () => {
  it('has Stream’s documented defaults per type: backstage, access requests, audio only, ring timeouts', async () => {
    const settingsOf = async (type: string) => (await server.video.call(type, callId()).getOrCreate({ data: { created_by_id: 'ada' } })).call.settings;
    const [defaults, development, livestream, audioRoom] = await Promise.all(['default', 'development', 'livestream', 'audio_room'].map(settingsOf));
    expect(defaults).toMatchObject({ backstage: { enabled: false }, video: { enabled: true, access_request_enabled: true }, audio: { mic_default_on: true }, ring: { auto_cancel_timeout_ms: 15000, incoming_call_timeout_ms: 15000 } });
    expect(development).toMatchObject({ backstage: { enabled: false }, ring: { auto_cancel_timeout_ms: 15000 } });
    expect(livestream).toMatchObject({ backstage: { enabled: true }, audio: { access_request_enabled: false, mic_default_on: false }, video: { enabled: true, access_request_enabled: false }, ring: { auto_cancel_timeout_ms: 0 } });
    expect(audioRoom).toMatchObject({ backstage: { enabled: true }, audio: { access_request_enabled: true, mic_default_on: false }, video: { enabled: false, camera_default_on: false }, screensharing: { enabled: false } });
  });

  it('makes the creator the host: a member’s capabilities are a participant’s, the host’s a moderator’s', async () => {
    const ada = await connect('ada');
    const grace = await connect('grace');
    const id = callId();
    const created = await ada.call('default', id).getOrCreate({ data: { members: members('ada', 'grace') } });
    expect(created.members.find((m) => m.user_id === 'ada')?.role).toBe('host');
    expect(created.own_capabilities).toEqual(expect.arrayContaining(['mute-users', 'block-users', 'kick-user', 'pin-for-everyone', 'update-call-permissions', 'send-video']));
    const asGrace = await grace.call('default', id).get();
    expect(asGrace.own_capabilities).toEqual(expect.arrayContaining(['join-call', 'send-audio', 'send-video', 'screenshare', 'create-reaction']));
    expect(asGrace.own_capabilities).not.toContain('mute-users');
    expect(asGrace.own_capabilities).not.toContain('pin-for-everyone');
  });

  it('HLS broadcasting only where the type’s settings have it on (livestream), to its hosts; captions go with transcription', async () => {
    const ada = await connect('ada');
    for (const type of ['default', 'development', 'livestream', 'audio_room']) {
      const { own_capabilities, call } = await ada.call(type, callId()).getOrCreate();
      expect(own_capabilities, type).toContain('start-closed-captions-call');
      expect(own_capabilities.includes('start-broadcast-call'), type).toBe(type === 'livestream');
      expect(call.settings.broadcasting.hls.enabled, type).toBe(type === 'livestream');
      expect(call.settings.broadcasting.rtmp.enabled, type).toBe(false);
    }
  });

  it('an audio room: the host speaks without video, a listener may only listen, a speaker may speak', async () => {
    const ada = await connect('ada');
    const grace = await connect('grace');
    const linus = await connect('linus');
    const id = callId();
    const created = await ada.call('audio_room', id).getOrCreate({ data: { members: [{ user_id: 'ada' }, { user_id: 'grace' }, { user_id: 'linus', role: 'speaker' }] } });
    expect(created.own_capabilities).toEqual(expect.arrayContaining(['send-audio', 'update-call-permissions', 'join-backstage']));
    expect(created.own_capabilities).not.toContain('send-video');
    expect(created.own_capabilities).not.toContain('screenshare');
    const listener = (await grace.call('audio_room', id).get()).own_capabilities;
    expect(listener).toEqual(expect.arrayContaining(['join-call', 'read-call']));
    expect(listener).not.toContain('send-audio');
    expect((await linus.call('audio_room', id).get()).own_capabilities).toContain('send-audio');
  });

  it('the SFU’s participants carry their call roles', async () => {
    const id = callId();
    await server.video.call('default', id).getOrCreate({ data: { created_by_id: 'ada', members: [{ user_id: 'ada' }, { user_id: 'grace', role: 'speaker' }] } });
    await inSfu('ada', id);
    const grace = await inSfu('grace', id);
    const participants = grace.joined.eventPayload.oneofKind === 'joinResponse' ? grace.joined.eventPayload.joinResponse.callState?.participants ?? [] : [];
    expect(Object.fromEntries(participants.map((p) => [p.userId, p.roles]))).toEqual({ ada: ['host'], grace: ['speaker'] });
  });
});

describe('backstage and going live', () => {
  it('a livestream starts backstage: the host joins, a viewer is refused until go_live; stop_live sends it back', async () => {
    const ada = await connect('ada');
    const grace = await connect('grace');
    const id = callId();
    const created = await ada.call('livestream', id).getOrCreate({ data: { members: members('ada', 'grace') } });
    expect(created.call.backstage).toBe(true);
    expect(created.own_capabilities).toContain('join-backstage');

    const refused = await joinCoordinator(harness, 'grace', id, 'livestream', {});
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 17, message: expect.stringMatching(/JoinBackstage/) });
    expect((await joinCoordinator(harness, 'ada', id, 'livestream', {})).status).toBe(201);
    await expect(grace.call('livestream', id).goLive()).rejects.toMatchObject({ status: 403, code: 17 });

    const graceCall = grace.call('livestream', id);
    await graceCall.get();
    const liveStarted = nextEvent(grace, 'call.live_started');
    const response = await ada.call('livestream', id).goLive();
    expect(response.call.backstage).toBe(false);
    expect(await liveStarted).toMatchObject({ call_cid: `livestream:${id}`, call: { backstage: false } });
    expect(graceCall.state.backstage).toBe(false);
    expect((await joinCoordinator(harness, 'grace', id, 'livestream', {})).status).toBe(201);
    expect(harness.webhooks.some((w) => w.type === 'call.live_started' && w.call_cid === `livestream:${id}`)).toBe(true);

    const updated = nextEvent(grace, 'call.updated');
    await ada.call('livestream', id).stopLive();
    expect(await updated).toMatchObject({ call: { backstage: true } });
    expect(graceCall.state.backstage).toBe(true);
  });

  it('stop_live tells everyone in the SFU that the live ended', async () => {
    const id = callId();
    const call = server.video.call('livestream', id);
    await call.getOrCreate({ data: { created_by_id: 'ada', members: members('ada', 'grace') } });
    await call.goLive();
    const ada = await inSfu('ada', id, 'livestream');
    const grace = await inSfu('grace', id, 'livestream');
    await call.stopLive();
    for (const signal of [ada, grace]) {
      const event = await signal.next('error');
      expect(event.eventPayload.oneofKind === 'error' && event.eventPayload.error.error?.code).toBe(ErrorCode.LIVE_ENDED);
    }
  });
});

describe('moderation', () => {
  const setUp = async (type = 'default') => {
    const ada = await connect('ada');
    const grace = await connect('grace');
    const id = callId();
    await ada.call(type, id).getOrCreate({ data: { members: members('ada', 'grace', 'linus') } });
    return { ada, grace, id };
  };

  it('refuses each moderation call to a member without the capability, with Stream’s 403 and code 17', async () => {
    const { grace, id } = await setUp();
    const call = grace.call('default', id);
    const refusals = [
      () => call.muteUser('ada', 'audio'),
      () => call.blockUser('ada'),
      () => call.unblockUser('ada'),
      () => call.kickUser({ user_id: 'ada' }),
      () => call.pinForEveryone({ user_id: 'ada', session_id: 's' }),
      () => call.unpinForEveryone({ user_id: 'ada', session_id: 's' }),
      () => call.grantPermissions('linus', ['send-audio']),
    ];
    for (const refused of refusals) await expect(refused()).rejects.toMatchObject({ status: 403, code: 17, message: expect.stringMatching(/not allowed to perform action/) });
  });

  it('mute_users: the muted hear call.user_muted, and it is sent as a webhook', async () => {
    const { ada, grace, id } = await setUp();
    const muted = nextEvent(grace, 'call.user_muted');
    await ada.call('default', id).muteUser('grace', 'audio');
    expect(await muted).toMatchObject({ from_user_id: 'ada', muted_user_ids: ['grace'] });
    expect(harness.webhooks.some((w) => w.type === 'call.user_muted' && w.call_cid === `default:${id}`)).toBe(true);
  });

  it('block: the blocked user is let go by the SFU (call ended, kicked), listed in blocked_user_ids, and cannot rejoin until unblocked', async () => {
    const { ada, id } = await setUp();
    await inSfu('ada', id);
    const grace = await inSfu('grace', id);
    const blocked = nextEvent(ada, 'call.blocked_user');
    await ada.call('default', id).blockUser('grace');
    expect(await blocked).toMatchObject({ user: { id: 'grace' }, blocked_by_user: { id: 'ada' } });
    const ended = await grace.next('callEnded');
    expect(ended.eventPayload.oneofKind === 'callEnded' && ended.eventPayload.callEnded.reason).toBe(CallEndedReason.KICKED);
    await grace.closed;
    expect((await ada.call('default', id).get()).call.blocked_user_ids).toEqual(['grace']);
    expect(await joinCoordinator(harness, 'grace', id, 'default', {})).toMatchObject({ status: 403, body: { code: 17 } });

    await ada.call('default', id).unblockUser('grace');
    expect((await ada.call('default', id).get()).call.blocked_user_ids).toEqual([]);
    expect((await joinCoordinator(harness, 'grace', id, 'default', {})).status).toBe(201);
    expect(harness.webhooks.filter((w) => w.call_cid === `default:${id}`).map((w) => w.type)).toEqual(expect.arrayContaining(['call.blocked_user', 'call.unblocked_user']));
  });

  it('kick: the user is let go but may rejoin; kick with block blocks too', async () => {
    const { ada, id } = await setUp();
    const grace = await inSfu('grace', id);
    const kicked = nextEvent(ada, 'call.kicked_user');
    await ada.call('default', id).kickUser({ user_id: 'grace' });
    expect(await kicked).toMatchObject({ user: { id: 'grace' } });
    await grace.next('callEnded');
    expect((await joinCoordinator(harness, 'grace', id, 'default', {})).status).toBe(201);
    await ada.call('default', id).kickUser({ user_id: 'grace', block: true });
    expect((await ada.call('default', id).get()).call.blocked_user_ids).toEqual(['grace']);
  });

  it('pin and unpin for everyone reach every participant as the SFU’s pins, and a late joiner gets them', async () => {
    const { ada, id } = await setUp();
    const adaSignal = await inSfu('ada', id);
    const grace = await inSfu('grace', id);
    await ada.call('default', id).pinForEveryone({ user_id: 'grace', session_id: grace.sessionId });
    for (const signal of [adaSignal, grace]) {
      const pins = await signal.next('pinsUpdated');
      expect(pins.eventPayload.oneofKind === 'pinsUpdated' && pins.eventPayload.pinsUpdated.pins).toEqual([{ userId: 'grace', sessionId: grace.sessionId }]);
    }
    const linus = await inSfu('linus', id);
    expect(linus.joined.eventPayload.oneofKind === 'joinResponse' && linus.joined.eventPayload.joinResponse.callState?.pins).toEqual([{ userId: 'grace', sessionId: grace.sessionId }]);
    await ada.call('default', id).unpinForEveryone({ user_id: 'grace', session_id: grace.sessionId });
    const unpinned = await linus.next('pinsUpdated');
    expect(unpinned.eventPayload.oneofKind === 'pinsUpdated' && unpinned.eventPayload.pinsUpdated.pins).toEqual([]);
  });
});

describe('asking to speak', () => {
  it('a listener asks, only those who may grant hear it; the grant reaches the listener and the SFU, the revoke takes it back', async () => {
    const ada = await connect('ada');
    const grace = await connect('grace');
    const linus = await connect('linus');
    const id = callId();
    await ada.call('audio_room', id).getOrCreate({ data: { members: [{ user_id: 'ada' }, { user_id: 'grace' }, { user_id: 'linus', role: 'speaker' }] } });
    await ada.call('audio_room', id).goLive();
    const graceCall = grace.call('audio_room', id);
    await graceCall.get();
    expect(graceCall.permissionsContext.canRequest('send-audio')).toBe(true);
    const graceSignal = await inSfu('grace', id, 'audio_room');

    const request = nextEvent(ada, 'call.permission_request');
    let linusHeard = false;
    linus.on('call.permission_request', () => {
      linusHeard = true;
    });
    await graceCall.requestPermissions({ permissions: ['send-audio'] });
    expect(await request).toMatchObject({ permissions: ['send-audio'], user: { id: 'grace' } });
    expect(harness.webhooks.some((w) => w.type === 'call.permission_request' && w.call_cid === `audio_room:${id}`)).toBe(true);

    const updated = nextEvent(grace, 'call.permissions_updated');
    await ada.call('audio_room', id).grantPermissions('grace', ['send-audio']);
    expect(await updated).toMatchObject({ user: { id: 'grace' }, own_capabilities: expect.arrayContaining(['send-audio']) });
    const grants = await graceSignal.next('callGrantsUpdated');
    expect(grants.eventPayload.oneofKind === 'callGrantsUpdated' && grants.eventPayload.callGrantsUpdated.currentGrants).toEqual({ canPublishAudio: true, canPublishVideo: false, canScreenshare: false });
    expect((await graceCall.get()).own_capabilities).toContain('send-audio');

    await ada.call('audio_room', id).revokePermissions('grace', ['send-audio']);
    expect((await graceCall.get()).own_capabilities).not.toContain('send-audio');
    expect(linusHeard).toBe(false);
  });

  it('refuses a request the call’s settings do not allow (400), as a livestream’s', async () => {
    const ada = await connect('ada');
    const grace = await connect('grace');
    const id = callId();
    await ada.call('livestream', id).getOrCreate({ data: { members: members('ada', 'grace') } });
    await expect(grace.streamClient.post(`/call/livestream/${id}/request_permission`, { permissions: ['send-video'] })).rejects.toMatchObject({ status: 400, code: 4 });
  });
});

describe('missed calls', () => {
  const ringWith = async (timeoutMs: number, ...callees: string[]) => {
    const ada = await connect('ada');
    const id = callId();
    const clients = await Promise.all(callees.map(connect));
    const call = ada.call('default', id);
    await call.getOrCreate({
      ring: true,
      data: { members: members('ada', ...callees), settings_override: { ring: { auto_cancel_timeout_ms: timeoutMs, incoming_call_timeout_ms: timeoutMs } } },
    });
    return { ada, id, clients };
  };

  it('a ring nobody answers ends as missed: missed_by is filled, call.missed reaches the caller and the callee, and the webhook is sent', async () => {
    const ada = await connect('ada');
    const grace = await connect('grace');
    const id = callId();
    const toAda = nextEvent(ada, 'call.missed');
    const toGrace = nextEvent(grace, 'call.missed');
    await server.video.call('default', id).getOrCreate({
      ring: true,
      data: { created_by_id: 'ada', members: members('ada', 'grace'), settings_override: { ring: { auto_cancel_timeout_ms: 300, incoming_call_timeout_ms: 300 } } },
    });
    for (const event of [await toAda, await toGrace]) {
      expect(event).toMatchObject({ call_cid: `default:${id}`, user: { id: 'ada' }, session_id: expect.any(String) });
      expect((event as { members: { user_id: string }[] }).members.map((member) => member.user_id)).toEqual(['grace']);
    }
    const { call } = await ada.call('default', id).get();
    expect(Object.keys(call.session?.missed_by ?? {})).toEqual(['grace']);
    expect(harness.webhooks.filter((w) => w.type === 'call.missed' && w.call_cid === `default:${id}`)).toHaveLength(1);
  });

  it('a callee whose client dropped the ring at its timeout missed it; one who declined did not', async () => {
    const { ada, id, clients } = await ringWith(60_000, 'grace', 'linus');
    const [grace, linus] = clients as [StreamVideoClient, StreamVideoClient];
    const missed = nextEvent(ada, 'call.missed');
    await linus.call('default', id).reject('decline');
    await grace.call('default', id).reject('timeout');
    expect(await missed).toMatchObject({ call_cid: `default:${id}` });
    const session = (await ada.call('default', id).get()).call.session;
    expect(Object.keys(session?.missed_by ?? {})).toEqual(['grace']);
    expect(Object.keys(session?.rejected_by ?? {})).toEqual(['linus']);
  });

  it('the caller cancelling ends the ring: who had not answered missed it; an answered ring is missed by nobody', async () => {
    const { ada, id } = await ringWith(60_000, 'grace');
    const missed = nextEvent(ada, 'call.missed');
    await ada.call('default', id).reject('cancel');
    expect(await missed).toMatchObject({ call_cid: `default:${id}` });

    // Rung by the server, so that no client's own drop races the answer.
    const answered = callId();
    const grace = await connect('grace');
    await server.video.call('default', answered).getOrCreate({
      ring: true,
      data: { created_by_id: 'ada', members: members('ada', 'grace'), settings_override: { ring: { auto_cancel_timeout_ms: 1500, incoming_call_timeout_ms: 1500 } } },
    });
    await grace.call('default', answered).accept();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await ada.call('default', answered).get()).call.session?.missed_by).toEqual({});
    expect(harness.webhooks.some((w) => w.type === 'call.missed' && w.call_cid === `default:${answered}`)).toBe(false);
  });

  it('rings only the members it names, and answers with them', async () => {
    const ada = await connect('ada');
    const grace = await connect('grace');
    const linus = await connect('linus');
    const id = callId();
    await ada.call('default', id).getOrCreate({ data: { members: members('ada', 'grace', 'linus') } });
    let linusRang = false;
    linus.on('call.ring', () => {
      linusRang = true;
    });
    const ringing = nextEvent(grace, 'call.ring');
    const response = await ada.call('default', id).ring({ members_ids: ['grace'] });
    expect(response.members_ids).toEqual(['grace']);
    await ringing;
    expect(linusRang).toBe(false);
  });
});

describe('watching', () => {
  it('a viewer who loaded a livestream, not a member, hears it go live', async () => {
    const ada = await connect('ada');
    const viewer = await connect('viewer-1');
    const id = callId();
    await ada.call('livestream', id).getOrCreate({ data: { members: members('ada') } });
    const call = viewer.call('livestream', id);
    await call.get();
    expect(call.state.backstage).toBe(true);
    const live = nextEvent(viewer, 'call.live_started');
    await ada.call('livestream', id).goLive();
    await live;
    expect(call.state.backstage).toBe(false);
  });
});
