import { screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFakeApi, menteeView, mentorView, ownProfile, stored, type StoredMentorship } from '@testing/mentorships/fake-api';
import { renderAt } from '@testing/mentorships/render';
import { createSchedulingApi, sessionOf } from '@testing/scheduling/fake-api';
import { NextSteps } from './NextSteps';

vi.setConfig({ testTimeout: 30_000 });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: (request, print) => (request.url.startsWith('http') ? print.error() : undefined) }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const grace = mentorView('grace', 'Grace Hopper', { timezone: 'America/New_York' });
const ada = menteeView('ada', 'Ada Lovelace', { timezone: 'Europe/Berlin' });
type Session = Parameters<typeof sessionOf>[1];

/** Home's next steps for `viewer`, with their profile, mentorships, sessions and action items; `now` is Home's clock. */
const setup = (
  viewer: typeof ada,
  { mentorships = [], sessions = [], items = [], profile = {}, now }: { mentorships?: StoredMentorship[]; sessions?: Session[]; items?: Parameters<typeof createSchedulingApi>[0]['items']; profile?: Parameters<typeof ownProfile>[1]; now?: number } = {},
) => {
  const mentorshipId = mentorships[0]?.id ?? 'none';
  const scheduling = createSchedulingApi({
    viewer: viewer.id,
    mentorshipId,
    timezones: { mentor: grace.timezone, mentee: ada.timezone },
    sessions: sessions.map((extra) => sessionOf(mentorshipId, extra)),
    items,
  });
  const api = createFakeApi({ viewer: { id: viewer.id }, mentorships, profile: ownProfile(viewer, profile) });
  server.use(...scheduling.handlers, ...api.handlers);
  renderAt(<NextSteps now={now} />, { route: '/home' });
};

const steps = async () => within(await screen.findByRole('list', { name: 'What to do next' })).getAllByRole('listitem');

