import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CallingState, OwnCapability, type Call } from '@stream-io/video-react-sdk';
import { CAPTIONS, GUEST_USER_NAME } from '@mentoring/shared';
import { callResponse, callSettings, createOfflineClient, scriptCall, type OfflineClient } from '@testing/video/offlineStream';
import { renderInCall } from '@testing/video/renderCall';
import { installBrowserStubs } from '@testing/video/browserStubs';
import { copy as text } from '../copy';
import { CallControlsBar } from './CallControlsBar';
import { CallIndicators } from './CallIndicators';
import { Captions } from './Captions';
import { CallExperience } from './CallExperience';
import { RingingCalls } from './RingingCalls';
import { PostCall } from './PostCall';
import { LivestreamStatus } from './LivestreamStatus';
import { Lobby } from './Lobby';
import { EventNotices } from './EventNotices';

beforeAll(installBrowserStubs);

const clients: OfflineClient[] = [];
afterEach(async () => {
  for (const { client } of clients.splice(0)) await client.disconnectUser().catch(() => undefined);
});

const setUp = async ({ userId = 'alice', name, type = 'default', id = 'call-1', createdBy = 'alice', ownCapabilities = [] as OwnCapability[], members, settings = callSettings() } = {} as {
  userId?: string;
  name?: string;
  type?: string;
  id?: string;
  createdBy?: string;
  ownCapabilities?: OwnCapability[];
  members?: string[];
  settings?: ReturnType<typeof callSettings>;
}) => {
  const offline = await createOfflineClient({ userId, name });
  clients.push(offline);
  scriptCall(offline.api, { type, id, createdBy, ownCapabilities, members, settings, session: { id: 'session-1' } });
  const call = offline.client.call(type, id);
  await call.get();
  return { ...offline, call };
};

const event = (call: Call, type: string, extra: object = {}) =>
  act(() => call.state.updateFromEvent({ type, call_cid: call.cid, created_at: new Date().toISOString(), ...extra } as never));

const allCapabilities = Object.values(OwnCapability);

describe('call controls follow the own capabilities', () => {
  const controls = (container: HTMLElement) => [...container.querySelectorAll('[data-control]')].map((element) => element.getAttribute('data-control'));
  const noop = () => undefined;

  it('shows no media, moderation or egress control without the capabilities, only leave', async () => {
    const { client, call } = await setUp({ ownCapabilities: [OwnCapability.JOIN_CALL] });
    const { container } = renderInCall(client, call, <CallControlsBar onLeave={noop} panel={null} onPanel={noop} />);
    expect(controls(container)).toEqual([]);
    for (const label of [text.controls.startRecording, text.controls.startTranscription, text.controls.startCaptions, text.controls.startBroadcast, text.controls.endForEveryone]) {
      expect(screen.queryByRole('button', { name: label })).toBeNull();
    }
    expect(screen.getByRole('button', { name: text.controls.leave })).toBeEnabled();
  });

  it('shows every control a member holds, and hides them again when a capability is taken away', async () => {
    const { client, call } = await setUp({ ownCapabilities: allCapabilities });
    const { container } = renderInCall(client, call, <CallControlsBar onLeave={noop} panel={null} onPanel={noop} />);
    expect(controls(container)).toEqual(['microphone', 'camera', 'screenshare', 'reactions']);
    for (const label of [text.controls.startRecording, text.controls.startTranscription, text.controls.startCaptions, text.controls.startBroadcast, text.controls.endForEveryone]) {
      expect(screen.getByRole('button', { name: label })).toBeEnabled();
    }
    act(() => call.state.setOwnCapabilities(allCapabilities.filter((capability) => capability !== OwnCapability.SCREENSHARE && capability !== OwnCapability.START_RECORD_CALL)));
    expect(controls(container)).toEqual(['microphone', 'camera', 'reactions']);
    expect(screen.queryByRole('button', { name: text.controls.startRecording })).toBeNull();
  });

  it('offers stop only to a member who may stop, once the recording runs', async () => {
    const { client, call } = await setUp({ ownCapabilities: [OwnCapability.START_RECORD_CALL] });
    renderInCall(client, call, <CallControlsBar onLeave={noop} panel={null} onPanel={noop} />);
    expect(screen.getByRole('button', { name: text.controls.startRecording })).toBeInTheDocument();
    event(call, 'call.recording_started');
    expect(screen.queryByRole('button', { name: /recording/i })).toBeNull();
    act(() => call.state.setOwnCapabilities([OwnCapability.START_RECORD_CALL, OwnCapability.STOP_RECORD_CALL]));
    expect(screen.getByRole('button', { name: text.controls.stopRecording })).toBeInTheDocument();
  });

  it('starts recording through the call API and says so when it fails', async () => {
    const { client, call, api } = await setUp({ ownCapabilities: [OwnCapability.START_RECORD_CALL] });
    api.on('POST', /\/start_recording$/, () => ({ status: 500, data: { code: -1, message: 'boom', StatusCode: 500 } }));
    renderInCall(client, call, <CallControlsBar onLeave={noop} panel={null} onPanel={noop} />);
    await userEvent.click(screen.getByRole('button', { name: text.controls.startRecording }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text.events.actionFailed);
    expect(api.requests.some((request) => request.method === 'POST' && request.path === '/call/default/call-1/start_recording')).toBe(true);
  });

  it('go live and stop live appear only on livestreams, for members who may update the call', async () => {
    const { client, call } = await setUp({ type: 'livestream', ownCapabilities: [OwnCapability.UPDATE_CALL] });
    act(() => call.state.updateFromCallResponse(callResponse({ type: 'livestream', id: 'call-1', createdBy: 'alice', flags: { backstage: true }, session: {} })));
    renderInCall(client, call, <CallControlsBar onLeave={noop} panel={null} onPanel={noop} />);
    expect(screen.getByRole('button', { name: text.controls.goLive })).toBeInTheDocument();
    const other = await setUp({ type: 'default', id: 'call-2', ownCapabilities: [OwnCapability.UPDATE_CALL] });
    renderInCall(other.client, other.call, <CallControlsBar onLeave={noop} panel={null} onPanel={noop} />);
    expect(screen.getAllByRole('button', { name: text.controls.goLive })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: text.controls.stopLive })).toBeNull();
  });
});

