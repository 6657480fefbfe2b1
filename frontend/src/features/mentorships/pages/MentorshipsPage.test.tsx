import { screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { vi, afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetRuntimeConfig } from '@/lib/stream/runtime-config';
import { createFakeApi, menteeView, mentorView, ownProfile, stored, type FakeApiOptions } from '@testing/mentorships/fake-api';
import { renderAt } from '@testing/mentorships/render';
import { MentorshipsPage } from './MentorshipsPage';

const grace = mentorView('grace', 'Grace Hopper');
const linus = mentorView('linus', 'Linus Torvalds');
const ada = menteeView('ada', 'Ada Lovelace');
const alan = menteeView('alan', 'Alan Turing');

// Whole user flows with user-event on a shared two-core machine: more than the default 5 s per test.
vi.setConfig({ testTimeout: 30_000 });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => resetRuntimeConfig());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const setup = (options: FakeApiOptions) => {
  const api = createFakeApi(options);
  server.use(...api.handlers);
  return { api, ...renderAt(<MentorshipsPage />, { route: '/mentorships' }) };
};

const section = (name: RegExp) => screen.getByRole('region', { name });
const card = (within_: HTMLElement, name: string | RegExp) => within(within_).getByRole('article', { name });

describe('/mentorships for a mentor', () => {
  it('lists incoming requests first with their message, counts and times', async () => {
    setup({ viewer: { id: 'grace' }, profile: ownProfile(grace), mentorships: [stored(grace, ada, 'ACTIVE'), stored(grace, alan, 'REQUESTED')] });
    const requests = await screen.findByRole('region', { name: /^Requests/ });
    expect(requests).toHaveAccessibleName('Requests (1)');
    const request = card(requests, 'Alan Turing asks you to be their mentor');
    expect(request).toHaveTextContent('I would love your help moving into frontend work.');
    expect(request).toHaveTextContent('Sent 2 days ago');
    expect(request).toHaveTextContent('Expires in 5 days');
    expect(within(request).getByRole('link', { name: 'Alan Turing asks you to be their mentor' })).toHaveAttribute('href', expect.stringMatching(/^\/mentorships\/[0-9a-f-]{36}$/));
    expect(section(/^Your mentorships/)).toHaveAccessibleName('Your mentorships (1)');
    expect(card(section(/^Your mentorships/), 'You mentor Ada Lovelace')).toHaveTextContent('Active');
    // The order on the page: the upcoming sessions (the app's slot), requests, mentorships under way, past ones.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Upcoming sessions', 'Requests (1)', 'Your mentorships (1)', 'Past (0)']);
  });

  it('accepts a request: it moves to the mentorships under way and the outcome is announced', async () => {
    const { user, api } = setup({ viewer: { id: 'grace' }, profile: ownProfile(grace), mentorships: [stored(grace, alan, 'REQUESTED')] });
    const requests = await screen.findByRole('region', { name: /^Requests/ });
    await user.click(within(card(requests, /Alan Turing/)).getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(section(/^Your mentorships/)).toHaveAccessibleName('Your mentorships (1)'));
    expect(card(section(/^Your mentorships/), 'You mentor Alan Turing')).toHaveTextContent('Active');
    expect(section(/^Requests/)).toHaveTextContent('No requests are waiting for you.');
    expect(screen.getAllByRole('status').some((region) => region.textContent?.includes('You accepted Alan Turing.'))).toBe(true);
    expect(api.sent('POST', `/api/mentorships/${[...api.mentorships.keys()][0]}/accept`)).toHaveLength(1);
  });

  it('declines with a reason from the list and a message; no reason, no request', async () => {
    const { user, api } = setup({ viewer: { id: 'grace' }, profile: ownProfile(grace), mentorships: [stored(grace, alan, 'REQUESTED')] });
    const requests = await screen.findByRole('region', { name: /^Requests/ });
    await user.click(within(card(requests, /Alan Turing/)).getByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline Alan Turing’s request' });

    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(within(dialog).getByText('Choose a reason.')).toHaveAttribute('role', 'alert');
    expect(within(dialog).getByRole('group', { name: 'Why are you declining?' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('radio', { name: 'No time right now' })).toHaveFocus();
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);

    expect(within(dialog).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'No time right now',
      'Not my area',
      'Someone else would suit better',
      'Other',
    ]);
    await user.click(within(dialog).getByRole('radio', { name: 'Not my area' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'A message to them (optional)' }), 'Try Linus for kernels.');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));

    await waitFor(() => expect(section(/^Past/)).toHaveAccessibleName('Past (1)'));
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ reason: 'not_my_area', message: 'Try Linus for kernels.' }]);
    expect(card(section(/^Past/), /Alan Turing/)).toHaveTextContent('Declined');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('answers a coordinator’s proposal, then waits for the other side', async () => {
    const proposal = stored(grace, ada, 'PROPOSED', { message: 'You both love compilers.' });
    const { user } = setup({ viewer: { id: 'grace' }, profile: ownProfile(grace), mentorships: [proposal] });
    const requests = await screen.findByRole('region', { name: /^Requests/ });
    const item = card(requests, 'A coordinator proposes you and Ada Lovelace');
    expect(item).toHaveTextContent('You both love compilers.');
    expect(within(item).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(card(section(/^Requests/), /Ada Lovelace/)).toHaveTextContent('You accepted. Waiting for Ada Lovelace to accept too.'));
    expect(within(card(section(/^Requests/), /Ada Lovelace/)).queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('with nothing yet, says what a mentor can do next', async () => {
    setup({ viewer: { id: 'grace' }, profile: ownProfile(grace), mentorships: [] });
    expect(await screen.findByRole('heading', { name: 'No requests yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit your profile' })).toHaveAttribute('href', '/profile');
  });
});

describe('/mentorships for a mentee', () => {
  it('shows sent requests with their state, and the reason when one was declined', async () => {
    const declined = stored(linus, ada, 'DECLINED', { declineReason: 'no_time', declineMessage: 'Ask me again in spring.' });
    setup({ viewer: { id: 'ada' }, profile: ownProfile(ada), mentorships: [stored(grace, ada, 'REQUESTED'), declined] });
    const requests = await screen.findByRole('region', { name: /^Requests/ });
    expect(card(requests, 'Your request to Grace Hopper')).toHaveTextContent('Waiting for an answer');
    const answered = card(requests, 'Your request to Linus Torvalds');
    expect(answered).toHaveTextContent('Declined');
    expect(answered).toHaveTextContent('Reason: No time right now — “Ask me again in spring.”');
    // A mentee never answers their own request.
    expect(within(card(requests, 'Your request to Grace Hopper')).queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('withdraws a request after confirming', async () => {
    const request = stored(grace, ada, 'REQUESTED');
    const { user, api } = setup({ viewer: { id: 'ada' }, profile: ownProfile(ada), mentorships: [request] });
    const requests = await screen.findByRole('region', { name: /^Requests/ });
    await user.click(within(card(requests, 'Your request to Grace Hopper')).getByRole('button', { name: 'Withdraw' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw your request to Grace Hopper?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));
    await waitFor(() => expect(card(section(/^Requests/), 'Your request to Grace Hopper')).toHaveTextContent('Withdrawn'));
    expect(api.sent('POST', `/api/mentorships/${request.id}/withdraw`)).toHaveLength(1);
    expect(within(card(section(/^Requests/), 'Your request to Grace Hopper')).queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('shows a refusal of the server in words', async () => {
    const request = stored(grace, ada, 'REQUESTED');
    const { user, api } = setup({ viewer: { id: 'ada' }, profile: ownProfile(ada), mentorships: [request] });
    const requests = await screen.findByRole('region', { name: /^Requests/ });
    // Meanwhile the mentor accepted: the withdrawal is refused.
    api.mentorships.get(request.id)!.state = 'ACTIVE';
    await user.click(within(card(requests, 'Your request to Grace Hopper')).getByRole('button', { name: 'Withdraw' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw your request to Grace Hopper?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));
    expect(await within(dialog).findByText('You cannot withdraw a mentorship that is ACTIVE.')).toHaveAttribute('role', 'alert');
  });

  it('with nothing yet, sends a mentee to find a mentor', async () => {
    setup({ viewer: { id: 'ada' }, profile: ownProfile(ada), mentorships: [] });
    expect(await screen.findByRole('heading', { name: 'No mentorship yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a mentor' })).toHaveAttribute('href', '/mentors');
  });

  it('without a profile, sends the member to finish it', async () => {
    setup({ viewer: { id: 'ada' }, profile: ownProfile(ada, { profile: null, onboarded: false }), mentorships: [] });
    expect(await screen.findByRole('link', { name: 'Finish your profile' })).toHaveAttribute('href', '/onboarding');
  });
});
