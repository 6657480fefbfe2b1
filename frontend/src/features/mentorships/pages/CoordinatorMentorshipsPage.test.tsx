import { screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { vi, afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFakeApi, menteeView, mentorView, stored, type FakeApiOptions } from '@testing/mentorships/fake-api';
import { renderAt } from '@testing/mentorships/render';
import { CoordinatorMentorshipsPage } from './CoordinatorMentorshipsPage';

const grace = mentorView('grace', 'Grace Hopper', { openPlaces: 2 });
const linus = mentorView('linus', 'Linus Torvalds');
const ada = menteeView('ada', 'Ada Lovelace');
const alan = menteeView('alan', 'Alan Turing');

// Whole user flows with user-event on a shared two-core machine: more than the default 5 s per test.
vi.setConfig({ testTimeout: 30_000 });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const setup = (options: Partial<FakeApiOptions> = {}, path = '/coordinator/mentorships') => {
  const api = createFakeApi({ viewer: { id: 'coco', coordinator: true }, mentors: [grace, linus], mentees: [ada, alan], ...options });
  server.use(...api.handlers);
  return { api, ...renderAt(<CoordinatorMentorshipsPage />, { route: '/coordinator/mentorships', path }) };
};

const panel = () => screen.getByRole('tabpanel');

describe('/coordinator/mentorships', () => {
  it('lists mentorships by state in tabs, moved between with the arrow keys', async () => {
    const { user, router } = setup({ mentorships: [stored(grace, ada, 'REQUESTED'), stored(linus, alan, 'ACTIVE')] });
    const tabs = screen.getByRole('tablist', { name: 'Mentorships by state' });
    expect(within(tabs).getByRole('tab', { selected: true })).toHaveTextContent('Requested');
    expect(await within(panel()).findByRole('link', { name: 'Grace Hopper mentors Ada Lovelace' })).toBeInTheDocument();
    expect(panel()).toHaveAccessibleName('Requested');

    within(tabs).getByRole('tab', { name: 'Requested' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    const activeTab = within(tabs).getByRole('tab', { name: 'Active' });
    expect(activeTab).toHaveAttribute('aria-selected', 'true');
    expect(activeTab).toHaveFocus();
    expect(router.state.location.search).toBe('?state=ACTIVE');
    expect(await within(panel()).findByRole('link', { name: 'Linus Torvalds mentors Alan Turing' })).toBeInTheDocument();

    await user.keyboard('{End}');
    expect(within(tabs).getByRole('tab', { name: 'Invalidated' })).toHaveFocus();
    expect(await within(panel()).findByText('No mentorships are “Invalidated” right now.')).toBeInTheDocument();
  });

  it('finds mentorships by a member name, and keeps the search when the tab changes', async () => {
    const { user, router } = setup({ mentorships: [stored(grace, ada, 'REQUESTED'), stored(linus, alan, 'REQUESTED'), stored(grace, alan, 'ACTIVE')] });
    expect(await within(panel()).findByRole('link', { name: 'Linus Torvalds mentors Alan Turing' })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Find by mentor or mentee name' }), 'ada');
    await waitFor(() => expect(within(panel()).queryByRole('link', { name: 'Linus Torvalds mentors Alan Turing' })).toBeNull());
    expect(within(panel()).getByRole('link', { name: 'Grace Hopper mentors Ada Lovelace' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Active' }));
    expect(router.state.location.search).toBe('?state=ACTIVE&q=ada');
    expect(await within(panel()).findByText('No “Active” mentorship has a member named like “ada”.')).toBeInTheDocument();
  });

  it('suspends an active mentorship and resumes it from the Suspended tab', async () => {
    const pair = stored(linus, alan, 'ACTIVE');
    const { user, api } = setup({ mentorships: [pair] }, '/coordinator/mentorships?state=ACTIVE');
    const row = (await within(panel()).findByRole('link', { name: 'Linus Torvalds mentors Alan Turing' })).closest('li')!;
    expect(within(row).getAllByRole('button').map((button) => button.textContent)).toEqual(['End early', 'Suspend']);
    await user.click(within(row).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(within(panel()).queryByRole('link', { name: 'Linus Torvalds mentors Alan Turing' })).toBeNull());
    expect(api.sent('POST', `/api/coordinator/mentorships/${pair.id}/suspend`)).toHaveLength(1);
    expect(screen.getAllByRole('status').some((region) => region.textContent?.includes('The mentorship is suspended.'))).toBe(true);

    await user.click(screen.getByRole('tab', { name: 'Suspended' }));
    const suspended = (await within(panel()).findByRole('link', { name: 'Linus Torvalds mentors Alan Turing' })).closest('li')!;
    await user.click(within(suspended).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(api.sent('POST', `/api/coordinator/mentorships/${pair.id}/resume`)).toHaveLength(1));
    await waitFor(() => expect(within(panel()).queryByRole('link', { name: 'Linus Torvalds mentors Alan Turing' })).toBeNull());
  });

  it('ends a mentorship with a reason', async () => {
    const pair = stored(linus, alan, 'ACTIVE');
    const { user, api } = setup({ mentorships: [pair] }, '/coordinator/mentorships?state=ACTIVE');
    const row = (await within(panel()).findByRole('link', { name: 'Linus Torvalds mentors Alan Turing' })).closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'End early' }));
    const dialog = screen.getByRole('dialog', { name: 'End the mentorship of Linus Torvalds and Alan Turing' });
    await user.click(within(dialog).getByRole('radio', { name: 'The other person stopped answering' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Anything to add (optional)' }), 'Reported twice.');
    await user.click(within(dialog).getByRole('button', { name: 'End mentorship' }));
    await waitFor(() => expect(api.sent('POST', `/api/mentorships/${pair.id}/end`).map((r) => r.body)).toEqual([{ reason: 'unresponsive', message: 'Reported twice.' }]));
    expect(api.mentorships.get(pair.id)!.state).toBe('ENDED');
    // A coordinator is not offered the members' match feedback.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('proposes a pair picked by name, never by id', async () => {
    const { user, api } = setup();
    await user.click(screen.getByRole('button', { name: 'Propose a pair' }));
    const dialog = screen.getByRole('dialog', { name: 'Propose a pair' });
    const mentor = within(dialog).getByRole('group', { name: 'Mentor' });
    const mentee = within(dialog).getByRole('group', { name: 'Mentee' });

    await user.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    expect(within(dialog).getByText('Choose a mentor and a mentee.')).toHaveAttribute('role', 'alert');

    await user.type(within(mentor).getByRole('searchbox', { name: 'Search mentors by name' }), 'grace');
    await waitFor(() => expect(within(mentor).getAllByRole('radio')).toHaveLength(1));
    await user.click(within(mentor).getByRole('radio', { name: /Grace Hopper/ }));
    expect(within(mentor).getByRole('radio', { name: /Grace Hopper/ })).toHaveAccessibleName(/2 places left/);

    await user.type(within(mentee).getByRole('searchbox', { name: 'Search mentees by name' }), 'nobody');
    expect(await within(mentee).findByText('No mentee matches that search.')).toBeInTheDocument();
    await user.clear(within(mentee).getByRole('searchbox', { name: 'Search mentees by name' }));
    await user.type(within(mentee).getByRole('searchbox', { name: 'Search mentees by name' }), 'ada');
    await user.click(await within(mentee).findByRole('radio', { name: /Ada Lovelace/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Your message to both' }), 'You both love compilers.');
    await user.click(within(dialog).getByRole('button', { name: 'Send proposal' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Propose a pair' })).toBeNull());
    expect(api.sent('POST', '/api/coordinator/mentorships').map((r) => r.body)).toEqual([{ mentorId: 'grace', menteeId: 'ada', message: 'You both love compilers.' }]);
    expect(api.sent('GET', '/api/coordinator/members').at(-1)!.search).toBe('?role=mentee&q=ada&limit=10');
    expect(screen.getAllByRole('status').some((region) => region.textContent?.includes('Proposal sent to Grace Hopper and Ada Lovelace.'))).toBe(true);
  });

  it('shows a refused proposal in the dialog', async () => {
    const { user } = setup({ mentorships: [stored(grace, ada, 'ACTIVE')] });
    await user.click(screen.getByRole('button', { name: 'Propose a pair' }));
    const dialog = screen.getByRole('dialog', { name: 'Propose a pair' });
    await user.click(await within(within(dialog).getByRole('group', { name: 'Mentor' })).findByRole('radio', { name: /Grace Hopper/ }));
    await user.click(await within(within(dialog).getByRole('group', { name: 'Mentee' })).findByRole('radio', { name: /Ada Lovelace/ }));
    expect(within(dialog).getByRole('radio', { name: /Ada Lovelace/ })).toHaveAccessibleName(/already matched/);
    await user.type(within(dialog).getByRole('textbox', { name: 'Your message to both' }), 'Again?');
    await user.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    expect(await within(dialog).findByText('These two already have a request or a mentorship.')).toHaveAttribute('role', 'alert');
  });

  it('tells a member who is not a coordinator that the page is not for them', async () => {
    setup({ viewer: { id: 'ada' } });
    expect(await within(panel()).findByText('This page is for the programme’s coordinators.')).toBeInTheDocument();
  });
});
