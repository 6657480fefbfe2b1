import { screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { vi, afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mentorshipIdOfCall } from '@mentoring/shared/mentorship-calls';
import { resetRuntimeConfig } from '@/lib/stream/runtime-config';
import type { StreamConnection } from '@/lib/stream/context';
import { createOfflineClient, callResponse, member, type OfflineClient } from '@testing/video/offlineStream';
import { createFakeApi, menteeView, mentorView, stored, type FakeApiOptions, type StoredMentorship } from '@testing/mentorships/fake-api';
import { notConnected, renderAt } from '@testing/mentorships/render';
import { MentorshipPage } from './MentorshipPage';
import { connectionCopy } from '@/lib/stream/copy';

const grace = mentorView('grace', 'Grace Hopper', { headline: 'Compiler pioneer', languages: ['en', 'es'], timezone: 'America/New_York' });
const ada = menteeView('ada', 'Ada Lovelace', { goals: 'Write my first compiler.', timezone: 'Europe/London' });

// Whole user flows with user-event on a shared two-core machine: more than the default 5 s per test.
vi.setConfig({ testTimeout: 30_000 });

const server = setupServer();
// The video SDK's location hint (a data: URL in tests) is not the API.
beforeAll(() => server.listen({ onUnhandledRequest: (request, print) => (request.url.startsWith('http') ? print.error() : undefined) }));
beforeEach(() => resetRuntimeConfig());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const setup = (mentorship: StoredMentorship, options: Partial<FakeApiOptions> = {}, connection: StreamConnection = notConnected) => {
  const api = createFakeApi({ viewer: { id: 'ada' }, mentorships: [mentorship], ...options });
  server.use(...api.handlers);
  return { api, ...renderAt(<MentorshipPage />, { route: '/mentorships/:id', path: `/mentorships/${mentorship.id}`, connection }) };
};

const active = () =>
  stored(grace, ada, 'ACTIVE', {
    events: [
      { at: '2026-01-02T10:00:00.000Z', type: 'requested', actor: 'mentee', actorId: 'ada', from: null, to: 'REQUESTED', reason: null, message: null },
      { at: '2026-01-03T10:00:00.000Z', type: 'accept', actor: 'mentor', actorId: 'grace', from: 'REQUESTED', to: 'ACTIVE', reason: null, message: 'Welcome aboard!' },
    ],
  });

describe('/mentorships/:id', () => {
  it('shows both profiles, the goals, the state and its history', async () => {
    setup(active());
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper and Ada Lovelace' })).toBeInTheDocument();
    const mentor = screen.getByRole('article', { name: 'Grace Hopper' });
    expect(mentor).toHaveTextContent('Compiler pioneer');
    expect(mentor).toHaveTextContent('English, Spanish');
    expect(mentor).toHaveTextContent(/New York \(GMT-[45]\)/);
    const mentee = screen.getByRole('article', { name: 'Ada Lovelace (you)' });
    expect(mentee).toHaveTextContent('Write my first compiler.');
    expect(mentee).toHaveTextContent(/London \(GMT(\+1)?\)/);
    expect(screen.getAllByText('Active').length).toBeGreaterThan(0);

    const history = screen.getByRole('region', { name: 'History' });
    const entries = within(history).getAllByRole('listitem');
    expect(entries.map((entry) => entry.querySelector('span')?.textContent)).toEqual(['Request sent', 'Accepted']);
    expect(entries[1]).toHaveTextContent('by the mentor');
    expect(entries[1]).toHaveTextContent('Welcome aboard!');
  });

  it('shows the request\'s message once: above the history, not again in its first entry', async () => {
    const message = 'I would like to learn about compilers from you.';
    setup(
      stored(grace, ada, 'REQUESTED', {
        message,
        events: [{ at: '2026-01-02T10:00:00.000Z', type: 'requested', actor: 'mentee', actorId: 'ada', from: null, to: 'REQUESTED', reason: null, message }],
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper and Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getAllByText(message)).toHaveLength(1);
    const entries = within(screen.getByRole('region', { name: 'History' })).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([expect.not.stringContaining(message)]);
  });

  it('offers a declined mentee the way to another mentor, with the reason', async () => {
    const declined = stored(grace, ada, 'DECLINED', { declineReason: 'no_places' });
    setup(declined);
    expect(await screen.findByText('Reason: No places left')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find another mentor' })).toHaveAttribute('href', '/mentors');
  });

  it('offers the actions the server allows now, and the call to the other member', async () => {
    setup(active());
    const actions = await screen.findByRole('region', { name: 'What you can do' });
    expect(within(actions).getAllByRole('button').map((button) => button.textContent)).toEqual(['Call Grace Hopper', 'Mark as completed', 'End early']);
    // Not connected to Stream yet: the call waits.
    expect(within(actions).getByRole('button', { name: 'Call Grace Hopper' })).toBeDisabled();
  });

  it('ends early with a reason; after “not a good fit” the mentee may look again at once and give match feedback', async () => {
    const mentorship = active();
    const { user, api } = setup(mentorship);
    await user.click(await screen.findByRole('button', { name: 'End early' }));
    const dialog = screen.getByRole('dialog', { name: 'End the mentorship early' });
    await user.click(within(dialog).getByRole('radio', { name: 'Not a good fit' }));
    await user.click(within(dialog).getByRole('button', { name: 'End mentorship' }));

    const after = await screen.findByRole('dialog', { name: 'The mentorship has ended.' });
    expect(api.sent('POST', `/api/mentorships/${mentorship.id}/end`).map((r) => r.body)).toEqual([{ reason: 'not_a_good_fit' }]);
    expect(within(after).getByRole('link', { name: 'Find another mentor' })).toHaveAttribute('href', '/mentors');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).parentElement).toHaveTextContent('Ended early'));
    const entries = within(screen.getByRole('region', { name: 'History' })).getAllByRole('listitem');
    expect(entries.at(-1)).toHaveTextContent('Ended early');
    expect(entries.at(-1)).toHaveTextContent('Reason: Not a good fit');

    await user.click(within(after).getByRole('button', { name: 'Give feedback on the match' }));
    const feedback = screen.getByRole('dialog', { name: 'Do you have any additional thoughts when it comes to matching?' });
    await user.type(within(feedback).getByRole('textbox'), 'Our schedules never met.');
    await user.click(within(feedback).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.sent('POST', '/api/feedback')).toHaveLength(1));
    expect(api.sent('POST', '/api/feedback')[0]!.body).toEqual({
      source: '/',
      rating: null,
      feedbackType: 'match',
      answers: ['Our schedules never met.'],
      mentorshipId: mentorship.id,
    });
  });

  it('offers match feedback on the page of an active mentorship', async () => {
    const mentorship = active();
    const { user, api } = setup(mentorship);
    const panel = await screen.findByRole('region', { name: 'How is the match going?' });
    await user.click(within(panel).getByRole('button', { name: 'Give feedback on the match' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.sent('POST', '/api/feedback')).toHaveLength(1));
    expect(api.sent('POST', '/api/feedback')[0]!.body).toMatchObject({ feedbackType: 'match', mentorshipId: mentorship.id });
  });

  it('lists the calls of the mentorship with their recordings', async () => {
    const mentorship = active();
    setup(mentorship, {
      calls: { [mentorship.id]: [{ cid: `default:m-${mentorship.id}-abcdefgh`, type: 'default', id: `m-${mentorship.id}-abcdefgh`, createdAt: '2026-01-05T10:00:00.000Z', endedAt: null, createdBy: 'ada' }] },
    });
    const calls = await screen.findByRole('region', { name: 'Calls and recordings' });
    expect(await within(calls).findByRole('heading', { level: 3, name: /^Call of / })).toBeInTheDocument();
    expect(await within(calls).findByText('No recordings or transcripts yet.')).toBeInTheDocument();
  });

  it('says in plain words when chat and calls are not available on this stage', async () => {
    setup(active(), { streamConfigured: false });
    const chat = await screen.findByRole('region', { name: 'Chat' });
    expect(await within(chat).findByText(connectionCopy.chat.unavailableText)).toBeInTheDocument();
    expect(screen.getByText('Calls are not available right now. Please try again later.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Call Grace Hopper' })).toBeNull();
  });

  it('before the mentorship starts, says when the chat opens and offers the mentor the answer', async () => {
    const request = stored(grace, ada, 'REQUESTED');
    setup(request, { viewer: { id: 'grace' } });
    const chat = await screen.findByRole('region', { name: 'Chat' });
    expect(chat).toHaveTextContent('Your private chat opens when the mentorship starts.');
    const actions = screen.getByRole('region', { name: 'What you can do' });
    expect(within(actions).getAllByRole('button').map((button) => button.textContent)).toEqual(['Accept', 'Decline']);
    expect(screen.queryByRole('region', { name: 'Calls and recordings' })).toBeNull();
  });

  it('shows why a mentorship cannot be opened', async () => {
    const other = stored(grace, menteeView('alan', 'Alan Turing'), 'ACTIVE');
    setup(other, { viewer: { id: 'ada' } });
    expect(await screen.findByText('This is not your mentorship.')).toHaveAttribute('role', 'alert');
  });
});

