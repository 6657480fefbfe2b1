import type { ReactNode } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OwnCapability, SfuModels, type Call, type CallSettingsResponse, type StreamVideoParticipant } from '@stream-io/video-react-sdk';
import { callResponse, callSettings, createOfflineClient, scriptCall, type OfflineClient } from '@testing/video/offlineStream';
import { renderInCall } from '@testing/video/renderCall';
import { QueryClient } from '@tanstack/react-query';
import { QueryProvider } from '@/lib/query';
import { installBrowserStubs } from '@testing/video/browserStubs';
import { browserZone, formatTime } from '@/lib/datetime';
import { copy as text } from '@/features/video/copy';
import { CallControlsBar } from '../CallControlsBar';
import { Lobby } from '../Lobby';
import { RoomContext, type GroupRoom } from './RoomContext';
import { RoomPeople } from './RoomPeople';
import { StagePanel } from './StagePanel';

beforeAll(installBrowserStubs);

const clients: OfflineClient[] = [];
afterEach(async () => {
  for (const { client } of clients.splice(0)) await client.disconnectUser().catch(() => undefined);
});

/** A group session's call as the server makes it: backstage on, the audience may ask for the microphone (and camera). */
const roomSettings = (type: string) => {
  const base = callSettings({ audioAccessRequest: true });
  return { ...base, backstage: { enabled: true }, video: { ...base.video, access_request_enabled: type === 'livestream' } } as CallSettingsResponse;
};

const room: GroupRoom = { sessionId: '0f8fad5b-d9cb-469f-a165-70867728950e', title: 'Reading a compiler', startsAt: '2026-12-01T18:00:00.000Z', taken: 2 };

const setUp = async ({ userId = 'ada', type = 'livestream', ownCapabilities = [OwnCapability.JOIN_CALL] as OwnCapability[], settings = roomSettings(type), blockedUserIds = [] as string[] } = {}) => {
  const offline = await createOfflineClient({ userId });
  clients.push(offline);
  scriptCall(offline.api, { type, id: `g-${room.sessionId}`, createdBy: 'grace', ownCapabilities, settings, session: { id: 'session-1' }, blockedUserIds, flags: { backstage: true } });
  const call = offline.client.call(type, `g-${room.sessionId}`);
  await call.get();
  offline.api.on('POST', /\/(request_permission|user_permissions|mute_users|block)$/, () => ({ data: { duration: '1ms' } }));
  return { ...offline, call };
};

const inRoom = (ui: ReactNode) => <RoomContext.Provider value={room}>{ui}</RoomContext.Provider>;

const person = (userId: string, roles: string[], extra: Partial<StreamVideoParticipant> = {}) =>
  ({ sessionId: `s-${userId}`, userId, name: userId, roles, publishedTracks: [], isLocalParticipant: false, connectionQuality: SfuModels.ConnectionQuality.GOOD, ...extra }) as StreamVideoParticipant;

const handRaised = (call: Call, userId: string, permissions: string[]) =>
  act(() => call.streamClient.dispatchEvent({ type: 'call.permission_request', call_cid: call.cid, created_at: new Date().toISOString(), permissions, user: { id: userId, name: userId } } as never));

const bodyOf = (api: OfflineClient['api'], suffix: string) => api.requests.filter((request) => request.path.endsWith(suffix)).map((request) => request.body);

