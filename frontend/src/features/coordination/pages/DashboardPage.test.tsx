import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@testing/mentoring/render';
import type { Dashboard } from '../lib/columns';
import { DashboardPage } from './DashboardPage';

// recharts measures its container (ResizeObserver), which jsdom lacks: the chart itself is looked at in e2e.
vi.mock('../components/BarChart', () => ({ default: ({ label }: { label: string }) => <figure role="img" aria-label={label} /> }));

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const dashboard = (overrides: Partial<Dashboard> = {}): Dashboard => ({
  generatedAt: '2026-06-15T12:00:00.000Z',
  attention: [
    { key: 'open_report:r1', kind: 'open_report', level: 'high', title: 'Open report: harassment', since: '2026-06-14T10:00:00.000Z', link: '/coordinator/reports/r1' },
    {
      key: 'quiet_pair:m1',
      kind: 'quiet_pair',
      level: 'medium',
      title: '@Mara and Tom: no session in 45 days',
      since: '2026-04-30T10:00:00.000Z',
      link: '/mentorships/m1',
      quietDays: 45,
    },
  ],
  attentionCounts: { open_report: 1, request_unanswered: 0, quiet_pair: 1, not_a_fit: 0, pending_application: 0 },
  funnel: {
    steps: [
      { step: 'signedUp', label: 'Signed up', count: 10 },
      { step: 'profileComplete', label: 'Profile complete', count: 8 },
      { step: 'approved', label: 'Approved', count: 8 },
      { step: 'requested', label: 'Requested', count: 6 },
      { step: 'matched', label: 'Matched', count: 3 },
      { step: 'firstSession', label: 'First session', count: 2 },
      { step: 'completed', label: 'Completed', count: 1 },
    ],
    medianSignUpToMatchMs: 9 * 86_400_000,
    matchedWithTimes: 3,
  },
  mentorshipsByState: { ACTIVE: 2, REQUESTED: 3 },
  membersByRole: { mentor: 4, mentee: 10 },
  groupSessions: { upcoming: [], past: [] },
  readCapacityUnits: 12.5,
  attentionTotal: 2,
  nextCursor: null,
  ...overrides,
});

const routes = [{ path: '/coordinator', element: <DashboardPage /> }];