describe('the call button', () => {
  let offline: OfflineClient | null = null;
  afterEach(async () => {
    await offline?.client.disconnectUser();
    offline = null;
  });

  it('rings the other member on a call of this mentorship', async () => {
    offline = await createOfflineClient({ userId: 'ada' });
    offline.api.on('POST', /^\/call\/default\/[\w-]+$/, (request) => ({
      data: { call: callResponse({ type: 'default', id: request.path.split('/').at(-1)!, createdBy: 'ada', session: {} }), members: ['ada', 'grace'].map(member), own_capabilities: [], duration: '1ms' },
    }));
    const mentorship = active();
    const connection: StreamConnection = { ...notConnected, status: 'connected', videoClient: offline.client };
    const { user } = setup(mentorship, {}, connection);
    await user.click(await screen.findByRole('button', { name: 'Call Grace Hopper' }));
    await waitFor(() => expect(offline!.api.requests.some((r) => r.method === 'POST' && r.path.startsWith('/call/default/'))).toBe(true));
    const request = offline.api.requests.find((r) => r.method === 'POST' && r.path.startsWith('/call/default/'))!;
    const callId = request.path.split('/').at(-1)!;
    expect(mentorshipIdOfCall('default', callId)).toBe(mentorship.id);
    expect(request.body).toEqual({ ring: true, data: { members: [{ user_id: 'ada' }, { user_id: 'grace' }] } });
  });
});
