import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GroupSession } from '@mentoring/shared';
import { menteeView, ownProfile } from '@testing/mentorships/fake-api';
import { ada } from '@testing/mentoring/render';
import { renderAt } from '@testing/mentorships/render';
import { AuthContext } from '@/lib/auth/AuthProvider';
import { GroupSessionPage } from './GroupSessionPage';

vi.setConfig({ testTimeout: 30_000 });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const session = (extra: Partial<GroupSession>): GroupSession => ({
  id: ID,
  kind: 'workshop',
  title: 'Interviews without fear',
  description: 'How a technical interview goes.',
  topics: ['Job search and interviews'],
  startsAt: '2026-03-09T17:00:00.000Z',
  durationMinutes: 60,
  capacity: 20,
  audience: 'all',
  state: 'ended',
  host: { id: 'grace', displayName: 'Grace Hopper' },
  coHosts: [],
  speakers: [],
  taken: 3,
  waiting: 0,
  callType: 'livestream',
  part: 'participant',
  place: { status: 'signed_up', signedUpAt: '2026-03-01T10:00:00.000Z' },
  cancelReason: null,
  public: false,
  attendance: null,
  myRating: { rating: 4, comment: '' },
  ratings: null,
  archive: true,
  recordingConsents: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  ...extra,
});

const setup = (extra: Partial<GroupSession>) => {
  const artifacts = vi.fn(() =>
    HttpResponse.json({
      speakers: { grace: 'Grace Hopper' },
      recordings: [{ sessionId: 's1', filename: 'rec_livestream.mp4', startTime: '2026-03-09T17:01:00.000Z', endTime: '2026-03-09T17:59:00.000Z', size: 2 * 1024 * 1024, contentType: 'video/mp4', url: 'https://s3.example/rec.mp4?sig', downloadUrl: 'https://s3.example/rec.mp4?sig&download' }],
      transcriptions: [],
    }),
  );
  server.use(
    http.get('/config.json', () => HttpResponse.json({ stream: { configured: false } })),
    http.get('/api/profile/me', () => HttpResponse.json(ownProfile(menteeView('ada', 'Ada Lovelace', { timezone: 'Europe/Berlin' })))),
    http.get(`/api/group-sessions/${ID}`, () => HttpResponse.json(session(extra))),
    http.get(`/api/calls/livestream/g-${ID}/artifacts`, artifacts),
  );
  // The page's report action reads who is signed in.
  const auth = { status: 'signedIn' as const, user: ada, getIdToken: async () => 'id-token', signOut: async () => undefined, refresh: async () => undefined };
  renderAt(
    <AuthContext.Provider value={auth}>
      <GroupSessionPage />
    </AuthContext.Provider>,
    { route: '/group-sessions/:id', path: `/group-sessions/${ID}` },
  );
  return { artifacts };
};

describe('/group-sessions/:id, afterwards', () => {
  it('shows the recording of a session the member had a place in, with a way to all their past calls', async () => {
    setup({});
    const archive = await screen.findByRole('region', { name: 'Recording and transcript' });
    expect(await within(archive).findByLabelText('Recording rec_livestream.mp4')).toHaveAttribute('src', 'https://s3.example/rec.mp4?sig');
    expect(within(archive).getByRole('link', { name: 'Download recording' })).toHaveAttribute('href', 'https://s3.example/rec.mp4?sig&download');
    expect(within(archive).getByRole('link', { name: 'All your past calls' })).toHaveAttribute('href', `/calls/past#call-livestream:g-${ID}`);
    // On the session's own page the entry does not link back to it.
    expect(within(archive).queryByRole('link', { name: 'The group session’s page' })).toBeNull();
  });

  it('asks for no archive the server does not give the viewer, nor before the session took place', async () => {
    const { artifacts } = setup({ archive: false, part: 'none', place: { status: 'none' }, myRating: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Interviews without fear' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Recording and transcript' })).toBeNull());
    expect(artifacts).not.toHaveBeenCalled();
  });

  it('has no archive yet while the session is still to come', async () => {
    const { artifacts } = setup({ state: 'scheduled', startsAt: '2099-03-09T17:00:00.000Z', myRating: null });
    expect(await screen.findByRole('region', { name: 'Your place' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recording and transcript' })).toBeNull();
    expect(artifacts).not.toHaveBeenCalled();
  });
});
