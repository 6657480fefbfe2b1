import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OwnCapability, SfuModels, type StreamVideoParticipant } from '@stream-io/video-react-sdk';
import type { GroupSession } from '@mentoring/shared';
import { createOfflineClient, scriptCall, type OfflineClient } from '@testing/video/offlineStream';
import { renderInCall } from '@testing/video/renderCall';
import { installBrowserStubs } from '@testing/video/browserStubs';
import { QueryProvider } from '@/lib/query';
import { copy as text } from '@/features/video/copy';
import { CallControlsBar } from '../CallControlsBar';
import { CallIndicators } from '../CallIndicators';
import { RoomContext, type GroupRoom } from './RoomContext';

beforeAll(installBrowserStubs);

const clients: OfflineClient[] = [];
afterEach(async () => {
  vi.unstubAllGlobals();
  for (const { client } of clients.splice(0)) await client.disconnectUser().catch(() => undefined);
});

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const room: GroupRoom = { sessionId: ID, title: 'Reading a compiler', startsAt: '2026-12-01T18:00:00.000Z', taken: 2 };

const view = (consents: readonly string[]): GroupSession => ({
  id: ID,
  kind: 'workshop',
  title: room.title,
  description: '',
  topics: ['Compilers'],
  startsAt: room.startsAt,
  durationMinutes: 60,
  capacity: 2,
  audience: 'all',
  state: 'live',
  host: { id: 'grace', displayName: 'Grace' },
  coHosts: [],
  speakers: [],
  taken: 2,
  waiting: 0,
  callType: 'livestream',
  part: 'participant',
  place: { status: 'signed_up', signedUpAt: '2026-11-30T10:00:00.000Z' },
  cancelReason: null,
  public: false,
  attendance: null,
  myRating: null,
  ratings: null,
  archive: true,
  recordingConsents: consents.map((streamUserId) => ({ streamUserId, at: '2026-12-01T18:01:00.000Z' })),
  createdAt: '2026-11-30T09:00:00.000Z',
});

/** The session's read and its consent route, as the server answers them; `viewer` is who consents by posting. */
const serve = (viewer: string, initial: string[] = []) => {
  const consents = [...initial];
  const posts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === `/api/group-sessions/${ID}/recording-consent` && init?.method === 'POST') {
        posts.push(url);
        if (!consents.includes(viewer)) consents.push(viewer);
      } else if (url !== `/api/group-sessions/${ID}`) return new Response('{}', { status: 404 });
      return new Response(JSON.stringify(view(consents)), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { consents, posts };
};

const person = (userId: string, roles: string[], publishing: SfuModels.TrackType[] = [], local = false) =>
  ({ sessionId: `s-${userId}`, userId, name: userId === 'ada' ? 'Ada' : userId === 'mary' ? 'Mary' : 'Grace', roles, publishedTracks: publishing, isLocalParticipant: local, joinedAt: undefined }) as unknown as StreamVideoParticipant;

const HOST_CAPABILITIES = [OwnCapability.JOIN_CALL, OwnCapability.SEND_AUDIO, OwnCapability.SEND_VIDEO, OwnCapability.START_RECORD_CALL, OwnCapability.STOP_RECORD_CALL, OwnCapability.START_TRANSCRIPTION_CALL, OwnCapability.STOP_TRANSCRIPTION_CALL];

/** Grace hosts; Ada, of the audience, was brought on stage (she is heard); Mary watches. */
const setUp = async (userId: 'grace' | 'ada' | 'mary', ownCapabilities: OwnCapability[], flags: { recording?: boolean } = {}) => {
  const offline = await createOfflineClient({ userId });
  clients.push(offline);
  scriptCall(offline.api, { type: 'livestream', id: `g-${ID}`, createdBy: 'grace', ownCapabilities, session: { id: 'session-1' }, flags });
  const call = offline.client.call('livestream', `g-${ID}`);
  await call.get();
  act(() =>
    call.state.setParticipants([
      person('grace', ['host'], [SfuModels.TrackType.AUDIO, SfuModels.TrackType.VIDEO], userId === 'grace'),
      person('ada', ['user'], [SfuModels.TrackType.AUDIO], userId === 'ada'),
      person('mary', ['user'], [], userId === 'mary'),
    ]),
  );
  renderInCall(
    offline.client,
    call,
    <QueryProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RoomContext.Provider value={room}>
        <CallIndicators />
        <CallControlsBar onLeave={() => undefined} panel={null} onPanel={() => undefined} audience />
      </RoomContext.Provider>
    </QueryProvider>,
  );
  return { ...offline, call };
};