/** The files the page saves (a CSV export): their blobs, and the link clicks that save them. */
const captureDownloads = () => {
  const blobs: Blob[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:csv';
  });
  URL.revokeObjectURL = vi.fn();
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return { blobs, click };
};
describe('the coordinator dashboard', () => {
  it('lists what needs attention first, in the order the server gave, with links, then the funnel', async () => {
    server.use(http.get('*/api/coordinator/dashboard', () => HttpResponse.json(dashboard())));
    renderRoutes(routes, '/coordinator');
    const attention = await screen.findByRole('region', { name: /Needs attention/ });
    const items = within(within(attention).getByRole('list', { name: '' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^UrgentOpen report: harassmentOpen reports · since Sun 14 Jun 2026$/),
      expect.stringMatching(/^Soon@Mara and Tom: no session in 45 daysQuiet pairs · since Thu 30 Apr 2026$/),
    ]);
    expect(within(attention).getByRole('link', { name: 'Open report: harassment' })).toHaveAttribute('href', '/coordinator/reports/r1');
    // The counts by kind speak of one as one ("1 open report", never "1 Open reports").
    const counts = within(attention).getByRole('list', { name: 'Needs attention' });
    expect(within(counts).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1 open report',
      '0 unanswered requests',
      '1 quiet pair',
      '0 fit checks said “not a fit”',
      '0 applications',
    ]);
    const funnel = screen.getByRole('region', { name: 'From sign-up to completion' });
    expect(within(funnel).getByText('Median time from sign-up to match: 9 days (3 mentees).')).toBeInTheDocument();
    expect(within(funnel).getByRole('row', { name: 'Matched 3 50 %' })).toBeInTheDocument();
    expect(await within(funnel).findByRole('img', { name: /Bar chart of the funnel/ })).toBeInTheDocument();
  });

  it('exports the list as CSV with formula-like cells made inert', async () => {
    server.use(http.get('*/api/coordinator/dashboard', () => HttpResponse.json(dashboard())));
    const { blobs, click } = captureDownloads();
    const { user } = renderRoutes(routes, '/coordinator');
    await user.click(await screen.findByRole('button', { name: 'Export CSV: needs attention' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    // A byte-order mark first, so spreadsheets read UTF-8 (TextDecoder drops it again below).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(
      'Kind,Urgency,What,Since,Link\r\n' +
        'open_report,high,Open report: harassment,2026-06-14T10:00:00.000Z,http://localhost:3000/coordinator/reports/r1\r\n' +
        "quiet_pair,medium,'@Mara and Tom: no session in 45 days,2026-04-30T10:00:00.000Z,http://localhost:3000/mentorships/m1\r\n",
    );
    expect(await screen.findByText('Exported 2 rows.')).toBeInTheDocument();
    click.mockRestore();
  });

  it('says so when nothing needs attention', async () => {
    server.use(http.get('*/api/coordinator/dashboard', () => HttpResponse.json(dashboard({ attention: [], attentionTotal: 0 }))));
    renderRoutes(routes, '/coordinator');
    expect(await screen.findByRole('heading', { name: 'Nothing needs your attention right now.' })).toBeInTheDocument();
  });

  it('shows an error with a retry when the dashboard cannot be read', async () => {
    server.use(http.get('*/api/coordinator/dashboard', () => HttpResponse.json({ error: { code: 'forbidden', message: 'Only coordinators may do this.' } }, { status: 403 })));
    renderRoutes(routes, '/coordinator');
    expect(await screen.findByRole('heading', { name: 'This could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('Only coordinators may do this.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the list a page at a time: "Show more" asks for the next page with the cursor, the counts stay whole', async () => {
    const first = dashboard();
    const cursors: (string | null)[] = [];
    server.use(
      http.get('*/api/coordinator/dashboard', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        cursors.push(cursor);
        if (!cursor) return HttpResponse.json(dashboard({ attention: first.attention.slice(0, 1), attentionTotal: 2, nextCursor: 'page-2' }));
        return HttpResponse.json(dashboard({ attention: first.attention.slice(1), attentionTotal: 2, nextCursor: null }));
      }),
    );
    const { user } = renderRoutes(routes, '/coordinator');
    const attention = await screen.findByRole('region', { name: /Needs attention \(2 items\)/ });
    expect(within(attention).getByRole('status')).toHaveTextContent('Showing 1 of 2 items.');
    expect(within(attention).queryByRole('link', { name: '@Mara and Tom: no session in 45 days' })).toBeNull();
    await user.click(within(attention).getByRole('button', { name: 'Show more' }));
    expect(await within(attention).findByRole('link', { name: '@Mara and Tom: no session in 45 days' })).toBeInTheDocument();
    expect(within(attention).getByRole('status')).toHaveTextContent('Showing 2 of 2 items.');
    expect(within(attention).queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(cursors).toEqual([null, 'page-2']);
  });

  it('starts again from the first page when the snapshot was renewed since (409)', async () => {
    let renewed = false;
    server.use(
      http.get('*/api/coordinator/dashboard', ({ request }) => {
        if (new URL(request.url).searchParams.get('cursor')) {
          renewed = true;
          return HttpResponse.json({ error: { code: 'conflict', message: 'The dashboard was updated since this page.', reason: 'changed_meanwhile' } }, { status: 409 });
        }
        return renewed
          ? HttpResponse.json(dashboard({ generatedAt: '2026-06-15T12:05:00.000Z', nextCursor: null }))
          : HttpResponse.json(dashboard({ attention: dashboard().attention.slice(0, 1), nextCursor: 'stale' }));
      }),
    );
    const { user } = renderRoutes(routes, '/coordinator');
    const attention = await screen.findByRole('region', { name: /Needs attention/ });
    await user.click(within(attention).getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: '@Mara and Tom: no session in 45 days' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: /Needs attention/ })).getByRole('status')).toHaveTextContent('Showing 2 of 2 items.');
  });

  it('says how old the figures are and refreshes them on demand, or says why not', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-15T12:03:30.000Z') });
    try {
      let refreshes = 0;
      server.use(
        http.get('*/api/coordinator/dashboard', () => HttpResponse.json(dashboard())),
        http.post('*/api/coordinator/dashboard/refresh', () => {
          refreshes += 1;
          if (refreshes > 1) return HttpResponse.json({ error: { code: 'too_many_requests', message: 'The dashboard was updated moments ago: try again in 25 s.' } }, { status: 429 });
          return HttpResponse.json(dashboard({ generatedAt: '2026-06-15T12:03:30.000Z', attentionCounts: { ...dashboard().attentionCounts, open_report: 2 } }));
        }),
      );
      const { user } = renderRoutes(routes, '/coordinator');
      expect(await screen.findByText('Updated 3 minutes ago')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Refresh now' }));
      expect(await screen.findByText('Updated just now')).toBeInTheDocument();
      expect(screen.getByText('The figures are up to date.')).toBeInTheDocument();
      expect(within(screen.getByRole('list', { name: 'Needs attention' })).getAllByRole('listitem')[0]).toHaveTextContent('2 open reports');
      await user.click(screen.getByRole('button', { name: 'Refresh now' }));
      expect(await screen.findByText('The dashboard was updated moments ago: try again in 25 s.')).toBeInTheDocument();
      expect(refreshes).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('exports every row of the list, paging through the snapshot', async () => {
    const first = dashboard();
    server.use(
      http.get('*/api/coordinator/dashboard', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        if (!cursor) return HttpResponse.json(dashboard({ attention: first.attention.slice(0, 1), nextCursor: 'page-2' }));
        return HttpResponse.json(dashboard({ attention: first.attention.slice(1), nextCursor: null }));
      }),
    );
    const { blobs, click } = captureDownloads();
    const { user } = renderRoutes(routes, '/coordinator');
    await user.click(await screen.findByRole('button', { name: 'Export CSV: needs attention' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    const lines = new TextDecoder().decode(await blobs[0]!.arrayBuffer()).split('\r\n');
    expect(lines.map((line) => line.split(',')[0])).toEqual(['Kind', 'open_report', 'quiet_pair', '']);
    click.mockRestore();
  });
  it('lists group sessions to come with their places and those held with who came, how long and their rating, and exports both as CSV', async () => {
    const row = (fields: Partial<Dashboard['groupSessions']['upcoming'][number]>) => ({
      id: 'g1',
      title: 'Interviews without fear',
      kind: 'workshop' as const,
      hostName: 'Grace Host',
      startsAt: '2026-06-20T16:00:00.000Z',
      durationMinutes: 60,
      state: 'scheduled' as const,
      capacity: 20,
      taken: 12,
      waiting: 0,
      attended: null,
      averageSeconds: null,
      ratingAverage: null,
      ratingCount: 0,
      ...fields,
    });
    const groupSessions = {
      upcoming: [row({ waiting: 3 })],
      past: [
        row({ id: 'g2', title: '=Open circle, "Q&A"', kind: 'open_circle', state: 'ended', startsAt: '2026-06-01T16:00:00.000Z', taken: 8, attended: 6, averageSeconds: 2_730, ratingAverage: 4.5, ratingCount: 4 }),
        row({ id: 'g3', title: 'Called off', state: 'cancelled', startsAt: '2026-05-20T16:00:00.000Z', taken: 2 }),
      ],
    };
    server.use(http.get('*/api/coordinator/dashboard', () => HttpResponse.json(dashboard({ groupSessions }))));
    const { blobs, click } = captureDownloads();
    const { user } = renderRoutes(routes, '/coordinator');
    const section = await screen.findByRole('region', { name: 'Group sessions' });
    const upcoming = within(section).getByRole('region', { name: 'Coming up' });
    const upcomingRows = within(upcoming).getAllByRole('row').map((each) => each.textContent);
    expect(upcomingRows[0]).toBe('SessionHostStartSigned upWaiting');
    expect(upcomingRows[1]).toMatch(/^Interviews without fear · Workshop · ScheduledGrace HostSat 20 Jun 2026.*12 of 203$/);
    expect(upcomingRows).toHaveLength(2);
    expect(within(upcoming).getByRole('link', { name: 'Interviews without fear' })).toHaveAttribute('href', '/group-sessions/g1');
    const past = within(section).getByRole('region', { name: 'Held and cancelled' });
    const rows = within(past).getAllByRole('row').map((each) => each.textContent);
    expect(rows[0]).toBe('SessionHostStartSigned upCameStayed on averageRating');
    expect(rows[1]).toMatch(/^=Open circle, "Q&A" · Open circle · HeldGrace Host.*8 of 20646 min4\.5 of 5 \(4 ratings\)$/);
    expect(rows[2]).toMatch(/^Called off · Workshop · CancelledGrace Host.*2 of 20———$/);

    await user.click(within(section).getByRole('button', { name: 'Export CSV: group sessions' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect(new TextDecoder().decode(await blobs[0]!.arrayBuffer())).toBe(
      'Title,Kind,Host,Start,State,Capacity,Signed up,Waiting,Attended,Average minutes attended,Mean rating,Ratings,Link\r\n' +
        'Interviews without fear,workshop,Grace Host,2026-06-20T16:00:00.000Z,scheduled,20,12,3,,,,0,http://localhost:3000/group-sessions/g1\r\n' +
        `"'=Open circle, ""Q&A""",open_circle,Grace Host,2026-06-01T16:00:00.000Z,ended,20,8,0,6,46,4.5,4,http://localhost:3000/group-sessions/g2\r\n` +
        'Called off,workshop,Grace Host,2026-05-20T16:00:00.000Z,cancelled,20,2,0,,,,0,http://localhost:3000/group-sessions/g3\r\n',
    );
    expect(await screen.findByText('Exported 3 rows.')).toBeInTheDocument();
    click.mockRestore();
  });

  it('says so where there are no group sessions', async () => {
    server.use(http.get('*/api/coordinator/dashboard', () => HttpResponse.json(dashboard())));
    renderRoutes(routes, '/coordinator');
    const section = await screen.findByRole('region', { name: 'Group sessions' });
    expect(within(section).getByText('No group session is scheduled.')).toBeInTheDocument();
    expect(within(section).getByText('No group session took place in this time.')).toBeInTheDocument();
  });
});