describe('indicators follow the call flags, for every participant', () => {
  it.each([
    ['call.recording_started', 'call.recording_stopped', text.indicators.recording],
    ['call.transcription_started', 'call.transcription_failed', text.indicators.transcribing],
    ['call.closed_captions_started', 'call.closed_captions_stopped', text.indicators.captioning],
    ['call.hls_broadcasting_started', 'call.hls_broadcasting_stopped', text.indicators.broadcasting],
  ])('%s shows "%s" until %s', async (started, stopped, label) => {
    // A member without any capability sees the indicators all the same.
    const { client, call } = await setUp({ ownCapabilities: [] });
    renderInCall(client, call, <CallIndicators />);
    expect(screen.queryByText(label)).toBeNull();
    // The HLS started event carries the whole call, as Stream sends it.
    const egress = { broadcasting: true, hls: { playlist_url: 'https://hls.example/x.m3u8' }, rtmps: [] };
    event(call, started, { hls_playlist_url: egress.hls.playlist_url, call: callResponse({ type: 'default', id: 'call-1', createdBy: 'alice', flags: { egress } as never }) });
    expect(screen.getByRole('status')).toHaveTextContent(label);
    event(call, stopped);
    expect(screen.queryByText(label)).toBeNull();
  });
});

describe('failed events are reflected in words', () => {
  it.each([
    ['call.recording_failed', text.events.recordingFailed],
    ['call.transcription_failed', text.events.transcriptionFailed],
    ['call.closed_captions_failed', text.events.captionsFailed],
    ['call.hls_broadcasting_failed', text.events.broadcastFailed],
  ])('%s', async (type, message) => {
    const { client, call } = await setUp();
    renderInCall(client, call, <EventNotices />);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => call.streamClient.dispatchEvent({ type, call_cid: call.cid, created_at: new Date().toISOString() } as never));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });
});

