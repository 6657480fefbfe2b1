import { StreamClient } from '@stream-io/node-sdk';
import { StreamVideoClient, type StreamVideoEvent, type StreamVideoParticipant } from '@stream-io/video-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startVideoHarness, TEST_SECRET, type VideoHarness } from './testing/harness';
import { joinSfu } from './testing/sfu-signal';

/**
 * The coordinator's contract, exercised by the real SDKs in Node: the node SDK as the product's functions use it
 * (server token, basePath) and the browser's video client (REST and the /video/connect WebSocket; media needs a
 * browser and is proven by the Playwright test next to the harness).
 */
let harness: VideoHarness;
let server: StreamClient;
const clients: StreamVideoClient[] = [];

beforeAll(async () => {
  harness = await startVideoHarness();
  server = new StreamClient(harness.apiKey, TEST_SECRET, { basePath: harness.baseUrl });
});

/** Those a test put in a call's session through the SFU's signalling (a session someone is in: no media). */
const inSessions: { ws: WebSocket }[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.disconnectUser()));
  for (const { ws } of inSessions.splice(0)) ws.close();
});

/** Stream records, transcribes and captions only a call someone is in. */
const enterSession = async (userId: string, id: string, on = harness) => {
  const participant = await joinSfu(on, userId, id);
  inSessions.push(participant);
  return participant;
};

afterAll(async () => {
  await harness.close();
});

const connect = async (userId: string, token = harness.userToken(userId)) => {
  const client = new StreamVideoClient({
    apiKey: harness.apiKey,
    options: { baseURL: `${harness.baseUrl}/video`, locationHintUrl: `${harness.baseUrl}/video/location-hint`, WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket, timeout: 5000 },
  });
  clients.push(client);
  await client.connectUser({ id: userId, name: `User ${userId}` }, token);
  return client;
};

const nextEvent = (client: StreamVideoClient, type: string) =>
  new Promise<StreamVideoEvent>((resolve) => {
    const off = client.on(type as 'all', (event: StreamVideoEvent) => {
      off();
      resolve(event);
    });
  });

let sequence = 0;
const callId = () => `contract-${Date.now()}-${++sequence}`;

describe('connecting', () => {
  it('answers the auth message with connection.ok and the user, made from user_details', async () => {
    const client = await connect('ada');
    expect(client.state.connectedUser).toMatchObject({ id: 'ada', name: 'User ada', role: 'user' });
    expect(harness.users.get('ada')).toMatchObject({ name: 'User ada' });
  });

  // The client turns connection.error into its own retries and errors; the contract is the frame it receives.
  const authenticate = (token: string) =>
    new Promise<{ type: string; error?: { code: number; StatusCode: number; message: string } }>((resolve, reject) => {
      const ws = new WebSocket(`${harness.baseUrl.replace('http', 'ws')}/video/connect?api_key=${harness.apiKey}&stream-auth-type=jwt`);
      ws.on('open', () => ws.send(JSON.stringify({ token, user_details: { id: 'eve' }, products: ['video'] })));
      ws.on('message', (data) => {
        resolve(JSON.parse(String(data)) as never);
        ws.close();
      });
      ws.on('error', reject);
    });

  it('refuses a token signed with another secret (401) and an expired one (401, code 40), as connection.error', async () => {
    const { signToken } = await import('./testing/harness');
    expect(await authenticate(signToken({ user_id: 'eve' }, 'another-secret-of-enough-length'))).toMatchObject({
      type: 'connection.error',
      error: { StatusCode: 401, code: 43, message: expect.stringMatching(/signature is not valid/) },
    });
    expect(await authenticate(harness.userToken('eve', { exp: Math.floor(Date.now() / 1000) - 60 }))).toMatchObject({
      type: 'connection.error',
      error: { StatusCode: 401, code: 40 },
    });
    expect(await authenticate(harness.userToken('eve'))).toMatchObject({ type: 'connection.ok', me: { id: 'eve' } });
  });
});

