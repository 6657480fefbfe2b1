import { screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFakeApi, menteeView, mentorView, ownProfile, stored } from '@testing/mentorships/fake-api';
import { renderAt } from '@testing/mentorships/render';
import { createSchedulingApi, sessionOf } from '@testing/scheduling/fake-api';
import { SessionPage } from './SessionPage';

vi.setConfig({ testTimeout: 30_000 });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const grace = mentorView('grace', 'Grace Hopper', { timezone: 'America/New_York' });
const ada = menteeView('ada', 'Ada Lovelace', { timezone: 'Europe/Berlin' });

const setup = (extra: Parameters<typeof sessionOf>[1] = {}) => {
  const mentorship = stored(grace, ada, 'ACTIVE');
  const session = sessionOf(mentorship.id, { startsAt: '2027-03-29T16:00:00.000Z', bookedBy: 'grace', agenda: 'Portfolio review', ...extra });
  const scheduling = createSchedulingApi({ viewer: 'ada', mentorshipId: mentorship.id, timezones: { mentor: grace.timezone, mentee: ada.timezone }, sessions: [session] });
  const mentorships = createFakeApi({ viewer: { id: 'ada' }, mentorships: [mentorship], profile: ownProfile(ada) });
  server.use(...scheduling.handlers, ...mentorships.handlers);
  const path = `/mentorships/${mentorship.id}/sessions/${session.id}`;
  return { scheduling, session, mentorship, ...renderAt(<SessionPage />, { route: '/mentorships/:id/sessions/:sessionId', path }) };
};

describe('/mentorships/:id/sessions/:sessionId', () => {
  it('says when (for both), the agenda and who booked it, and when its call opens', async () => {
    const { session } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Session on Mon 29 Mar 2027, 18:00' })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Details' });
    expect(details).toHaveTextContent('Mon 29 Mar 2027, 18:00 (12:00 for Grace Hopper) – 19:00');
    expect(details).toHaveTextContent('Portfolio review');
    expect(details).toHaveTextContent('Booked byGrace Hopper');
    // Months ahead there is no call to join yet, only when it opens (in the viewer's zone).
    expect(within(details).queryByRole('link', { name: 'Join the call' })).toBeNull();
    expect(details).toHaveTextContent('The call opens at 17:50, 10 minutes before the session starts.');
    expect(screen.getByRole('region', { name: 'Attendance' })).toHaveTextContent('Nobody has joined the call yet.');
    expect(within(screen.getByRole('region', { name: 'Recording and transcript' })).getByRole('link', { name: /All past calls/ })).toHaveAttribute('href', `/calls/past#call-default:${session.callId}`);
  });

  it('says when the recording or the transcription failed, instead of offering none or waiting for them', async () => {
    setup({ state: 'held', recordingFailed: true, transcriptionFailed: true });
    const section = await screen.findByRole('region', { name: 'Recording and transcript' });
    expect(section).toHaveTextContent('The recording of this call failed: nothing of it was kept.');
    expect(section).toHaveTextContent('The transcription of this call failed: there is no transcript of it.');
    expect(section).not.toHaveTextContent('No recording or transcript.');
  });

  it('offers "Join the call" from 10 minutes before the start until the end', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2027-03-29T15:51:00.000Z'));
      const { session } = setup();
      const details = await screen.findByRole('region', { name: 'Details' });
      expect(within(details).getByRole('link', { name: 'Join the call' })).toHaveAttribute('href', `/calls/default/${session.callId}`);
      expect(details).not.toHaveTextContent('The call opens');
    } finally {
      vi.useRealTimers();
    }
  });

  it('on a conflict shows their notes and yours, and saves the merge against the version seen', async () => {
    const { user, scheduling, session } = setup({ notes: { text: 'Agenda: CV', version: 1, updatedAt: '2027-03-20T10:00:00.000Z', updatedBy: 'grace' } });
    const notes = await screen.findByLabelText('Notes for this session');
    expect(notes).toHaveValue('Agenda: CV');
    await user.type(notes, '\nAda: bring portfolio');
    // Grace saves first.
    scheduling.otherWrites(session.id, 'Agenda: CV\nGrace: read chapter 3', 'grace');
    await user.click(screen.getByRole('button', { name: 'Save notes' }));

    const conflict = await screen.findByRole('alert', { name: 'Someone else changed these notes' });
    expect(within(conflict).getByLabelText('Their version')).toHaveTextContent('Grace: read chapter 3');
    expect(conflict).toHaveTextContent('Ada: bring portfolio');
    expect(notes).toHaveValue('Agenda: CV\nAda: bring portfolio');

    await user.clear(notes);
    await user.type(notes, 'Agenda: CV\nGrace: read chapter 3\nAda: bring portfolio');
    await user.click(screen.getByRole('button', { name: 'Save notes' }));
    expect(await screen.findByText('Notes saved.')).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: 'Someone else changed these notes' })).not.toBeInTheDocument();
    expect(scheduling.sent('PUT', `/api/sessions/${session.id}/notes`).map((r) => r.body)).toEqual([
      { text: 'Agenda: CV\nAda: bring portfolio', version: 1 },
      { text: 'Agenda: CV\nGrace: read chapter 3\nAda: bring portfolio', version: 2 },
    ]);
    expect(scheduling.sessions.get(session.id)?.notes.text).toBe('Agenda: CV\nGrace: read chapter 3\nAda: bring portfolio');
  });

  it('adds an action item with an owner and a due date, ticks it done and deletes it', async () => {
    const { user, scheduling, mentorship, session } = setup();
    const items = await screen.findByRole('region', { name: 'Action items' });
    expect(await within(items).findByText('No action items yet.')).toBeInTheDocument();
    await user.click(within(items).getByRole('button', { name: 'Add action item' }));
    expect(within(items).getByText('Say what is to be done.')).toHaveAttribute('role', 'alert');

    await user.type(within(items).getByLabelText('What is to be done'), 'Send the CV');
    await user.selectOptions(within(items).getByLabelText('Owner'), 'Grace Hopper');
    await user.type(within(items).getByLabelText('Due date'), '2027-04-02');
    await user.click(within(items).getByRole('button', { name: 'Add action item' }));

    const path = `/api/mentorships/${mentorship.id}/action-items`;
    await waitFor(() => expect(scheduling.sent('POST', path).map((r) => r.body)).toEqual([{ text: 'Send the CV', ownerId: 'grace', dueOn: '2027-04-02', sessionId: session.id }]));
    const item = await within(items).findByRole('checkbox', { name: 'Send the CV' });
    expect(item.closest('li')).toHaveTextContent('Grace Hopper · Due Fri 2 Apr 2027');
    expect(within(items).getByLabelText('What is to be done')).toHaveValue('');

    await user.click(item);
    await waitFor(() => expect(within(items).getByRole('checkbox', { name: 'Send the CV' })).toBeChecked());
    const [id] = [...scheduling.items.keys()];
    expect(scheduling.sent('PATCH', `${path}/${id}`).map((r) => r.body)).toEqual([{ done: true, version: 1 }]);

    await user.click(within(items).getByRole('button', { name: 'Delete “Send the CV”' }));
    expect(await within(items).findByText('No action items yet.')).toBeInTheDocument();
    expect(scheduling.sent('DELETE', `${path}/${id}`).map((r) => r.search)).toEqual(['?version=2']);
  });
});