describe('captions', () => {
  it(`shows at most ${CAPTIONS.maxVisibleCaptions} captions with the speaker's name`, async () => {
    const { client, call } = await setUp();
    act(() => call.state.setParticipants([{ sessionId: 's-bob', userId: 'bob', name: 'Bob', roles: [], publishedTracks: [], isLocalParticipant: false } as never]));
    renderInCall(client, call, <Captions />);
    for (const [index, words] of ['one', 'two', 'three'].entries()) {
      event(call, 'call.closed_caption', { closed_caption: { speaker_id: 'bob', start_time: `2026-01-01T00:00:0${index}Z`, end_time: '', text: words } });
    }
    const region = screen.getByLabelText('Captions');
    expect([...region.querySelectorAll('p')].map((element) => element.textContent)).toEqual(['Bob: two', 'Bob: three']);
  });

  it('holds the captions strip (a live region) while captions are on, before any words, and none while they are off', async () => {
    const { client, call } = await setUp();
    renderInCall(client, call, <Captions />);
    expect(screen.queryByLabelText('Captions')).toBeNull();
    act(() => call.state.setCaptioning(true));
    expect(screen.getByLabelText('Captions')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByLabelText('Captions')).toBeEmptyDOMElement();
    act(() => call.state.setCaptioning(false));
    expect(screen.queryByLabelText('Captions')).toBeNull();
  });
});

describe('ringing', () => {
  const ringing = async (me: string, createdBy: string) => {
    const setup = await setUp({ userId: me, id: 'ring-1', createdBy, members: ['alice', 'bob'], settings: callSettings({ ring: { incoming_call_timeout_ms: 20000, auto_cancel_timeout_ms: 15000 } }) });
    setup.api.on('POST', /\/call\/default\/ring-1\/reject$/, () => ({ data: { duration: '1ms' } }));
    await setup.call.get({ ring: true });
    expect(setup.call.state.callingState).toBe(CallingState.RINGING);
    return setup;
  };

  it('an incoming call shows who calls, its timeout from the settings, and accept joins it', async () => {
    const { client, call } = await ringing('bob', 'alice');
    const join = vi.spyOn(call, 'join').mockResolvedValue();
    const onJoined = vi.fn();
    renderInCall(client, null, <RingingCalls onJoined={onJoined} />);
    const dialog = await screen.findByRole('alertdialog', { name: text.ringing.incoming('alice') });
    expect(dialog).toHaveTextContent(text.ringing.timeout(20));
    await userEvent.click(within(dialog).getByRole('button', { name: text.ringing.accept }));
    expect(join).toHaveBeenCalledTimes(1);
    act(() => call.state.setCallingState(CallingState.JOINED));
    await waitFor(() => expect(onJoined).toHaveBeenCalledWith(call));
  });

  it('decline rejects the call with Stream and closes the notification', async () => {
    const { client, call, api } = await ringing('bob', 'alice');
    renderInCall(client, null, <RingingCalls onJoined={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: text.ringing.reject }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.requests.some((request) => request.path === '/call/default/ring-1/reject')).toBe(true);
    expect(call.state.callingState).toBe(CallingState.LEFT);
  });

  it('the caller sees the outgoing call with its auto-cancel timeout and can cancel it', async () => {
    const { client, api } = await ringing('alice', 'alice');
    renderInCall(client, null, <RingingCalls onJoined={vi.fn()} />);
    const dialog = await screen.findByRole('alertdialog', { name: text.ringing.outgoing });
    expect(dialog).toHaveTextContent(text.ringing.timeout(15));
    expect(within(dialog).queryByRole('button', { name: text.ringing.accept })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: text.ringing.cancel }));
    await waitFor(() => expect(api.requests.some((request) => request.path === '/call/default/ring-1/reject')).toBe(true));
  });
});

describe('post-call screen', () => {
  it('explains the exit, then sends a 1–5 rating with the comment through call.submitFeedback', async () => {
    const { client, call, api } = await setUp();
    api.on('POST', /\/feedback$/, () => ({ data: { duration: '1ms' } }));
    const onDone = vi.fn();
    renderInCall(client, call, <PostCall call={call} reason="ended" onDone={onDone} doneLabel={text.postCall.back} />);
    expect(screen.getByText(text.exit.ended)).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    expect(screen.getByRole('button', { name: text.postCall.submit })).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: text.postCall.rating(4) }));
    await userEvent.type(screen.getByLabelText(text.postCall.comment), 'Great session');
    await userEvent.click(screen.getByRole('button', { name: text.postCall.submit }));
    expect(await screen.findByText(text.postCall.thanks)).toBeInTheDocument();
    expect(api.requests.find((request) => request.path === '/call/default/call-1/feedback')?.body).toMatchObject({ rating: 4, reason: 'Great session' });
    await userEvent.click(screen.getByRole('button', { name: text.postCall.back }));
    expect(onDone).toHaveBeenCalled();
  });

  it('keeps the form and says so when the rating cannot be sent', async () => {
    const { client, call, api } = await setUp();
    api.on('POST', /\/feedback$/, () => ({ status: 500, data: { code: -1, message: 'down', StatusCode: 500 } }));
    renderInCall(client, call, <PostCall call={call} reason="left" onDone={vi.fn()} doneLabel={text.postCall.back} />);
    await userEvent.click(screen.getByRole('radio', { name: text.postCall.rating(1) }));
    await userEvent.click(screen.getByRole('button', { name: text.postCall.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text.postCall.failed);
    expect(screen.getByRole('button', { name: text.postCall.submit })).toBeEnabled();
  });
});