describe('the audience raises a hand', () => {
  it('in a workshop asks for the microphone and camera, waits, and once brought on stage turns them on', async () => {
    const { client, call, api } = await setUp();
    const microphone = vi.spyOn(call.microphone, 'enable').mockResolvedValue(undefined);
    const camera = vi.spyOn(call.camera, 'enable').mockResolvedValue(undefined);
    renderInCall(client, call, <StagePanel />);
    await userEvent.click(screen.getByRole('button', { name: text.room.hands.livestream.raise }));
    expect(await screen.findByText(text.room.hands.livestream.raised)).toBeInTheDocument();
    expect(bodyOf(api, '/request_permission')).toEqual([{ permissions: ['send-audio', 'send-video'] }]);
    expect(microphone).not.toHaveBeenCalled();

    act(() => call.state.setOwnCapabilities([OwnCapability.JOIN_CALL, OwnCapability.SEND_AUDIO, OwnCapability.SEND_VIDEO]));
    expect(await screen.findByText(text.room.hands.livestream.onStage)).toBeInTheDocument();
    expect(microphone).toHaveBeenCalled();
    expect(camera).toHaveBeenCalled();

    // Taken off stage: the hand may go up again.
    act(() => call.state.setOwnCapabilities([OwnCapability.JOIN_CALL]));
    expect(await screen.findByRole('button', { name: text.room.hands.livestream.raise })).toBeEnabled();
  });

  it('in an open circle asks to speak, for the microphone only; where asking is off, the listener is told so and offered nothing', async () => {
    const asking = await setUp({ type: 'audio_room' });
    const { unmount } = renderInCall(asking.client, asking.call, <StagePanel />);
    await userEvent.click(screen.getByRole('button', { name: text.room.hands.audio_room.raise }));
    await waitFor(() => expect(bodyOf(asking.api, '/request_permission')).toEqual([{ permissions: ['send-audio'] }]));
    unmount();

    const closed = await setUp({ userId: 'mary', type: 'audio_room', settings: callSettings({ audioAccessRequest: false }) });
    renderInCall(closed.client, closed.call, <StagePanel />);
    expect(screen.getByText(text.audioRoom.listener)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a host on stage has no hand to raise', async () => {
    const { client, call } = await setUp({ userId: 'grace', ownCapabilities: [OwnCapability.JOIN_CALL, OwnCapability.SEND_AUDIO, OwnCapability.SEND_VIDEO] });
    renderInCall(client, call, <StagePanel />);
    expect(screen.queryByRole('button', { name: text.room.hands.livestream.raise })).toBeNull();
  });
});

describe('the host answers raised hands', () => {
  const hostCapabilities = [OwnCapability.JOIN_CALL, OwnCapability.SEND_AUDIO, OwnCapability.SEND_VIDEO, OwnCapability.UPDATE_CALL_PERMISSIONS];

  it('in the order they were raised, brings one on stage and takes them off again; a hand of one who left is dropped', async () => {
    const { client, call, api } = await setUp({ userId: 'grace', ownCapabilities: hostCapabilities });
    act(() => call.state.setParticipants([person('grace', ['host'], { isLocalParticipant: true }), person('mary', ['user']), person('ada', ['user']), person('bob', ['user'])]));
    renderInCall(client, call, <StagePanel />);
    expect(screen.getByText(text.room.noHands)).toBeInTheDocument();
    handRaised(call, 'mary', ['send-audio', 'send-video']);
    handRaised(call, 'ada', ['send-audio', 'send-video']);
    handRaised(call, 'bob', ['send-audio']);
    const queue = () => within(screen.getByRole('region', { name: text.room.hands.livestream.queue(3) }));
    expect(queue().getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual(['mary', 'ada', 'bob']);

    act(() => call.state.setParticipants([person('grace', ['host'], { isLocalParticipant: true }), person('mary', ['user']), person('ada', ['user'])]));
    await userEvent.click(screen.getByRole('button', { name: text.room.hands.livestream.grant('ada') }));
    await waitFor(() => expect(bodyOf(api, '/user_permissions')).toEqual([{ user_id: 'ada', grant_permissions: ['send-audio', 'send-video'] }]));
    expect(screen.getByRole('region', { name: text.room.hands.livestream.queue(1) })).toHaveTextContent('mary');

    await userEvent.click(screen.getByRole('button', { name: text.room.hands.livestream.revoke('ada') }));
    await waitFor(() => expect(bodyOf(api, '/user_permissions').at(-1)).toEqual({ user_id: 'ada', revoke_permissions: ['send-audio', 'send-video'] }));

    await userEvent.click(screen.getByRole('button', { name: text.room.dismiss('mary') }));
    expect(screen.getByText(text.room.noHands)).toBeInTheDocument();
  });

  it('a member without update-call-permissions sees no queue', async () => {
    const { client, call } = await setUp({ userId: 'mary' });
    renderInCall(client, call, <StagePanel />);
    handRaised(call, 'ada', ['send-audio']);
    expect(screen.queryByRole('region')).toBeNull();
  });
});

describe('who is in the room', () => {
  const people = (call: Call) =>
    act(() =>
      call.state.setParticipants([
        person('grace', ['host'], { isLocalParticipant: call.currentUserId === 'grace' }),
        person('ada', ['user'], { publishedTracks: [SfuModels.TrackType.AUDIO], isLocalParticipant: call.currentUserId === 'ada' }),
        person('mary', ['user']),
      ]),
    );

  it('the host mutes one who speaks and removes one of the audience, never a host', async () => {
    const { client, call, api } = await setUp({ userId: 'grace', ownCapabilities: [OwnCapability.JOIN_CALL, OwnCapability.MUTE_USERS, OwnCapability.BLOCK_USERS] });
    people(call);
    renderInCall(client, call, <RoomPeople />);
    expect(screen.getByRole('heading', { name: text.room.inCall(3) })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.room.mute('mary') })).toBeNull();
    expect(screen.queryByRole('button', { name: text.room.remove('grace') })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: text.room.mute('ada') }));
    await waitFor(() => expect(bodyOf(api, '/mute_users')).toEqual([{ user_ids: ['ada'], audio: true }]));
    await userEvent.click(screen.getByRole('button', { name: text.room.remove('mary') }));
    await waitFor(() => expect(bodyOf(api, '/block')).toEqual([{ user_id: 'mary' }]));
  });

  it('a member sees who is there and their roles, with nothing to press', async () => {
    const { client, call } = await setUp({ userId: 'ada' });
    people(call);
    renderInCall(client, call, <RoomPeople />);
    expect(screen.getByText(`ada (${text.room.you})`)).toBeInTheDocument();
    expect(screen.getByText(text.room.roles.host!)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('the lobby of a group session', () => {
  it('tells a member with a place it is starting soon, at the start in their zone, with no camera or microphone to set up', async () => {
    const { client, call } = await setUp();
    act(() => call.state.updateFromCallResponse(callResponse({ type: 'livestream', id: call.id, createdBy: 'grace', settings: roomSettings('livestream'), flags: { backstage: true }, session: {} })));
    const enable = vi.spyOn(call.camera, 'enable');
    renderInCall(client, call, inRoom(<Lobby onJoin={async () => undefined} />));
    expect(screen.getByRole('status')).toHaveTextContent(text.room.startingSoon);
    expect(screen.getByRole('status')).toHaveTextContent(text.room.startsAt(formatTime(room.startsAt, browserZone()), browserZone()));
    expect(screen.getByRole('button', { name: text.lobby.join })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Camera|Microphone/ })).toBeNull();
    expect(enable).not.toHaveBeenCalled();

    act(() => call.state.updateFromCallResponse(callResponse({ type: 'livestream', id: call.id, createdBy: 'grace', settings: roomSettings('livestream'), flags: { backstage: false }, session: {} })));
    expect(screen.queryByText(text.room.startingSoon)).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(text.room.live);
    expect(screen.getByRole('button', { name: text.lobby.join })).toBeEnabled();
  });

  it('tells a removed member why they cannot join, and offers no join', async () => {
    const { client, call } = await setUp({ blockedUserIds: ['ada'] });
    renderInCall(client, call, inRoom(<Lobby onJoin={async () => undefined} />));
    expect(await screen.findByText(text.room.removedLobby)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.lobby.join })).toBeNull();
  });
});