describe('recording consent in a group session’s room', () => {
  it('the host’s starts wait for everyone on stage (not the audience), say who is missing, and the host is asked too', async () => {
    const server = serve('grace');
    const { call } = await setUp('grace', HOST_CAPABILITIES);
    const note = await screen.findByText(text.room.consent.waiting(['you', 'Ada']));
    expect(note).not.toHaveTextContent('Mary');
    for (const label of [text.controls.startRecording, text.controls.startTranscription]) {
      const button = screen.getByRole('button', { name: label });
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('aria-describedby', note.id);
    }
    expect(screen.getByRole('region', { name: text.room.consent.promptLabel })).toHaveTextContent(text.room.consent.prompt);

    await userEvent.click(screen.getByRole('button', { name: text.room.consent.agree }));
    expect(server.posts).toHaveLength(1);
    expect(await screen.findByText(text.room.consent.waiting(['Ada']))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.room.consent.agree })).toBeNull();
    expect(screen.getByRole('button', { name: text.controls.startRecording })).toBeDisabled();

    // Ada agrees on her page; her event comes before the next poll would.
    server.consents.push('ada');
    act(() => call.streamClient.dispatchEvent({ type: 'custom', call_cid: call.cid, created_at: new Date().toISOString(), custom: { type: 'recording-consent-given' }, user: { id: 'ada' } } as never));
    await waitFor(() => expect(screen.getByRole('button', { name: text.controls.startRecording })).toBeEnabled(), { timeout: 1000 });
    expect(screen.getByRole('button', { name: text.controls.startTranscription })).toBeEnabled();
    expect(screen.queryByText(/Waiting for everyone/)).toBeNull();
  });

  it('one of the audience brought on stage is asked, with nothing to start and no list of who is missing', async () => {
    const server = serve('ada', ['grace']);
    await setUp('ada', [OwnCapability.JOIN_CALL, OwnCapability.SEND_AUDIO, OwnCapability.SEND_VIDEO]);
    await userEvent.click(await screen.findByRole('button', { name: text.room.consent.agree }));
    expect(server.posts).toEqual([`/api/group-sessions/${ID}/recording-consent`]);
    await waitFor(() => expect(screen.queryByRole('region', { name: text.room.consent.promptLabel })).toBeNull());
    expect(screen.queryByRole('button', { name: text.controls.startRecording })).toBeNull();
    expect(screen.queryByText(/Waiting for everyone/)).toBeNull();
  });

  it('the audience is not asked, reads nobody’s consent, and is told in words while the session is recorded', async () => {
    serve('mary');
    await setUp('mary', [OwnCapability.JOIN_CALL, OwnCapability.CREATE_REACTION], { recording: true });
    expect(screen.getByRole('status')).toHaveTextContent(text.room.recorded);
    expect(screen.queryByRole('button', { name: text.room.consent.agree })).toBeNull();
    expect(screen.queryByRole('button', { name: text.controls.startRecording })).toBeNull();
    expect(vi.mocked(fetch).mock.calls.filter(([url]) => String(url).startsWith('/api/'))).toEqual([]);
  });

  it('those on stage read the recording’s usual indicator', async () => {
    serve('grace', ['grace', 'ada']);
    await setUp('grace', HOST_CAPABILITIES, { recording: true });
    expect(screen.getByRole('status')).toHaveTextContent(text.indicators.recording);
    expect(screen.getByRole('status')).not.toHaveTextContent(text.room.recorded);
    expect(await screen.findByRole('button', { name: text.controls.stopRecording })).toBeEnabled();
  });
});
