import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@testing/mentorships/render';
import { createSchedulingApi, sessionOf, slotAt, type SchedulingOptions } from '@testing/scheduling/fake-api';
import type { Pair } from '../types';
import { SessionsPanel } from './SessionsPanel';

vi.setConfig({ testTimeout: 30_000 });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const mentorshipId = '00000000-0000-4000-8000-000000000001';
// Berlin moves to summer time on 28 March 2027; New York already did on 14 March.
const friday = '2027-03-26T17:00:00.000Z';
const fridayLater = '2027-03-26T18:00:00.000Z';
const monday = '2027-03-29T16:00:00.000Z';
const tuesday = '2027-03-30T16:00:00.000Z';

const pairFor = (viewerRole: 'mentor' | 'mentee'): Pair => ({
  id: mentorshipId,
  state: 'ACTIVE',
  viewerRole,
  mentor: { id: 'grace', displayName: 'Grace Hopper' },
  mentee: { id: 'ada', displayName: 'Ada Lovelace' },
  timezones: { mentor: 'America/New_York', mentee: 'Europe/Berlin' },
});

const setup = (viewerRole: 'mentor' | 'mentee' = 'mentee', options: Partial<SchedulingOptions> = {}) => {
  const viewer = viewerRole === 'mentee' ? 'ada' : 'grace';
  const pair = pairFor(viewerRole);
  const api = createSchedulingApi({ viewer, mentorshipId, timezones: pair.timezones, slots: [friday, fridayLater, monday, tuesday].map((time) => slotAt(time)), ...options });
  server.use(
    ...api.handlers,
    http.get('/api/profile/me', () => HttpResponse.json({ profile: { id: viewer, timezone: pair.timezones[viewerRole], role: viewerRole } })),
  );
  return { api, ...renderAt(<SessionsPanel pair={pair} />, { route: '/mentorships/:id', path: `/mentorships/${mentorshipId}` }) };
};

const day = (name: string) => screen.getByRole('group', { name });