describe('the room’s controls', () => {
  it('an audience member reacts (no raised-hand reaction: raising a hand is a request), with no device panels and no ending', async () => {
    const { client, call } = await setUp({ ownCapabilities: [OwnCapability.JOIN_CALL, OwnCapability.CREATE_REACTION] });
    renderInCall(client, call, inRoom(<CallControlsBar onLeave={() => undefined} panel={null} onPanel={() => undefined} audience />));
    await userEvent.click(screen.getByRole('button', { name: text.devices.react }));
    expect(screen.getByRole('button', { name: 'Thumbs up' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Raise hand' })).toBeNull();
    for (const name of [text.controls.stats, text.controls.settings, text.controls.goLive, text.room.endForEveryone]) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('the host of an open circle goes live from backstage and may end the session for everyone, but records nothing without consent', async () => {
    const { client, call } = await setUp({
      userId: 'grace',
      type: 'audio_room',
      ownCapabilities: [OwnCapability.JOIN_CALL, OwnCapability.SEND_AUDIO, OwnCapability.UPDATE_CALL, OwnCapability.END_CALL, OwnCapability.START_RECORD_CALL, OwnCapability.START_TRANSCRIPTION_CALL],
    });
    // The session's read (its consents) is refused here: until it is read, nobody has consented.
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 404 })));
    renderInCall(client, call, <QueryProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{inRoom(<CallControlsBar onLeave={() => undefined} panel={null} onPanel={() => undefined} audience />)}</QueryProvider>);
    expect(screen.getByRole('button', { name: text.controls.goLive })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text.room.endForEveryone })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text.controls.settings })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text.controls.startRecording })).toBeDisabled();
    expect(screen.getByRole('button', { name: text.controls.startTranscription })).toBeDisabled();
    vi.unstubAllGlobals();
  });
});
