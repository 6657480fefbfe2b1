import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setIdTokenSource } from '@/lib/api-client';
import { renderWithQuery as render } from '@testing/query';
import { PastCallsPage } from './PastCallsPage';

const call = { cid: 'default:abc', type: 'default', id: 'abc', createdAt: '2026-01-01T10:00:00.000Z', endedAt: '2026-01-01T11:00:00.000Z', createdBy: 'mentor-1' };
const artifact = (filename: string, url: string) => ({
  sessionId: 's1',
  filename,
  startTime: '2026-01-01T10:00:00.000Z',
  endTime: '2026-01-01T11:00:00.000Z',
  size: 3 * 1024 * 1024,
  contentType: 'video/mp4',
  url,
  downloadUrl: `${url}&download`,
});
const transcript = [
  { type: 'speech', speaker_id: 'mentor-1', text: 'Welcome to our first session' },
  { type: 'speech', speaker_id: 'mentee-1', text: 'Thanks, I want to talk about careers' },
  { type: 'speech', speaker_id: 'mentor-1', text: 'Careers it is' },
  { type: 'speech', speaker_id: 'guest-1', text: 'May I add one thing about careers' },
]
  .map((line) => JSON.stringify(line))
  .join('\n');

const respond = (body: unknown, status = 200) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('PastCallsPage', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    setIdTokenSource(async () => 'id-token');
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/calls') return respond({ calls: [call] });
      if (url === '/api/calls/default/abc/artifacts') {
        return respond({
          recordings: [artifact('rec.mp4', 'https://s3.example/rec.mp4?sig')],
          transcriptions: [artifact('t.jsonl', 'https://s3.example/t.jsonl?sig')],
          speakers: { 'mentor-1': 'Grace Hopper', 'mentee-1': 'Ada Lovelace' },
        });
      }
      if (url === 'https://s3.example/t.jsonl?sig') return respond(transcript);
      return respond({ error: { code: 'not_found', message: 'Not found' } }, 404);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setIdTokenSource(async () => null);
  });

  it('lists past calls with a playable, downloadable recording, sending the ID token', async () => {
    render(<PastCallsPage />, { wrapper: MemoryRouter });
    const video = await screen.findByLabelText('Recording rec.mp4');
    expect(video).toHaveAttribute('src', 'https://s3.example/rec.mp4?sig');
    expect(screen.getByRole('link', { name: 'Download recording' })).toHaveAttribute('href', 'https://s3.example/rec.mp4?sig&download');
    expect(screen.getByRole('link', { name: 'Download recording' })).toHaveAttribute('download', 'rec.mp4');
    expect(screen.getByText(/3\.0 MB/)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/calls', expect.objectContaining({ method: 'GET', headers: { authorization: 'Bearer id-token' } }));
  });

  it('shows the transcript with the speakers’ names, not their ids, and filters it by a search', async () => {
    render(<PastCallsPage />, { wrapper: MemoryRouter });
    const section = await screen.findByRole('region', { name: 'Transcript t.jsonl' });
    expect((await within(section).findAllByRole('listitem')).map((item) => item.textContent)).toEqual([
      'Grace Hopper: Welcome to our first session',
      'Ada Lovelace: Thanks, I want to talk about careers',
      'Grace Hopper: Careers it is',
      'A participant: May I add one thing about careers',
    ]);
    await userEvent.type(within(section).getByRole('searchbox', { name: 'Search the transcript' }), 'careers');
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Ada Lovelace: Thanks, I want to talk about careers');
    expect(within(section).getByText('3 of 4 lines match')).toBeInTheDocument();
    expect(within(items[0]!).getByText('careers', { selector: 'mark' })).toBeInTheDocument();
  });

  it('says so when there are no past calls, and offers to start a call', async () => {
    fetchMock.mockImplementation(async () => respond({ calls: [] }));
    render(<PastCallsPage />, { wrapper: MemoryRouter });
    expect(await screen.findByRole('heading', { name: 'You have no past calls yet.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start a call' })).toHaveAttribute('href', '/calls');
  });

  it('shows an indicator while loading, and loads again when asked after a failure', async () => {
    let fail = true;
    let answer!: () => void;
    fetchMock.mockClear();
    fetchMock.mockImplementation(
      () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(fail ? respond({ error: { code: 'internal', message: 'We could not load your past calls.' } }, 500) : respond({ calls: [] }));
        }),
    );
    render(<PastCallsPage />, { wrapper: MemoryRouter });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your past calls…');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    answer();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your past calls.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading your past calls…');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    answer();
    expect(await screen.findByRole('heading', { name: 'You have no past calls yet.' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the API error message when a call\'s archive is refused', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/calls' ? respond({ calls: [call] }) : respond({ error: { code: 'forbidden', message: 'Only members may see this.' } }, 403),
    );
    render(<PastCallsPage />, { wrapper: MemoryRouter });
    expect(await screen.findByRole('alert')).toHaveTextContent('Only members may see this.');
  });

  it.each([
    [401, { message: 'Unauthorized' }, 'Your sign-in has expired. Please sign in again.'],
    [502, 'Bad Gateway', 'Something went wrong on our side. Please try again.'],
  ])('shows words, not a TypeError, when a %i answer is not in the documented shape', async (status, body, words) => {
    fetchMock.mockImplementation(async () => respond(body, status));
    render(<PastCallsPage />, { wrapper: MemoryRouter });
    expect(await screen.findByRole('alert')).toHaveTextContent(words);
  });

  it('links a group session\'s call to the session\'s page, and no other call', async () => {
    const sessionId = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const group = { ...call, cid: `livestream:g-${sessionId}`, type: 'livestream', id: `g-${sessionId}` };
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/calls' ? respond({ calls: [group, call] }) : respond({ recordings: [], transcriptions: [], speakers: {} }),
    );
    render(<PastCallsPage />, { wrapper: MemoryRouter });
    const [entry, pair] = await screen.findAllByRole('article');
    await waitFor(() => expect(screen.getAllByText('No recordings or transcripts yet.')).toHaveLength(2));
    expect(within(pair!).queryByRole('link')).toBeNull();
    expect(within(entry!).getByRole('link', { name: 'The group session’s page' })).toHaveAttribute('href', `/group-sessions/${sessionId}`);
    expect(screen.getAllByRole('link', { name: 'The group session’s page' })).toHaveLength(1);
  });
});
