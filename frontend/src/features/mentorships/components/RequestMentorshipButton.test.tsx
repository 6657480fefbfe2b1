import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { vi, afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFakeApi, menteeView, mentorView, stored, type FakeApiOptions } from '@testing/mentorships/fake-api';
import { renderAt } from '@testing/mentorships/render';
import { RequestMentorshipButton } from './RequestMentorshipButton';

const grace = mentorView('grace', 'Grace Hopper');
const ada = menteeView('ada', 'Ada Lovelace');

// Whole user flows with user-event on a shared two-core machine: more than the default 5 s per test.
vi.setConfig({ testTimeout: 30_000 });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const setup = (options: Partial<FakeApiOptions> = {}) => {
  const api = createFakeApi({ viewer: { id: 'ada' }, mentors: [grace], mentees: [ada], ...options });
  server.use(...api.handlers);
  const view = renderAt(<RequestMentorshipButton mentorId="grace" mentorName="Grace Hopper" />, { route: '/mentors/:id', path: '/mentors/grace' });
  return { api, ...view };
};

const openDialog = async (user: ReturnType<typeof setup>['user']) => {
  await user.click(screen.getByRole('button', { name: 'Ask to be mentored' }));
  return screen.getByRole('dialog', { name: 'Ask Grace Hopper to mentor you' });
};

describe('RequestMentorshipButton', () => {
  it('sends the request with its message and links to it', async () => {
    const { user, api } = setup();
    const dialog = await openDialog(user);
    const message = within(dialog).getByRole('textbox', { name: 'Your message' });
    expect(message).toHaveAccessibleDescription(/Why this mentor, and what you hope to get/);
    const text = 'You moved from teaching to code, as I hope to.';
    await user.type(message, text);
    expect(message).toHaveAccessibleDescription(new RegExp(`${text.length} of 2000 characters`));
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    const outcome = (await within(dialog).findByText('Your request is on its way to Grace Hopper.')).closest('[role="status"]');
    expect(outcome).toHaveFocus();
    expect(api.sent('POST', '/api/mentorships').map((r) => r.body)).toEqual([{ mentorId: 'grace', message: 'You moved from teaching to code, as I hope to.' }]);
    const id = [...api.mentorships.keys()][0]!;
    expect(within(dialog).getByRole('link', { name: 'See your request' })).toHaveAttribute('href', `/mentorships/${id}`);
  });

  it('asks for a message instead of sending an empty one', async () => {
    const { user, api } = setup();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Your message' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByText(/^Write a message first/)).toHaveAttribute('role', 'alert');
    expect(within(dialog).getByRole('textbox', { name: 'Your message' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Your message' })).toHaveFocus();
    expect(api.sent('POST', '/api/mentorships')).toEqual([]);
  });

  it('shows where a pending request to this mentor stands, with a link to it, instead of asking again', async () => {
    const existing = stored(grace, ada, 'REQUESTED');
    setup({ mentorships: [existing] });
    expect(await screen.findByText(/^Request sent — waiting for Grace Hopper\./)).toBeVisible();
    expect(screen.getByRole('link', { name: 'See your request' })).toHaveAttribute('href', `/mentorships/${existing.id}`);
    expect(screen.queryByRole('button', { name: 'Ask to be mentored' })).toBeNull();
  });

  it('links to the mentorship instead of asking a mentor the mentee is already matched with', async () => {
    const existing = stored(grace, ada, 'ACTIVE');
    setup({ mentorships: [existing] });
    expect(await screen.findByText(/^You already have a request or a mentorship with Grace Hopper\./)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open it' })).toHaveAttribute('href', `/mentorships/${existing.id}`);
    expect(screen.queryByRole('button', { name: 'Ask to be mentored' })).toBeNull();
  });

  it('on a 409 for a pair that already has a request (sent from elsewhere since the page loaded: its reason), says so and links to the member\'s requests, asking nothing more', async () => {
    const existing = stored(grace, ada, 'REQUESTED');
    const { user, api } = setup({ requestConflict: { message: 'You already asked this mentor.', reason: 'already_requested' } });
    // The page read the mentee's list before the request sent from another tab.
    await waitFor(() => expect(api.sent('GET', '/api/mentorships')).toHaveLength(1));
    api.mentorships.set(existing.id, existing);
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Your message' }), 'Please?');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect((await within(dialog).findByText('You already have a request or a mentorship with Grace Hopper.')).closest('[role="status"]')).toHaveFocus();
    expect(within(dialog).getByRole('link', { name: 'See your requests and mentorships' })).toHaveAttribute('href', '/mentorships');
    // The answer's reason said it all: the list was read once, when the page loaded, not again to guess.
    expect(api.sent('GET', '/api/mentorships')).toHaveLength(1);
  });

  it('on a 409 for the limit of open requests (its reason), says so in the server’s words and what to do', async () => {
    const other = stored(mentorView('linus', 'Linus'), ada, 'REQUESTED');
    const { user, api } = setup({ mentorships: [other], requestConflict: { message: 'You have 3 open requests, the most the programme allows.', reason: 'request_limit' } });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Your message' }), 'Please?');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    const outcome = (await within(dialog).findByText('You cannot send another request right now.')).closest('p');
    expect(outcome).toHaveTextContent('You cannot send another request right now. You have 3 open requests, the most the programme allows.');
    expect(within(dialog).getByRole('link', { name: 'See your requests' })).toHaveAttribute('href', '/mentorships');
    // Only the page's own read of the list (whether a request is pending): none to guess the reason.
    expect(api.sent('GET', '/api/mentorships')).toHaveLength(1);
  });

  it('on any other 409, says what the server says (a paused mentor), not the limit', async () => {
    const { user } = setup({ requestConflict: { message: 'This mentor is not taking new requests right now.', reason: 'not_accepting' } });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Your message' }), 'Please?');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('This mentor is not taking new requests right now.')).toBeInTheDocument();
    expect(within(dialog).queryByText('You cannot send another request right now.')).toBeNull();
  });

  it('keeps the message and shows the error when the request fails otherwise', async () => {
    const { user } = setup();
    server.use(http.post('/api/mentorships', () => HttpResponse.json({ error: { code: 'forbidden', message: 'Your account is suspended.' } }, { status: 403 })));
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Your message' }), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Your account is suspended.')).toHaveAttribute('role', 'alert');
    expect(within(dialog).getByRole('textbox', { name: 'Your message' })).toHaveValue('Hello');
  });
});
