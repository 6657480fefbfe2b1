import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OwnCapability, type StreamVideoParticipant } from '@stream-io/video-react-sdk';
import { createOfflineClient, scriptCall, type OfflineClient } from '@testing/video/offlineStream';
import { renderInCall } from '@testing/video/renderCall';
import { installBrowserStubs } from '@testing/video/browserStubs';
import { QueryProvider } from '@/lib/query';
import { copy as text } from '../copy';
import { CallControlsBar } from './CallControlsBar';

beforeAll(installBrowserStubs);

const MENTORSHIP = '0b3c8a52-1f7e-4c1a-9d3e-2a4b5c6d7e8f';
const CALL_ID = `m-${MENTORSHIP}-abc`;
const clients: OfflineClient[] = [];
afterEach(async () => {
  vi.unstubAllGlobals();
  for (const { client } of clients.splice(0)) await client.disconnectUser().catch(() => undefined);
});

/** The consent route as the server answers it: who of the pair has consented so far. */
const serveConsent = (initial: string[]) => {
  const consents = [...initial];
  const posts: string[] = [];
  const state = () => ({
    sessionId: CALL_ID,
    pair: [
      { memberId: 'alice', streamUserId: 'alice', displayName: 'Alice' },
      { memberId: 'bob', streamUserId: 'bob', displayName: 'Bob' },
    ],
    consents: consents.map((memberId) => ({ memberId, streamUserId: memberId, at: '2026-03-01T10:00:00.000Z' })),
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url !== `/api/sessions/${CALL_ID}/recording-consent`) return new Response('{}', { status: 404 });
      if (init?.method === 'POST') {
        posts.push(url);
        if (!consents.includes('alice')) consents.push('alice');
      }
      return new Response(JSON.stringify(state()), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { consents, posts };
};

const participant = (userId: string, name: string, local = false) =>
  ({ userId, name, sessionId: `s-${userId}`, isLocalParticipant: local, publishedTracks: [], joinedAt: undefined, roles: [] }) as unknown as StreamVideoParticipant;

const setUp = async (id = CALL_ID) => {
  const offline = await createOfflineClient({ userId: 'alice', name: 'Alice' });
  clients.push(offline);
  scriptCall(offline.api, { type: 'default', id, createdBy: 'alice', ownCapabilities: [OwnCapability.START_RECORD_CALL, OwnCapability.START_TRANSCRIPTION_CALL], session: { id: 'session-1' } });
  const call = offline.client.call('default', id);
  await call.get();
  act(() => call.state.setParticipants([participant('alice', 'Alice', true), participant('bob', 'Bob')]));
  const noop = () => undefined;
  renderInCall(
    offline.client,
    call,
    <QueryProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CallControlsBar onLeave={noop} panel={null} onPanel={noop} />
    </QueryProvider>,
  );
  return call;
};

describe('recording consent in a mentorship call', () => {
  it('keeps recording and transcription waiting, says who is missing, and asks the viewer', async () => {
    serveConsent(['bob']);
    await setUp();
    const note = await screen.findByText(text.consent.waiting(['you']));
    for (const label of [text.controls.startRecording, text.controls.startTranscription]) {
      const button = screen.getByRole('button', { name: label });
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('aria-describedby', note.id);
    }
    expect(screen.getByRole('region', { name: text.consent.promptLabel })).toHaveTextContent(text.consent.prompt);
  });

  it('starts are offered once everyone present has consented; the viewer consents through the API', async () => {
    const server = serveConsent(['bob']);
    await setUp();
    await userEvent.click(await screen.findByRole('button', { name: text.consent.agree }));
    expect(server.posts).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('button', { name: text.controls.startRecording })).toBeEnabled());
    expect(screen.getByRole('button', { name: text.controls.startTranscription })).toBeEnabled();
    expect(screen.queryByRole('region', { name: text.consent.promptLabel })).toBeNull();
    expect(screen.queryByText(/Waiting for everyone/)).toBeNull();
  });

  it('tells the call when the viewer consents, and reads consent again when another participant does', async () => {
    const server = serveConsent([]);
    const call = await setUp();
    await userEvent.click(await screen.findByRole('button', { name: text.consent.agree }));
    const { api } = clients.at(-1)!;
    await waitFor(() => expect(api.requests.find((request) => request.path === `/call/default/${CALL_ID}/event`)?.body).toEqual({ custom: { type: 'recording-consent-given' } }));
    expect(await screen.findByText(text.consent.waiting(['Bob']))).toBeInTheDocument();

    // Bob consents; his event arrives long before the next poll (3 s) would.
    server.consents.push('bob');
    act(() => call.streamClient.dispatchEvent({ type: 'custom', call_cid: call.cid, created_at: new Date().toISOString(), custom: { type: 'recording-consent-given' }, user: { id: 'bob' } } as never));
    await waitFor(() => expect(screen.getByRole('button', { name: text.controls.startRecording })).toBeEnabled(), { timeout: 1000 });
  });

  it('names the other participant while only the viewer has consented', async () => {
    serveConsent(['alice']);
    await setUp();
    expect(await screen.findByText(text.consent.waiting(['Bob']))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text.controls.startRecording })).toBeDisabled();
    expect(screen.queryByRole('button', { name: text.consent.agree })).toBeNull();
  });

  it('a call outside any mentorship asks nobody', async () => {
    const server = serveConsent([]);
    await setUp('call-1');
    expect(screen.getByRole('button', { name: text.controls.startRecording })).toBeEnabled();
    expect(screen.queryByRole('button', { name: text.consent.agree })).toBeNull();
    expect(server.posts).toHaveLength(0);
    expect(vi.mocked(fetch).mock.calls.filter(([url]) => String(url).startsWith('/api/'))).toEqual([]);
  });
});