describe('SessionsPanel', () => {
  it('offers the common free times in the viewer’s zone by day, the other member’s time beside them, across a DST change', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Book a session' }));
    expect(await screen.findByText(/Times are in your time zone \(Berlin\); Grace Hopper's time \(New York\)/)).toBeInTheDocument();
    const fri = await screen.findByRole('group', { name: 'Friday 26 March' });
    expect(within(fri).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['18:0013:00 for Grace', '19:0014:00 for Grace']);
    // After Berlin's change the same 18:00 is another instant, and five hours from New York, not six.
    expect(within(day('Monday 29 March')).getByRole('radio').closest('label')).toHaveTextContent('18:0012:00 for Grace');
  });

  it('books one time with a length and an agenda; it shows among the upcoming sessions', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Book a session' }));
    await user.selectOptions(screen.getByLabelText('Length'), '45 min');
    await waitFor(() => expect(api.sent('GET', `/api/mentorships/${mentorshipId}/slots`).map((r) => r.search)).toContain('?days=14&durationMinutes=45'));
    await user.type(screen.getByLabelText('Agenda'), 'My portfolio');
    await user.click(within(await screen.findByRole('group', { name: 'Monday 29 March' })).getByRole('radio', { name: /18:00/ }));
    await user.click(screen.getByRole('button', { name: 'Book this session' }));

    await waitFor(() => expect(api.sent('POST', `/api/mentorships/${mentorshipId}/sessions`).map((r) => r.body)).toEqual([{ startsAt: monday, durationMinutes: 45, agenda: 'My portfolio' }]));
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    const row = await within(upcoming).findByRole('listitem');
    expect(row).toHaveTextContent('Mon 29 Mar 2027, 18:00 (12:00 for Grace Hopper)');
    expect(row).toHaveTextContent('45 min · Booked');
    expect(row).toHaveTextContent('My portfolio');
    expect(within(row).getByRole('link', { name: 'Open session' })).toHaveAttribute('href', expect.stringMatching(new RegExp(`^/mentorships/${mentorshipId}/sessions/m-`)));
    // The form closed, and the focus went back to the button that opened it.
    expect(screen.queryByRole('form', { name: 'Book a session' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book a session' })).toHaveFocus();
  });

  it('a time someone else just took: says so in words and refreshes the free times', async () => {
    const { user, api } = setup('mentee', { takenBySomeoneElse: [friday] });
    await user.click(await screen.findByRole('button', { name: 'Book a session' }));
    await user.click(within(await screen.findByRole('group', { name: 'Friday 26 March' })).getByRole('radio', { name: /^18:00/ }));
    await user.click(screen.getByRole('button', { name: 'Book this session' }));

    expect(await screen.findByText('Someone booked that time a moment ago. The free times have been refreshed: pick another.')).toHaveAttribute('role', 'alert');
    await waitFor(() => expect(within(day('Friday 26 March')).getAllByRole('radio')).toHaveLength(1));
    expect(within(day('Friday 26 March')).getByRole('radio')).not.toBeChecked();
    expect(api.sent('GET', `/api/mentorships/${mentorshipId}/slots`)).toHaveLength(2);
  });

  it('proposes up to three times', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Book a session' }));
    await user.click(screen.getByRole('radio', { name: 'Propose up to three times' }));
    const boxes = await screen.findAllByRole('checkbox');
    await user.click(boxes[0]!);
    await user.click(boxes[2]!);
    await user.click(boxes[3]!);
    expect(boxes[1]).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Propose these 3 times' }));
    await waitFor(() =>
      expect(api.sent('POST', `/api/mentorships/${mentorshipId}/sessions`).map((r) => r.body)).toEqual([{ proposedTimes: [friday, monday, tuesday], durationMinutes: 60, agenda: '' }]),
    );
    const waiting = await screen.findByRole('region', { name: 'Waiting for an answer' });
    expect(await within(waiting).findByText('You proposed these times; Grace Hopper picks one.')).toBeInTheDocument();
    expect(within(waiting).queryByRole('button', { name: /Pick this time/ })).not.toBeInTheDocument();
  });

  it('the other member picks one of the proposed times', async () => {
    const proposal = sessionOf(mentorshipId, { state: 'proposed', proposedTimes: [friday, monday], bookedBy: 'ada', agenda: 'CV review' });
    const { user, api } = setup('mentor', { sessions: [proposal] });
    const waiting = await screen.findByRole('region', { name: 'Waiting for an answer' });
    expect(within(waiting).getByText('Ada Lovelace proposed these times. Pick the one that suits you.')).toBeInTheDocument();
    // Grace is in New York: her times, Ada's beside them.
    expect(within(waiting).getAllByRole('listitem').slice(1).map((item) => item.querySelector('span')?.textContent)).toEqual([
      'Fri 26 Mar 2027, 13:00 (18:00 for Ada Lovelace)',
      'Mon 29 Mar 2027, 12:00 (18:00 for Ada Lovelace)',
    ]);
    await user.click(within(waiting).getByRole('button', { name: 'Pick this time: Mon 29 Mar 2027, 12:00' }));
    await waitFor(() => expect(api.sent('POST', `/api/sessions/${proposal.id}/confirm`).map((r) => r.body)).toEqual([{ startsAt: monday }]));
    const upcoming = screen.getByRole('region', { name: 'Upcoming' });
    expect(await within(upcoming).findByText(/Mon 29 Mar 2027, 12:00/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Waiting for an answer' })).not.toBeInTheDocument());
  });

  it('cancels with a reason, and will not without one', async () => {
    const session = sessionOf(mentorshipId, { startsAt: monday, bookedBy: 'ada' });
    const { user, api } = setup('mentee', { sessions: [session] });
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    await user.click(await within(upcoming).findByRole('button', { name: 'Cancel session' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel the session' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the session' }));
    expect(within(dialog).getByText('Say why, so the other person knows.')).toHaveAttribute('role', 'alert');
    await user.type(within(dialog).getByLabelText('Reason'), 'I am ill');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the session' }));
    await waitFor(() => expect(api.sent('POST', `/api/sessions/${session.id}/cancel`).map((r) => r.body)).toEqual([{ reason: 'I am ill' }]));
    const past = screen.getByRole('region', { name: 'Past' });
    expect(await within(past).findByText('Cancelled by Ada Lovelace: I am ill')).toBeInTheDocument();
  });

  it('reschedules to another common free time with a reason', async () => {
    const session = sessionOf(mentorshipId, { startsAt: friday, bookedBy: 'ada' });
    const { user, api } = setup('mentee', { sessions: [session] });
    await user.click(await within(await screen.findByRole('region', { name: 'Upcoming' })).findByRole('button', { name: 'Reschedule' }));
    const dialog = screen.getByRole('dialog', { name: 'Reschedule the session' });
    await user.click(within(await within(dialog).findByRole('group', { name: 'Tuesday 30 March' })).getByRole('radio'));
    await user.type(within(dialog).getByLabelText('Reason'), 'A clash at work');
    await user.click(within(dialog).getByRole('button', { name: 'Move the session' }));
    await waitFor(() => expect(api.sent('POST', `/api/sessions/${session.id}/reschedule`).map((r) => r.body)).toEqual([{ startsAt: tuesday, reason: 'A clash at work' }]));
  });
});
