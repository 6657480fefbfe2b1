import { configure, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@testing/mentorships/render';
import { NotificationsBell } from './NotificationsBell';
import { NotificationsPage } from './pages/NotificationsPage';
import { whenLabel } from './copy';

// The first render loads the page's chunks and the query cache: slower than findBy's default second on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const now = new Date().toISOString();
const stored = () => [
  { id: `${now}#0000000a`, kind: 'mentorship', text: 'Ada Lovelace asks you to be their mentor', link: '/mentorships/m-1', createdAt: now, readAt: null as string | null },
  { id: `${now}#0000000b`, kind: 'session', text: 'Session booked with Ada', link: '/mentorships/m-1', createdAt: now, readAt: now as string | null },
];

const fakeApi = () => {
  const items = stored();
  const posted: unknown[] = [];
  const unread = () => items.filter((item) => item.readAt === null).length;
  server.use(
    http.get('/api/notifications', () => HttpResponse.json({ notifications: items, nextCursor: null, unread: unread() })),
    http.get('/api/notifications/unread', () => HttpResponse.json({ unread: unread() })),
    http.post('/api/notifications/read', async ({ request }) => {
      const body = (await request.json()) as { ids?: string[]; all?: boolean };
      posted.push(body);
      for (const item of items) if (body.all || body.ids?.includes(item.id)) item.readAt = new Date().toISOString();
      return HttpResponse.json({ unread: unread() });
    }),
  );
  return { posted };
};

const page = (
  <>
    <NotificationsBell />
    <NotificationsPage />
  </>
);

describe('notifications', () => {
  it('counts the unread in the bell’s name, marks them in the list, and marks all read', async () => {
    const { posted } = fakeApi();
    const { user } = renderAt(page, { route: '/notifications' });
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toHaveAttribute('href', '/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual(['Unread: Ada Lovelace asks you to be their mentor', 'Session booked with Ada']);
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(posted).toEqual([{ all: true }]);
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('marks one read when it is opened, and leads to where the member acts', async () => {
    const { posted } = fakeApi();
    const { user } = renderAt(page, { route: '/notifications' });
    await user.click(await screen.findByRole('link', { name: /Ada Lovelace asks you to be their mentor/ }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/mentorships/m-1');
    expect(posted).toEqual([{ ids: [`${now}#0000000a`] }]);
  });

  it('says so when there is nothing yet', async () => {
    server.use(
      http.get('/api/notifications', () => HttpResponse.json({ notifications: [], nextCursor: null, unread: 0 })),
      http.get('/api/notifications/unread', () => HttpResponse.json({ unread: 0 })),
    );
    renderAt(page, { route: '/notifications' });
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('tells the time as people do', () => {
    const at = Date.parse('2026-11-24T12:00:00.000Z');
    expect(whenLabel('2026-11-24T11:59:40.000Z', at)).toBe('just now');
    expect(whenLabel('2026-11-24T11:55:00.000Z', at)).toBe('5 minutes ago');
    expect(whenLabel('2026-11-24T09:00:00.000Z', at)).toBe('3 hours ago');
    // Whole units elapsed, as every age reads: hours until the second day is full.
    expect(whenLabel('2026-11-23T09:00:00.000Z', at)).toBe('27 hours ago');
    expect(whenLabel('2026-11-21T09:00:00.000Z', at)).toBe('3 days ago');
    expect(whenLabel('2026-10-01T09:00:00.000Z', at)).toMatch(/Oct 1, 2026/);
  });
});
