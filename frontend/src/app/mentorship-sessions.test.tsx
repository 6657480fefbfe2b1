import { screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MentorshipPage } from '../features/mentorships/pages/MentorshipPage';
import { MentorshipsPage } from '../features/mentorships/pages/MentorshipsPage';
import { createFakeApi, menteeView, mentorView, ownProfile, stored, type StoredMentorship } from '@testing/mentorships/fake-api';
import { renderAt } from '@testing/mentorships/render';
import { createSchedulingApi, sessionOf } from '@testing/scheduling/fake-api';

vi.setConfig({ testTimeout: 30_000 });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: (request, print) => (request.url.startsWith('http') ? print.error() : undefined) }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const grace = mentorView('grace', 'Grace Hopper', { timezone: 'America/New_York' });
const ada = menteeView('ada', 'Ada Lovelace', { timezone: 'Europe/Berlin' });

const setup = (mentorship: StoredMentorship, page: 'detail' | 'inbox' = 'detail') => {
  const session = sessionOf(mentorship.id, { startsAt: '2027-03-29T16:00:00.000Z', bookedBy: 'grace' });
  const scheduling = createSchedulingApi({ viewer: 'ada', mentorshipId: mentorship.id, timezones: { mentor: grace.timezone, mentee: ada.timezone }, sessions: [session] });
  const mentorships = createFakeApi({ viewer: { id: 'ada' }, mentorships: [mentorship], profile: ownProfile(ada) });
  server.use(...scheduling.handlers, ...mentorships.handlers);
  const element = page === 'detail' ? <MentorshipPage /> : <MentorshipsPage />;
  return { mentorships, session, ...(page === 'detail' ? renderAt(element, { route: '/mentorships/:id', path: `/mentorships/${mentorship.id}` }) : renderAt(element, { route: '/mentorships' })) };
};

describe('the app composes the sessions into the mentorship pages', () => {
  it('an active mentorship’s page has its sessions, action items and the fit check that is due', async () => {
    const mentorship = stored(grace, ada, 'ACTIVE', { surveysDue: ['fit_check'] });
    const { user, mentorships } = setup(mentorship);
    // The slot's filler is a lazily loaded chunk: on a busy machine it may take longer than a query's default wait.
    const sessions = await screen.findByRole('region', { name: 'Sessions' }, { timeout: 10_000 });
    expect(await within(sessions).findByText(/Mon 29 Mar 2027, 18:00/)).toBeInTheDocument();
    expect(within(sessions).getByRole('button', { name: 'Book a session' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Action items' })).toBeInTheDocument();

    const survey = screen.getByRole('region', { name: 'How is this match going?' });
    await user.click(within(survey).getByRole('button', { name: 'Answer the fit check' }));
    const dialog = screen.getByRole('dialog', { name: 'How is this match going?' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByText('Say how the match is going.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Unsure' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(mentorships.sent('POST', '/api/feedback').map((r) => r.body)).toEqual([
        expect.objectContaining({ feedbackType: 'match', mentorshipId: mentorship.id, survey: 'fit_check', fit: 'unsure' }),
      ]),
    );
  });

  it('a request has no sessions yet', async () => {
    setup(stored(grace, ada, 'REQUESTED'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper and Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sessions' })).not.toBeInTheDocument();
  });

  it('the list of mentorships starts with the member’s upcoming sessions, named by the other member', async () => {
    const { session } = setup(stored(grace, ada, 'ACTIVE'), 'inbox');
    const upcoming = await screen.findByRole('region', { name: 'Upcoming sessions' });
    const link = await within(upcoming).findByRole('link', { name: 'Mon 29 Mar 2027, 18:00' });
    expect(link).toHaveAttribute('href', `/mentorships/${session.mentorshipId}/sessions/${session.id}`);
    await waitFor(() => expect(upcoming).toHaveTextContent('with Grace Hopper · 1 h'));
  });
});