describe('calls from the browser client', () => {
  it('gets or creates a call with its members, settings and the creator’s capabilities', async () => {
    const client = await connect('ada');
    const call = client.call('default', callId());
    const response = await call.getOrCreate({ data: { members: [{ user_id: 'ada' }, { user_id: 'grace' }], custom: { mentorshipId: 'm-1' } } });
    expect(response.created).toBe(true);
    expect(response.call).toMatchObject({ cid: call.cid, created_by: { id: 'ada' }, custom: { mentorshipId: 'm-1' }, recording: false });
    expect(response.call.settings.video).toMatchObject({ enabled: true, camera_default_on: true });
    expect(response.members.map((m) => m.user_id).sort()).toEqual(['ada', 'grace']);
    expect(response.own_capabilities).toEqual(expect.arrayContaining(['join-call', 'send-video', 'send-audio', 'screenshare', 'end-call']));
    expect(call.state.members.map((m) => m.user_id).sort()).toEqual(['ada', 'grace']);

    const again = await client.call('default', call.id).getOrCreate();
    expect(again.created).toBe(false);
    expect(harness.webhooks.filter((w) => w.type === 'call.created' && w.call_cid === call.cid)).toHaveLength(1);
  });

  it('answers 404 with Stream’s error for a call that does not exist, and for an unknown call type', async () => {
    const client = await connect('ada');
    await expect(client.call('default', callId()).get()).rejects.toMatchObject({ status: 404, code: 16 });
    await expect(client.call('no_such_type', callId()).getOrCreate()).rejects.toMatchObject({ status: 404 });
  });

  it('rings the members over their WebSockets; accept and reject reach the caller', async () => {
    const ada = await connect('ada');
    const grace = await connect('grace');
    const linus = await connect('linus');
    const id = callId();
    const ringing = nextEvent(grace, 'call.ring');
    const linusRinging = nextEvent(linus, 'call.ring');
    const call = ada.call('default', id);
    await call.getOrCreate({ ring: true, data: { members: [{ user_id: 'ada' }, { user_id: 'grace' }, { user_id: 'linus' }] } });
    const ring = await ringing;
    expect(ring).toMatchObject({ type: 'call.ring', call_cid: `default:${id}`, user: { id: 'ada' } });
    await linusRinging;
    expect(harness.webhooks.some((w) => w.type === 'call.ring' && w.call_cid === `default:${id}`)).toBe(true);

    const accepted = nextEvent(ada, 'call.accepted');
    await grace.call('default', id).accept();
    expect(await accepted).toMatchObject({ user: { id: 'grace' } });
    const rejected = nextEvent(ada, 'call.rejected');
    await linus.call('default', id).reject('decline');
    expect(await rejected).toMatchObject({ user: { id: 'linus' }, reason: 'decline' });
    const callOfAda = ada.call('default', id);
    const state = await callOfAda.get();
    expect(Object.keys(state.call.session?.accepted_by ?? {})).toEqual(['grace']);
    expect(Object.keys(state.call.session?.rejected_by ?? {})).toEqual(['linus']);
    const ringState = await callOfAda.getRingState();
    expect(ringState).toMatchObject({ call_cid: `default:${id}`, created_by_user_id: 'ada', accepted_by: { grace: expect.any(String) }, rejected_by: { linus: expect.any(String) } });
  });

  it('notifies the members without ringing them', async () => {
    const ada = await connect('ada');
    const grace = await connect('grace');
    const id = callId();
    const notified = nextEvent(grace, 'call.notification');
    await ada.call('default', id).getOrCreate({ notify: true, data: { members: [{ user_id: 'ada' }, { user_id: 'grace' }] } });
    expect(await notified).toMatchObject({ call_cid: `default:${id}`, user: { id: 'ada' }, members: expect.any(Array) });
  });

  it('joins with the local SFU’s address and a token for it', async () => {
    const client = await connect('ada');
    const id = callId();
    const response = await client.streamClient.post<{ credentials: { server: { url: string; ws_endpoint: string; edge_name: string }; token: string }; created: boolean }>(`/call/default/${id}/join`, { create: true, location: 'LCL' });
    expect(response.created).toBe(true);
    expect(response.credentials.server.url).toBe(`${harness.baseUrl}/video/sfu/twirp`);
    expect(response.credentials.server.ws_endpoint).toBe(`${harness.baseUrl.replace('http', 'ws')}/video/sfu/ws`);
    expect(response.credentials.token.split('.')).toHaveLength(3);
  });

  it('ends a call: members hear call.ended and the call carries ended_at', async () => {
    const ada = await connect('ada');
    const grace = await connect('grace');
    const id = callId();
    await ada.call('default', id).getOrCreate({ data: { members: [{ user_id: 'ada' }, { user_id: 'grace' }] } });
    const ended = nextEvent(grace, 'call.ended');
    await ada.call('default', id).endCall();
    expect(await ended).toMatchObject({ call_cid: `default:${id}`, user: { id: 'ada' } });
    expect((await ada.call('default', id).get()).call.ended_at).toEqual(expect.any(String));
    expect(harness.webhooks.some((w) => w.type === 'call.ended' && w.call_cid === `default:${id}`)).toBe(true);
  });

  it('lists the recent calls a user is part of, newest first, and not other people’s', async () => {
    const ada = await connect('ada');
    const first = callId();
    const second = callId();
    await ada.call('default', first).getOrCreate({ data: { members: [{ user_id: 'ada' }] } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await ada.call('default', second).getOrCreate({ data: { members: [{ user_id: 'ada' }] } });
    const stranger = await connect('stranger');
    await stranger.call('default', callId()).getOrCreate();

    const { calls } = await ada.queryCalls({ sort: [{ field: 'created_at', direction: -1 }], limit: 10 });
    const ids = calls.map((c) => c.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(ids.indexOf(first)).toBeGreaterThanOrEqual(0);
    expect(calls.every((c) => c.state.members.some((m) => m.user_id === 'ada') || c.state.createdBy?.id === 'ada')).toBe(true);
  });

  it('sorts by the instant a date names, by more than one field, and puts calls without the field last', async () => {
    const ada = await connect('ada');
    const [nine, nineThirty, unscheduled] = [callId(), callId(), callId()];
    const members = [{ user_id: 'ada' }];
    await ada.call('default', nineThirty).getOrCreate({ data: { members, starts_at: '2027-01-02T09:30:00Z', custom: { batch: nine } } });
    await ada.call('default', nine).getOrCreate({ data: { members, starts_at: '2027-01-02T10:00:00+01:00', custom: { batch: nine } } });
    await ada.call('default', unscheduled).getOrCreate({ data: { members, custom: { batch: nine } } });

    const { calls } = await ada.queryCalls({ filter_conditions: { 'custom.batch': nine }, sort: [{ field: 'starts_at', direction: 1 }, { field: 'created_at', direction: -1 }], limit: 10 });
    expect(calls.map((c) => c.id)).toEqual([nine, nineThirty, unscheduled]);
  });

  it('answers an endpoint it does not imitate with Stream’s error shape and says so', async () => {
    const client = await connect('ada');
    const id = callId();
    await client.call('default', id).getOrCreate();
    // RTMP out: the stand-in has nowhere to push to (docs/local-stage.md).
    await expect(client.call('default', id).startRTMPBroadcasts({ broadcasts: [{ name: 'out', stream_url: 'rtmp://example.invalid/live' }] })).rejects.toMatchObject({ status: 501, message: expect.stringMatching(/not imitated/) });
    expect(harness.notImitated).toContain(`POST /video/call/default/${id}/rtmp_broadcasts`);
  });
});

describe('reactions', () => {
  it('sends call.reaction_new in Stream’s shape to everyone who hears the call, the sender included; the client puts it on the sender', async () => {
    const ada = await connect('ada');
    const grace = await connect('grace');
    const id = callId();
    await ada.call('default', id).getOrCreate({ data: { members: [{ user_id: 'ada' }, { user_id: 'grace' }] } });
    const graceCall = grace.call('default', id);
    await graceCall.get();
    // In Node there is no SFU session: the participant the client would have from it is put in its state by hand.
    graceCall.state.updateOrAddParticipant('ada-session', { userId: 'ada', sessionId: 'ada-session' } as StreamVideoParticipant);
    const toAda = nextEvent(ada, 'call.reaction_new');
    const toGrace = nextEvent(grace, 'call.reaction_new');

    const response = await ada.call('default', id).sendReaction({ type: 'reaction', emoji_code: ':fireworks:', custom: { burst: 3 } });

    const reaction = { type: 'reaction', emoji_code: ':fireworks:', custom: { burst: 3 }, user: { id: 'ada', name: 'User ada', role: 'user', custom: {}, teams: [], created_at: expect.any(String), updated_at: expect.any(String) } };
    expect(response).toMatchObject({ reaction, duration: expect.any(String) });
    for (const event of [await toAda, await toGrace]) {
      expect(event).toMatchObject({ type: 'call.reaction_new', call_cid: `default:${id}`, created_at: expect.any(String), reaction });
    }
    await expect.poll(() => graceCall.state.participants.find((p) => p.userId === 'ada')?.reaction).toEqual({ type: 'reaction', emoji_code: ':fireworks:', custom: { burst: 3 } });
  });

  it('refuses a reaction from a token limited to another call (403, code 17), and one without a type (400)', async () => {
    const id = callId();
    await (await connect('ada')).call('default', id).getOrCreate({ data: { members: [{ user_id: 'ada' }, { user_id: 'grace' }] } });
    const limited = await connect('grace', harness.userToken('grace', { call_cids: ['default:another-call'] }));
    await expect(limited.call('default', id).sendReaction({ type: 'reaction' })).rejects.toMatchObject({ status: 403, code: 17 });
    const grace = await connect('grace');
    await expect(grace.streamClient.post(`/call/default/${id}/reaction`, { emoji_code: ':like:' })).rejects.toMatchObject({ status: 400, code: 4, message: expect.stringMatching(/SendVideoReaction failed.*type/) });
  });
});

describe('guests', () => {
  it('a call token limited by call_cids works on its call and is refused on any other', async () => {
    const ada = await connect('ada');
    const invited = callId();
    const other = callId();
    await ada.call('default', invited).getOrCreate({ data: { members: [{ user_id: 'ada' }] } });
    await ada.call('default', other).getOrCreate({ data: { members: [{ user_id: 'ada' }] } });
    const guestToken = server.generateCallToken({ user_id: 'guest-1', role: 'guest', call_cids: [`default:${invited}`] });
    const guest = await connect('guest-1', guestToken);

    await expect(guest.call('default', invited).get()).resolves.toMatchObject({ call: { id: invited } });
    await expect(guest.streamClient.post(`/call/default/${invited}/join`, { location: 'LCL' })).resolves.toMatchObject({ credentials: expect.any(Object) });
    await expect(guest.call('default', other).get()).rejects.toMatchObject({ status: 403, code: 17 });
    await expect(guest.streamClient.post(`/call/default/${other}/join`, { location: 'LCL' })).rejects.toMatchObject({ status: 403 });
  });

  it('POST /guest makes a guest user whose token joins calls but creates none', async () => {
    const anonymous = new StreamVideoClient({ apiKey: harness.apiKey, options: { baseURL: `${harness.baseUrl}/video`, locationHintUrl: `${harness.baseUrl}/video/location-hint` } });
    const created = await anonymous.createGuestUser({ user: { id: 'visitor-1', name: 'Visitor' } });
    expect(created.user).toMatchObject({ id: 'visitor-1', role: 'guest', name: 'Visitor' });
    const visitor = await connect('visitor-1', created.access_token);
    const ada = await connect('ada');
    const id = callId();
    await ada.call('default', id).getOrCreate();
    await expect(visitor.streamClient.post(`/call/default/${id}/join`, { location: 'LCL' })).resolves.toMatchObject({ own_capabilities: expect.arrayContaining(['join-call', 'send-video']) });
    await expect(visitor.call('default', callId()).getOrCreate()).rejects.toMatchObject({ status: 403, code: 17 });
  });

  it('takes the client’s telemetry with no user token, as Stream does for its public endpoints, and nothing else', async () => {
    const anonymous = new StreamVideoClient({ apiKey: harness.apiKey, options: { baseURL: `${harness.baseUrl}/video`, locationHintUrl: `${harness.baseUrl}/video/location-hint` } });
    const event = { events: [{ event_type: 'connection', stage: 'test' }] };
    await expect(anonymous.streamClient.doAxiosRequest('post', '/call_client_event', event, { publicEndpoint: true })).resolves.toMatchObject({ duration: expect.any(String) });
    await expect(anonymous.streamClient.doAxiosRequest('post', '/calls', {}, { publicEndpoint: true })).rejects.toMatchObject({ status: 401 });
    const wrongKey = new StreamVideoClient({ apiKey: 'not-the-key', options: { baseURL: `${harness.baseUrl}/video`, locationHintUrl: `${harness.baseUrl}/video/location-hint` } });
    await expect(wrongKey.streamClient.doAxiosRequest('post', '/call_client_event', event, { publicEndpoint: true })).rejects.toMatchObject({ status: 401 });
  });

  it('a guest may not create calls', async () => {
    const guest = await connect('guest-2', server.generateCallToken({ user_id: 'guest-2', role: 'guest', call_cids: ['default:made-up'] }));
    await expect(guest.call('default', 'made-up').getOrCreate()).rejects.toMatchObject({ status: 403, code: 17 });
  });
});

describe('the node SDK, as the product’s functions use it', () => {
  it('creates, updates the settings of, and reads a call with a server token', async () => {
    const id = callId();
    const call = server.video.call('default', id);
    await call.getOrCreate({ data: { created_by_id: 'ada', members: [{ user_id: 'ada' }, { user_id: 'grace' }] } });
    await call.update({ settings_override: { recording: { mode: 'available' }, transcription: { mode: 'available', closed_caption_mode: 'available' } } });
    const { call: read } = await call.get();
    expect(read.created_by.id).toBe('ada');
    expect(read.settings.recording.mode).toBe('available');
    expect(read.settings.video.enabled).toBe(true);
  });

  it('updates members (the answer lists those updated, in order) and queries them filtered, sorted and a page at a time', async () => {
    const call = server.video.call('default', callId());
    await call.getOrCreate({ data: { created_by_id: 'ada', members: [{ user_id: 'ada' }, { user_id: 'bob' }] } });
    const updated = await call.updateCallMembers({ update_members: [{ user_id: 'cy' }, { user_id: 'bob', role: 'admin' }] });
    expect(updated.members.map((m) => m.user_id)).toEqual(['cy', 'bob']);
    expect(updated.members[1]?.role).toBe('admin');
    const first = await call.queryMembers({ filter_conditions: {}, sort: [{ field: 'user_id', direction: -1 }], limit: 2 });
    expect(first.members.map((m) => m.user_id)).toEqual(['cy', 'bob']);
    const second = await call.queryMembers({ filter_conditions: {}, sort: [{ field: 'user_id', direction: -1 }], limit: 2, next: first.next });
    expect(second.members.map((m) => m.user_id)).toEqual(['ada']);
    expect(second.next).toBeUndefined();
    expect((await call.queryMembers({ filter_conditions: { role: { $eq: 'admin' } } })).members.map((m) => m.user_id)).toEqual(['bob']);
  });

  it('refuses a server token signed with another secret', async () => {
    const stranger = new StreamClient(harness.apiKey, 'another-secret-of-enough-length', { basePath: harness.baseUrl });
    await expect(stranger.video.call('default', callId()).getOrCreate({ data: { created_by_id: 'ada' } })).rejects.toThrow(/signature is not valid/);
  });

  it('starts and stops a recording: started, stopped and ready webhooks, and a clip the ready URL serves', async () => {
    const id = callId();
    const call = server.video.call('default', id);
    await call.getOrCreate({ data: { created_by_id: 'ada' } });
    await enterSession('ada', id);
    await call.startRecording({ recording_type: 'composite' });
    await expect(call.startRecording({ recording_type: 'composite' })).rejects.toThrow(/already being recorded/);
    await call.stopRecording({ recording_type: 'composite' });
    // Ready once the SFU composed the file (Ada publishes nothing here: black and silence as long as the recording).
    await expect.poll(() => harness.webhooks.some((w) => w.type === 'call.recording_ready' && w.call_cid === `default:${id}`), { timeout: 60_000 }).toBe(true);
    const types = harness.webhooks.filter((w) => w.call_cid === `default:${id}`).map((w) => w.type);
    expect(types).toEqual(expect.arrayContaining(['call.recording_started', 'call.recording_stopped', 'call.recording_ready']));
    const ready = harness.webhooks.find((w) => w.type === 'call.recording_ready' && w.call_cid === `default:${id}`) as unknown as { call_recording: { url: string; filename: string } };
    const download = await fetch(ready.call_recording.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('video/webm');
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect([...bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]); // the EBML magic of a WebM file
    const { recordings } = await call.listRecordings();
    expect(recordings.map((r) => r.filename)).toEqual([ready.call_recording.filename]);
  });

  it('transcribes: the ready webhook names a JSONL transcript that downloads (empty: nobody spoke)', async () => {
    const id = callId();
    const call = server.video.call('default', id);
    await call.getOrCreate({ data: { created_by_id: 'ada' } });
    await enterSession('ada', id);
    await call.startTranscription();
    await call.stopTranscription();
    const readyHook = () => harness.webhooks.find((w) => w.type === 'call.transcription_ready' && w.call_cid === `default:${id}`);
    await expect.poll(readyHook).toBeDefined();
    const ready = readyHook() as unknown as { call_transcription: { url: string; filename: string } };
    expect(ready.call_transcription.filename).toMatch(/\.jsonl$/);
    const download = await fetch(ready.call_transcription.url);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('');
  });

  it('captions: started and stopped as Stream sends them, the call state says so, and only once at a time', async () => {
    const id = callId();
    const ada = await connect('ada');
    const call = ada.call('default', id);
    await call.getOrCreate();
    await enterSession('ada', id);
    const started = nextEvent(ada, 'call.closed_captions_started');
    await call.startClosedCaptions({ language: 'en' });
    expect(await started).toMatchObject({ type: 'call.closed_captions_started', call_cid: `default:${id}`, created_at: expect.any(String) });
    expect(call.state.captioning).toBe(true);
    await expect(call.startClosedCaptions()).rejects.toMatchObject({ status: 400 });
    expect((await server.video.call('default', id).get()).call.captioning).toBe(true);
    const stopped = nextEvent(ada, 'call.closed_captions_stopped');
    await call.stopClosedCaptions();
    await stopped;
    expect(call.state.captioning).toBe(false);
    await expect(call.stopClosedCaptions()).rejects.toMatchObject({ status: 400 });
    expect(harness.webhooks.filter((w) => w.call_cid === `default:${id}`).map((w) => w.type)).toEqual(
      expect.arrayContaining(['call.closed_captions_started', 'call.closed_captions_stopped']),
    );
  });

  it('captions and transcription fail as Stream’s do when the recogniser fails: failed events and webhooks, both off, no transcript, and they start again', async () => {
    const id = callId();
    const cid = `default:${id}`;
    const ada = await connect('ada');
    const call = ada.call('default', id);
    await call.getOrCreate();
    await enterSession('ada', id);
    await call.startClosedCaptions({ language: 'en' });
    await call.startTranscription();
    const captionsFailed = nextEvent(ada, 'call.closed_captions_failed');
    const transcriptionFailed = nextEvent(ada, 'call.transcription_failed');
    harness.failListening(cid, 'ffmpeg could not decode an utterance');
    expect(await captionsFailed).toMatchObject({ type: 'call.closed_captions_failed', call_cid: cid, created_at: expect.any(String) });
    expect(await transcriptionFailed).toMatchObject({ type: 'call.transcription_failed', call_cid: cid, egress_id: expect.any(String), error: 'ffmpeg could not decode an utterance' });
    // The client's state follows the failed events; the server's call says the same.
    await expect.poll(() => call.state.captioning).toBe(false);
    await expect.poll(() => call.state.transcribing).toBe(false);
    expect((await server.video.call('default', id).get()).call).toMatchObject({ captioning: false, transcribing: false });
    const hooks = () => harness.webhooks.filter((w) => w.call_cid === cid).map((w) => w.type);
    expect(hooks()).toEqual(expect.arrayContaining(['call.closed_captions_failed', 'call.transcription_failed']));
    expect(hooks()).not.toContain('call.transcription_ready');
    // A failure when nothing listens is no event.
    harness.failListening(cid, 'again');
    expect(hooks().filter((type) => type.endsWith('_failed'))).toHaveLength(2);
    await call.startClosedCaptions({ language: 'en' });
    expect(call.state.captioning).toBe(true);
    await call.stopClosedCaptions();
  });

  it('captions: refused where the settings turn them off, and to a user the call type does not let start them', async () => {
    const id = callId();
    const call = server.video.call('default', id);
    await call.getOrCreate({ data: { created_by_id: 'ada', members: [{ user_id: 'ada' }], settings_override: { transcription: { closed_caption_mode: 'disabled' } } } });
    const ada = await connect('ada');
    await expect(ada.call('default', id).startClosedCaptions()).rejects.toMatchObject({ status: 403 });
    const live = server.video.call('livestream', callId());
    await live.getOrCreate({ data: { created_by_id: 'ada', members: [{ user_id: 'grace' }] } });
    const grace = await connect('grace');
    await expect(grace.call('livestream', live.id).startClosedCaptions()).rejects.toMatchObject({ status: 403, code: 17 });
  });

  it('refuses to record, transcribe or caption a call nobody is in, as Stream does, and takes them once someone is', async () => {
    const id = callId();
    const call = server.video.call('default', id);
    await call.getOrCreate({ data: { created_by_id: 'ada' } });
    await expect(call.startRecording({ recording_type: 'composite' })).rejects.toThrow('Stream error code 4: StartRecording failed with error: "there is no active session"');
    await expect(call.startTranscription()).rejects.toThrow('StartTranscription failed with error: "there is no active session"');
    await expect(call.startClosedCaptions()).rejects.toThrow('StartClosedCaptions failed with error: "there is no active session"');
    expect((await call.get()).call).toMatchObject({ recording: false, transcribing: false, captioning: false });
    const ada = await enterSession('ada', id);
    await call.startClosedCaptions();
    // The session ends when the last one leaves, and its captions with it; a call nobody is in again refuses them.
    ada.ws.close();
    await expect.poll(async () => (await call.get()).call.captioning).toBe(false);
    await expect(call.startClosedCaptions()).rejects.toThrow(/there is no active session/);
  });

  it('deletes a call, softly or hard: whoever is in it is let go and hears call.deleted, and the call is gone from every read', async () => {
    const id = callId();
    await server.video.call('default', id).getOrCreate({ data: { created_by_id: 'ada', members: [{ user_id: 'ada' }, { user_id: 'grace' }] } });
    const grace = await connect('grace');
    await grace.call('default', id).get();
    const deleted = nextEvent(grace, 'call.deleted');
    const ada = await enterSession('ada', id);
    const soft = await server.video.call('default', id).delete({ hard: false });
    expect(soft.call.cid).toBe(`default:${id}`);
    expect(soft.task_id).toBeUndefined();
    expect(await deleted).toMatchObject({ type: 'call.deleted', call_cid: `default:${id}`, call: { id } });
    const ended = await ada.next('callEnded');
    expect(ended.eventPayload.oneofKind).toBe('callEnded');
    expect(harness.webhooks.filter((w) => w.call_cid === `default:${id}`).map((w) => w.type)).toContain('call.deleted');
    await expect(server.video.call('default', id).get()).rejects.toThrow(/Can't find call/);
    expect((await server.video.queryCalls({ filter_conditions: { id } })).calls).toEqual([]);

    const other = callId();
    await server.video.call('default', other).getOrCreate({ data: { created_by_id: 'ada', members: [{ user_id: 'ada' }] } });
    const adaClient = await connect('ada');
    // No call capability lets a member delete a call: it is the server's (hard deletes are server-side in Stream's docs).
    await expect(adaClient.call('default', other).delete({ hard: false })).rejects.toMatchObject({ status: 403, code: 17 });
    const hard = await server.video.call('default', other).delete({ hard: true });
    expect(hard.task_id).toEqual(expect.any(String));
    await expect(server.video.call('default', other).get()).rejects.toThrow(/Can't find call/);
  });

  it('queries calls a page at a time (limit, next), and lists a call’s members oldest first, those added together by user id', async () => {
    const batch = `page-${Date.now()}`;
    for (const n of [1, 2, 3]) await server.video.call('default', `${batch}-${n}`).getOrCreate({ data: { created_by_id: 'ada', custom: { batch } } });
    const query = { filter_conditions: { 'custom.batch': batch }, sort: [{ field: 'created_at', direction: 1 }], limit: 2 };
    const first = await server.video.queryCalls(query);
    expect(first.calls.map((c) => c.call.id)).toEqual([`${batch}-1`, `${batch}-2`]);
    const second = await server.video.queryCalls({ ...query, next: first.next });
    expect(second.calls.map((c) => c.call.id)).toEqual([`${batch}-3`]);
    expect(second.next).toBeUndefined();

    const { members } = await server.video.call('default', callId()).getOrCreate({ data: { created_by_id: 'john', members: [{ user_id: 'john', role: 'admin' }, { user_id: 'jack' }] } });
    expect(members.map((m) => m.user_id)).toEqual(['jack', 'john']);
    expect(members[1]?.role).toBe('admin');
  });
});

describe('HLS broadcasting', () => {
  const liveCall = async () => {
    const id = callId();
    await server.video.call('livestream', id).getOrCreate({ data: { created_by_id: 'grace', members: [{ user_id: 'grace', role: 'host' }, { user_id: 'ada' }] } });
    return id;
  };

  it('a host starts and stops it: the playlist URL at once, then the started event with it, egress in the call, stopped; hosts hold the capability', async () => {
    const id = await liveCall();
    const grace = await connect('grace');
    const call = grace.call('livestream', id);
    await call.get();
    expect(call.state.ownCapabilities).toEqual(expect.arrayContaining(['start-broadcast-call', 'stop-broadcast-call']));
    const started = nextEvent(grace, 'call.hls_broadcasting_started');
    const { playlist_url } = await call.startHLS();
    expect(playlist_url).toBe(`${harness.baseUrl}/video/hls/livestream/${id}/index.m3u8`);
    // Started once the playlist names a segment (of nobody yet: black and silence).
    expect(await started).toMatchObject({ call_cid: `livestream:${id}`, hls_playlist_url: playlist_url, call: { egress: { broadcasting: true, hls: { playlist_url } } } });
    expect(call.state.egress).toMatchObject({ broadcasting: true, hls: { playlist_url } });
    const playlist = await fetch(playlist_url);
    expect(playlist.headers.get('access-control-allow-origin')).toBe('*');
    expect(await playlist.text()).toMatch(/^#EXTM3U[\s\S]*segment-\d+\.ts/);
    await expect(call.startHLS()).rejects.toMatchObject({ status: 400, code: 4, message: expect.stringMatching(/already being broadcasted/) });

    const stopped = nextEvent(grace, 'call.hls_broadcasting_stopped');
    await call.stopHLS();
    await stopped;
    expect(call.state.egress?.broadcasting).toBe(false);
    await expect(call.stopHLS()).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/not being broadcasted/) });
    await expect.poll(async () => (await (await fetch(playlist_url)).text()).trimEnd().endsWith('#EXT-X-ENDLIST'), { timeout: 15_000 }).toBe(true);
    expect(harness.webhooks.filter((w) => w.call_cid === `livestream:${id}`).map((w) => w.type)).toEqual(expect.arrayContaining(['call.hls_broadcasting_started', 'call.hls_broadcasting_stopped']));
  });

  it('refuses a member without the capability (403, code 17), and a call type whose settings turn it off', async () => {
    const id = await liveCall();
    const ada = await connect('ada');
    await expect(ada.call('livestream', id).startHLS()).rejects.toMatchObject({ status: 403, code: 17, message: expect.stringMatching(/not allowed/) });
    const pair = server.video.call('default', callId());
    await pair.getOrCreate({ data: { created_by_id: 'ada' } });
    await expect(pair.startHLSBroadcasting()).rejects.toMatchObject({ code: 4, message: expect.stringMatching(/disabled/) });
    expect((await pair.get()).call.egress.broadcasting).toBe(false);
    expect(await fetch(`${harness.baseUrl}/video/hls/livestream/${id}/index.m3u8`).then((r) => r.status)).toBe(404);
    expect(await fetch(`${harness.baseUrl}/video/hls/livestream/${id}/..%2F..%2Fsecret`).then((r) => r.status)).toBe(404);
  });

  it('starts with go_live when the settings have it on (hls auto_on) and stops with stop_live', async () => {
    const id = await liveCall();
    const call = server.video.call('livestream', id);
    await call.update({ settings_override: { broadcasting: { hls: { auto_on: true, quality_tracks: ['720p'] } } } });
    await call.goLive({});
    expect((await call.get()).call.egress).toMatchObject({ broadcasting: true, hls: { playlist_url: expect.stringContaining(`/hls/livestream/${id}/`) } });
    await call.stopLive({});
    expect((await call.get()).call.egress.broadcasting).toBe(false);
    expect(harness.webhooks.filter((w) => w.call_cid === `livestream:${id}`).map((w) => w.type)).toContain('call.hls_broadcasting_stopped');
  });
});

describe('keeping state', () => {
  it('a stand-in started on the same data directory knows the calls, members and recordings of the last one', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dataDir = mkdtempSync(join(tmpdir(), 'video-stand-in-'));
    try {
      const first = await startVideoHarness({ dataDir });
      const firstServer = new StreamClient(first.apiKey, TEST_SECRET, { basePath: first.baseUrl });
      await firstServer.video.call('default', 'kept').getOrCreate({ data: { created_by_id: 'ada', members: [{ user_id: 'ada' }, { user_id: 'grace' }] } });
      const ada = await joinSfu(first, 'ada', 'kept');
      await firstServer.video.call('default', 'kept').startRecording({ recording_type: 'composite' });
      await firstServer.video.call('default', 'kept').stopRecording({ recording_type: 'composite' });
      await expect.poll(() => first.webhooks.some((w) => w.type === 'call.recording_ready'), { timeout: 60_000 }).toBe(true);
      ada.ws.close();
      await first.close();

      const second = await startVideoHarness({ dataDir });
      const secondServer = new StreamClient(second.apiKey, TEST_SECRET, { basePath: second.baseUrl });
      const { call, members } = await secondServer.video.call('default', 'kept').get();
      expect(call.created_by.id).toBe('ada');
      expect(members.map((m) => m.user_id).sort()).toEqual(['ada', 'grace']);
      expect((await secondServer.video.call('default', 'kept').listRecordings()).recordings).toHaveLength(1);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('requests Stream refuses', () => {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}, apiKey = harness.apiKey) =>
    fetch(`${harness.baseUrl}${path}?api_key=${apiKey}`, {
      method: 'POST',
      headers: { authorization: harness.serverToken(), 'stream-auth-type': 'jwt', 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('answers a malformed body with 400 and Stream’s error shape, and stores nothing', async () => {
    const id = callId();
    const response = await post(`/api/v2/video/call/default/${id}`, { data: { created_by_id: 'ada', members: 'everyone' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 4, StatusCode: 400, message: expect.stringMatching(/GetOrCreateCall failed.*data\.members/) });
    expect((await post(`/api/v2/video/call/default/${id}`, 'not json')).status).toBe(400);
    const read = await fetch(`${harness.baseUrl}/api/v2/video/call/default/${id}?api_key=${harness.apiKey}`, { headers: { authorization: harness.serverToken() } });
    expect(read.status).toBe(404);
  });

  it('refuses a member without a user_id and a query with a limit above 100', async () => {
    const id = callId();
    await server.video.call('default', id).getOrCreate({ data: { created_by_id: 'ada' } });
    expect((await post(`/api/v2/video/call/default/${id}/members`, { update_members: [{ role: 'host' }] })).status).toBe(400);
    expect((await post('/api/v2/video/calls', { limit: 1000 })).status).toBe(400);
  });

  it('refuses a request with no token (401) and one for another app’s key (401, code 2)', async () => {
    const noToken = await post('/api/v2/video/calls', {}, { authorization: '' });
    expect(noToken.status).toBe(401);
    const otherApp = await post('/api/v2/video/calls', {}, {}, 'another-key');
    expect(otherApp.status).toBe(401);
    expect(await otherApp.json()).toMatchObject({ code: 2 });
  });

  it('refuses a server-side call created without a creator', async () => {
    const response = await post(`/api/v2/video/call/default/${callId()}`, { data: {} });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: expect.stringMatching(/created_by/) });
  });
});
