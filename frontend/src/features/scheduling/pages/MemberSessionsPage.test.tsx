import { screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFakeApi, menteeView, mentorView, ownProfile, stored } from '@testing/mentorships/fake-api';
import { renderAt } from '@testing/mentorships/render';
import { createSchedulingApi, sessionOf } from '@testing/scheduling/fake-api';
import { MemberSessionsPage } from './MemberSessionsPage';

vi.setConfig({ testTimeout: 30_000 });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: (request, print) => (request.url.startsWith('http') ? print.error() : undefined) }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const grace = mentorView('grace', 'Grace Hopper', { timezone: 'America/New_York' });
const ada = menteeView('ada', 'Ada Lovelace', { timezone: 'Europe/Berlin' });

const setup = (sessions: ReturnType<typeof sessionOf>[], mentorship = stored(grace, ada, 'ACTIVE'), path = '/sessions') => {
  const scheduling = createSchedulingApi({ viewer: 'ada', mentorshipId: mentorship.id, timezones: { mentor: grace.timezone, mentee: ada.timezone }, sessions });
  const api = createFakeApi({ viewer: { id: 'ada' }, mentorships: [mentorship], profile: ownProfile(ada) });
  server.use(...scheduling.handlers, ...api.handlers);
  return { mentorship, ...renderAt(<MemberSessionsPage />, { route: '/sessions', path }) };
};

describe('/sessions: the member’s booked sessions', () => {
  it('lists the sessions to come first, then the past ones, each with the other member and a link to it', async () => {
    const mentorship = stored(grace, ada, 'ACTIVE');
    const coming = sessionOf(mentorship.id, { startsAt: '2099-03-29T16:00:00.000Z', agenda: 'Parsing' });
    const held = sessionOf(mentorship.id, { state: 'held', startsAt: '2026-03-02T17:00:00.000Z' });
    setup([held, coming], mentorship);
    const upcoming = await screen.findByRole('region', { name: 'Coming up' });
    const past = screen.getByRole('region', { name: 'Past sessions' });
    expect(upcoming.compareDocumentPosition(past) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const [row] = within(upcoming).getAllByRole('listitem');
    expect(row).toHaveTextContent('Sun 29 Mar 2099, 18:00');
    expect(row).toHaveTextContent('with Grace Hopper · 1 h · Booked');
    expect(within(row!).getByRole('link')).toHaveAttribute('href', `/mentorships/${mentorship.id}/sessions/${coming.id}`);
    expect(within(past).getAllByRole('listitem')).toHaveLength(1);
    expect(within(past).getByRole('listitem')).toHaveTextContent('Mon 2 Mar 2026, 18:00');
    expect(screen.getByRole('link', { name: 'Past calls' })).toHaveAttribute('href', '/calls/past');
  });

  it('says so when there are no sessions, and points to the mentorships', async () => {
    setup([]);
    expect(await screen.findByRole('heading', { name: 'You have no sessions yet.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your mentorships' })).toHaveAttribute('href', '/mentorships');
  });

  it('sends an old link to a call in the archive (/sessions#call-…) to its new place', async () => {
    const { router } = setup([], undefined, '/sessions#call-default:abc');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/calls/past'));
    expect(router.state.location.hash).toBe('#call-default:abc');
  });
});