describe('Home: what the member must do next', () => {
  it('a mentee with nothing going on is told so kindly and offered to find a mentor', async () => {
    setup(ada);
    expect(await screen.findByText('Nothing needs you right now. When you are ready, find a mentor who suits you.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a mentor' })).toHaveAttribute('href', '/mentors');
    expect(screen.queryByRole('list', { name: 'What to do next' })).toBeNull();
  });

  it('a mentee declined by her mentor is offered another', async () => {
    setup(ada, { mentorships: [stored(grace, ada, 'DECLINED', { declineReason: 'no_time' })] });
    expect(await screen.findByText('Grace Hopper could not take you on (No time right now). Another mentor may suit you well.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find another mentor' })).toHaveAttribute('href', '/mentors');
  });

  it('a mentee with a pending request sees it, with when it expires in her zone, and the link to it', async () => {
    // 23:30 in New York on Wednesday is already Thursday in Berlin.
    const request = stored(grace, ada, 'REQUESTED', { expiresAt: '2026-11-26T04:30:00.000Z' });
    setup(ada, { mentorships: [request] });
    const [step] = await steps();
    expect(step).toHaveTextContent('Your request to Grace Hopper is waiting for their answer (until Thu 26 Nov).');
    expect(within(step!).getByRole('link', { name: 'See your request' })).toHaveAttribute('href', `/mentorships/${request.id}`);
  });

  it('a mentor sees an incoming request with the day to answer by, in their own zone', async () => {
    const request = stored(grace, ada, 'REQUESTED', { expiresAt: '2026-11-26T04:30:00.000Z' });
    setup(grace, { mentorships: [request] });
    const [step] = await steps();
    expect(step).toHaveTextContent('Ada Lovelace asks you to be their mentor. Answer by Wed 25 Nov.');
    expect(within(step!).getByRole('link', { name: 'Answer the request' })).toHaveAttribute('href', `/mentorships/${request.id}`);
  });

  it.each([
    ['pending', null, 'Your application to mentor is waiting for a coordinator’s review.', 'See your application'],
    ['rejected', 'Please say more about your experience.', 'Your application to mentor was declined: “Please say more about your experience.”', 'Change and send it again'],
    ['approved', null, 'Your application is approved: mentees can now find you and ask you.', 'See your profile'],
  ] as const)('a mentor whose application is %s reads its state', async (state, note, text, link) => {
    setup(grace, { profile: { approval: { state, note, submittedAt: null, decidedAt: null } } });
    const [step] = await steps();
    expect(step).toHaveTextContent(text);
    expect(within(step!).getByRole('link', { name: link })).toHaveAttribute('href', '/profile');
  });

  it('a member still onboarding is asked to finish the profile', async () => {
    setup(ada, { profile: { onboarded: false } });
    const [step] = await steps();
    expect(step).toHaveTextContent('Your profile is not finished yet.');
    expect(within(step!).getByRole('link', { name: 'Finish your profile' })).toHaveAttribute('href', '/onboarding');
  });

  it('an active mentorship leads with its next session in the member’s zone, then the mentorship', async () => {
    const mentorship = stored(grace, ada, 'ACTIVE');
    setup(ada, { mentorships: [mentorship], sessions: [{ startsAt: '2027-03-29T16:00:00.000Z', bookedBy: 'ada' }], now: Date.parse('2027-03-20T10:00:00.000Z') });
    const [session, active] = await steps();
    expect(session).toHaveTextContent('Next session with Grace Hopper: Mon 29 Mar 2027, 18:00.');
    expect(within(session!).getByRole('link', { name: 'See the session' })).toHaveAttribute('href', expect.stringMatching(new RegExp(`^/mentorships/${mentorship.id}/sessions/m-`)));
    expect(active).toHaveTextContent('Grace Hopper is your mentor.');
    expect(within(active!).getByRole('link', { name: 'Open the mentorship' })).toHaveAttribute('href', `/mentorships/${mentorship.id}`);
  });

  it('offers to join the call once the session’s call window is open', async () => {
    const mentorship = stored(grace, ada, 'ACTIVE');
    setup(grace, { mentorships: [mentorship], sessions: [{ startsAt: '2027-03-29T16:00:00.000Z', bookedBy: 'ada' }], now: Date.parse('2027-03-29T15:55:00.000Z') });
    const [session] = await steps();
    // Grace reads it in New York time.
    expect(session).toHaveTextContent('Your session with Ada Lovelace: Mon 29 Mar 2027, 12:00.');
    expect(within(session!).getByRole('link', { name: 'Join the call' })).toHaveAttribute('href', expect.stringMatching(/^\/calls\/default\/m-/));
  });

  it('an active mentorship with no session booked offers to book one', async () => {
    const mentorship = stored(grace, ada, 'ACTIVE');
    setup(grace, { mentorships: [mentorship] });
    const [step] = await steps();
    expect(step).toHaveTextContent('You mentor Ada Lovelace; no session is booked.');
    expect(within(step!).getByRole('link', { name: 'Book a session' })).toHaveAttribute('href', `/mentorships/${mentorship.id}`);
  });

  it('lists the member’s own open action items and the fit check that is due', async () => {
    const mentorship = stored(grace, ada, 'ACTIVE', { surveysDue: ['fit_check'] });
    const item = (id: string, text: string, ownerId: string, done: boolean, dueOn: string | null) => ({
      id, mentorshipId: mentorship.id, text, ownerId, dueOn, done, sessionId: null, createdAt: '2027-03-01T10:00:00.000Z', updatedAt: '2027-03-01T10:00:00.000Z', version: 1,
    });
    setup(ada, {
      mentorships: [mentorship],
      items: [item('i1', 'Read chapter 2', 'ada', false, '2027-04-02'), item('i2', 'Send the slides', 'grace', false, null), item('i3', 'Set up the repo', 'ada', true, null)],
    });
    const texts = (await steps()).map((step) => step.textContent);
    expect(texts).toEqual([
      'Grace Hopper is your mentor; no session is booked.Book a session',
      'To do: Read chapter 2 (due Fri 2 Apr)See your action items',
      'How is it going with Grace Hopper? A short fit check is due.Answer the fit check',
    ]);
    expect(screen.getByRole('link', { name: 'Answer the fit check' })).toHaveAttribute('href', `/mentorships/${mentorship.id}`);
  });
});