describe('leaving is explained in words', () => {
  const inCall = async (ownCapabilities: OwnCapability[] = [OwnCapability.JOIN_CALL]) => {
    const setup = await setUp({ ownCapabilities, members: ['alice', 'host'], createdBy: 'host' });
    act(() => setup.call.state.setCallingState(CallingState.JOINED));
    renderInCall(setup.client, setup.call, <CallExperience call={setup.call} create={false} joined onDone={vi.fn()} doneLabel={text.postCall.back} />);
    expect(screen.getByRole('button', { name: text.controls.leave })).toBeInTheDocument();
    return setup;
  };
  const callEvent = (call: Call, type: string, extra: object = {}) =>
    act(() => call.streamClient.dispatchEvent({ type, call_cid: call.cid, created_at: new Date().toISOString(), call: callResponse({ type: 'default', id: 'call-1', createdBy: 'host' }), ...extra } as never));

  it('leaving by the button', async () => {
    await inCall();
    await userEvent.click(screen.getByRole('button', { name: text.controls.leave }));
    expect(await screen.findByText(text.exit.left)).toBeInTheDocument();
  });

  it('the call ending', async () => {
    const { call } = await inCall();
    callEvent(call, 'call.ended');
    expect(await screen.findByText(text.exit.ended)).toBeInTheDocument();
  });

  it('being blocked', async () => {
    const { call } = await inCall();
    callEvent(call, 'call.blocked_user', { user: { id: 'alice' } });
    expect(await screen.findByText(text.exit.blocked)).toBeInTheDocument();
  });

  it('being removed from the members', async () => {
    const { call } = await inCall();
    callEvent(call, 'call.member_removed', { members: ['alice'] });
    expect(await screen.findByText(text.exit.removed)).toBeInTheDocument();
  });

  it('losing the join capability', async () => {
    const { call } = await inCall();
    act(() => call.state.setOwnCapabilities([]));
    expect(await screen.findByText(text.exit.lostJoin)).toBeInTheDocument();
  });

  it('losing a send capability keeps the member in the call and says what changed', async () => {
    const { call } = await inCall([OwnCapability.JOIN_CALL, OwnCapability.SEND_AUDIO]);
    act(() => call.state.setOwnCapabilities([OwnCapability.JOIN_CALL]));
    expect(await screen.findByText(text.capabilityLost['send-audio']!)).toBeInTheDocument();
    expect(call.state.callingState).toBe(CallingState.JOINED);
  });
});

describe('guest mode', () => {
  it('shows the lobby as Guest User and joins without creating the call', async () => {
    const { client, call, api } = await setUp({ userId: 'guest-123', name: GUEST_USER_NAME, createdBy: 'alice', ownCapabilities: [OwnCapability.JOIN_CALL] });
    api.on('POST', /\/call\/default\/call-1\/join$/, () => ({ status: 403, data: { code: 17, message: 'not allowed in this test', StatusCode: 403, unrecoverable: true } }));
    renderInCall(client, null, <CallExperience call={call} create={false} onDone={vi.fn()} doneLabel={text.postCall.backHome} />);
    expect(screen.getByRole('heading', { name: text.lobby.title })).toBeInTheDocument();
    expect(screen.getByText(text.lobby.joiningAs(GUEST_USER_NAME))).toBeInTheDocument();
    // This browser denies camera and microphone (see beforeAll): the lobby says what to do.
    expect(await screen.findByText(text.permissions.howToFix)).toBeInTheDocument();
    expect(screen.getByText(text.permissions.cameraDenied)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: text.lobby.join }));
    expect(await screen.findByText(text.lobby.joinFailed)).toBeInTheDocument();
    const join = api.requests.find((request) => request.path === '/call/default/call-1/join');
    expect(join?.body).toMatchObject({ create: false });
  });
});

