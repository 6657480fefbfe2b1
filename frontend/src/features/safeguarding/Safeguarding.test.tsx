import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useSafetySlots } from '@/lib/safety-slots';
import { renderAt } from '@testing/mentorships/render';
import { SafeguardingProvider } from './SafeguardingProvider';
import { ReportsPage } from './pages/ReportsPage';
import { ReportPage } from './pages/ReportPage';

vi.setConfig({ testTimeout: 30_000 });

const sent: { method: string; path: string; search: string; body: unknown }[] = [];
const record = async (request: Request) => {
  const url = new URL(request.url);
  sent.push({ method: request.method, path: url.pathname, search: url.search, body: request.method === 'GET' ? null : await request.clone().json().catch(() => null) });
};
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sent.length = 0;
});
afterAll(() => server.close());

const report = (extra: Record<string, unknown> = {}) => ({
  id: '0b8f3c1e-5d2a-4c1b-9e7f-1a2b3c4d5e6f',
  category: 'harassment',
  status: 'open',
  subject: { kind: 'message', channelCid: 'messaging:m1', messageId: 'msg-1', memberId: 'grace', excerpt: 'Answer me now' },
  reporter: { id: 'ada', name: 'Ada Lovelace' },
  concerns: { id: 'grace', name: 'Grace Hopper' },
  mentorshipId: 'm1',
  endedMentorshipId: null,
  description: 'Messages late at night.',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  version: 1,
  notes: [],
  ...extra,
});

/** A page of another feature, as the app composes it: it only knows the slots. */
const Host = () => {
  const { memberActions, report: open } = useSafetySlots();
  return (
    <>
      {memberActions?.({ id: 'grace', displayName: 'Grace Hopper', mentorshipId: 'm1', active: true })}
      <button type="button" onClick={() => open?.({ subject: { kind: 'message', channelCid: 'messaging:m1', messageId: 'msg-1', memberId: 'grace', excerpt: 'hi' }, about: 'a message from Grace Hopper', canEndMentorship: true })}>
        Report message
      </button>
    </>
  );
};

describe('reporting a concern', () => {
  it('asks for a category and what happened before sending, then sends the subject and the choice to end the mentorship', async () => {
    server.use(
      http.get('/api/me/blocks', () => HttpResponse.json({ blocks: [] })),
      http.post('/api/reports', async ({ request }) => {
        await record(request);
        return HttpResponse.json({ id: 'r1', createdAt: '2026-03-01T10:00:00.000Z', endedMentorshipId: 'm1' }, { status: 201 });
      }),
    );
    const { user } = renderAt(
      <SafeguardingProvider onAccountDeleted={() => undefined}>
        <Host />
      </SafeguardingProvider>,
      { route: '/' },
    );
    await user.click(screen.getByRole('button', { name: 'Report message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a concern' });
    expect(within(dialog).getByText('About a message from Grace Hopper.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    expect(within(dialog).getByText('Choose what kind of concern it is.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: 'Harassment or bullying' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    expect(within(dialog).getByText('Say what happened.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('What happened?'), 'He keeps writing at night.');
    await user.click(within(dialog).getByRole('checkbox', { name: 'End our mentorship now' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send the report' }));

    expect(await within(dialog).findByText('Your mentorship has ended.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/reports',
        search: '',
        body: {
          category: 'harassment',
          description: 'He keeps writing at night.',
          subject: { kind: 'message', channelCid: 'messaging:m1', messageId: 'msg-1', memberId: 'grace', excerpt: 'hi' },
          endMentorship: true,
        },
      },
    ]);
  });

  it('blocks from the member actions only after a confirmation that says what follows', async () => {
    let blocked = false;
    server.use(
      http.get('/api/me/blocks', () => HttpResponse.json({ blocks: blocked ? [{ memberId: 'grace', displayName: 'Grace Hopper', blockedAt: 'x' }] : [] })),
      http.post('/api/members/:id/block', async ({ request }) => {
        await record(request);
        blocked = true;
        return HttpResponse.json({ blocked: true, endedMentorshipIds: ['m1'] });
      }),
    );
    const { user } = renderAt(
      <SafeguardingProvider onAccountDeleted={() => undefined}>
        <Host />
      </SafeguardingProvider>,
      { route: '/' },
    );
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Grace Hopper?' });
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(sent.map((each) => `${each.method} ${each.path}`)).toEqual(['POST /api/members/grace/block']);
  });
});

describe('the coordinators\' queue', () => {
  it('lists the reports of the chosen status, each linking to its page', async () => {
    server.use(
      http.get('/api/coordinator/reports', async ({ request }) => {
        await record(request);
        return HttpResponse.json({ reports: [report({ status: new URL(request.url).searchParams.get('status') })] });
      }),
    );
    const { router } = renderAt(<ReportsPage />, { route: '/coordinator/reports', path: '/coordinator/reports?status=in_review' });
    const link = await screen.findByRole('link', { name: 'Harassment or bullying' });
    expect(link).toHaveAttribute('href', `/coordinator/reports/${report().id}`);
    expect(screen.getByRole('link', { name: 'In review' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Open' })).not.toHaveAttribute('aria-current');
    expect(sent.map((each) => each.search)).toEqual(['?status=in_review']);
    expect(router.state.location.search).toBe('?status=in_review');
  });

  it('shows a report with the message as seen, adds a note and resolves it from the version read', async () => {
    let current = report();
    server.use(
      http.get('/api/coordinator/reports/:id', () => HttpResponse.json(current)),
      http.post('/api/coordinator/reports/:id/notes', async ({ request }) => {
        await record(request);
        current = report({ version: 2, notes: [{ at: '2026-03-01T11:00:00.000Z', authorId: 'casey', authorName: 'Casey', text: 'Called Ada.' }] });
        return HttpResponse.json(current, { status: 201 });
      }),
      http.post('/api/coordinator/reports/:id/status', async ({ request }) => {
        await record(request);
        current = { ...current, status: 'resolved', version: 3 };
        return HttpResponse.json(current);
      }),
      http.get('/api/coordinator/reports', () => HttpResponse.json({ reports: [] })),
    );
    const { user } = renderAt(<ReportPage />, { route: '/coordinator/reports/:id', path: `/coordinator/reports/${report().id}` });
    expect(await screen.findByRole('heading', { name: 'Harassment or bullying' })).toBeInTheDocument();
    expect(screen.getByText('Answer me now')).toBeInTheDocument();
    expect(screen.getByText('No notes yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Note'), 'Called Ada.');
    await user.click(screen.getByRole('button', { name: 'Add a note' }));
    expect(await screen.findByText('Called Ada.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark as resolved' }));
    await waitFor(() => expect(screen.getByText('Resolved')).toBeInTheDocument());
    expect(sent.map((each) => [each.path.split('/').at(-1), each.body])).toEqual([
      ['notes', { text: 'Called Ada.' }],
      ['status', { status: 'resolved', version: 2 }],
    ]);
  });
});