describe('a guest in a mentorship call', () => {
  it('gets the call controls with no recording consent (a guest can neither record nor consent, and the public page has no API session)', async () => {
    // Rendered as on the public guest page: no QueryClientProvider, so asking our API for consent would throw.
    const { client, call } = await setUp({
      userId: 'guest-123',
      name: GUEST_USER_NAME,
      id: 'm-0b6c4f7e-8a3d-4c2b-9e1f-2a3b4c5d6e7f-lq2x9k1a',
      ownCapabilities: [OwnCapability.JOIN_CALL, OwnCapability.SEND_AUDIO, OwnCapability.SEND_VIDEO],
    });
    renderInCall(client, call, <CallControlsBar onLeave={() => undefined} panel={null} onPanel={() => undefined} />);
    expect(screen.getByRole('button', { name: text.controls.leave })).toBeEnabled();
    expect(screen.queryByRole('region', { name: text.consent.promptLabel })).toBeNull();
    expect(screen.queryByRole('button', { name: text.controls.startRecording })).toBeNull();
  });
});

describe('livestream and audio room', () => {
  it('a host waits backstage, a viewer is told the stream has not started', async () => {
    const host = await setUp({ type: 'livestream', ownCapabilities: [OwnCapability.JOIN_BACKSTAGE] });
    act(() => host.call.state.updateFromCallResponse(callResponse({ type: 'livestream', id: 'call-1', createdBy: 'alice', flags: { backstage: true }, session: {} })));
    renderInCall(host.client, host.call, <LivestreamStatus />);
    expect(screen.getByRole('status')).toHaveTextContent(text.livestream.backstageHost);
    const viewer = await setUp({ userId: 'bob', type: 'livestream', id: 'call-2', ownCapabilities: [] });
    act(() => viewer.call.state.updateFromCallResponse(callResponse({ type: 'livestream', id: 'call-2', createdBy: 'alice', flags: { backstage: true }, session: {} })));
    renderInCall(viewer.client, viewer.call, <LivestreamStatus />);
    expect(screen.getByText(text.livestream.notStarted)).toBeInTheDocument();
  });

  it('in the lobby, a viewer waits for a call in backstage to go live, then may join; a host may join backstage', async () => {
    const backstage = { ...callSettings(), backstage: { enabled: true } } as ReturnType<typeof callSettings>;
    const viewer = await setUp({ userId: 'bob', type: 'livestream', ownCapabilities: [OwnCapability.JOIN_CALL], settings: backstage });
    const inBackstage = (flags: { backstage: boolean }) => callResponse({ type: 'livestream', id: 'call-1', createdBy: 'alice', settings: backstage, flags, session: {} });
    act(() => viewer.call.state.updateFromCallResponse(inBackstage({ backstage: true })));
    const { unmount } = renderInCall(viewer.client, viewer.call, <Lobby onJoin={async () => undefined} />);
    expect(screen.getByRole('status')).toHaveTextContent(text.lobby.notLive);
    expect(screen.getByRole('button', { name: text.lobby.join })).toBeDisabled();
    act(() => viewer.call.state.updateFromCallResponse(inBackstage({ backstage: false })));
    expect(screen.queryByText(text.lobby.notLive)).toBeNull();
    expect(screen.getByRole('button', { name: text.lobby.join })).toBeEnabled();
    unmount();

    const host = await setUp({ type: 'livestream', id: 'call-2', ownCapabilities: [OwnCapability.JOIN_CALL, OwnCapability.JOIN_BACKSTAGE], settings: backstage });
    act(() => host.call.state.updateFromCallResponse(callResponse({ type: 'livestream', id: 'call-2', createdBy: 'alice', settings: backstage, flags: { backstage: true }, session: {} })));
    renderInCall(host.client, host.call, <Lobby onJoin={async () => undefined} />);
    expect(screen.queryByText(text.lobby.notLive)).toBeNull();
    expect(screen.getByRole('button', { name: text.lobby.join })).toBeEnabled();
  });
});
