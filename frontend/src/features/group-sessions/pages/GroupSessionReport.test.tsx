import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@testing/mentoring/render';
import { SafetySlotsContext, type ReportTarget } from '@/lib/safety-slots';
import type { GroupSession } from '../api';
import { GroupSessionPage } from './GroupSessionPage';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const person = (id: string, displayName: string) => ({ id, displayName });

const session = (fields: Partial<GroupSession> = {}): GroupSession => ({
  id: '0b7c6f1e-1d1a-4c43-9a39-3f7b1d2e4a10',
  kind: 'workshop',
  title: 'Interviews without fear',
  description: '',
  topics: ['Job search and interviews'],
  startsAt: '2026-06-01T16:00:00.000Z',
  durationMinutes: 60,
  capacity: 20,
  audience: 'all',
  state: 'ended',
  host: person('sub-grace', 'Grace Host'),
  coHosts: [person('sub-cora', 'Cora Cohost')],
  speakers: [person('sub-sam', 'Sam Speaker')],
  taken: 3,
  waiting: 0,
  callType: 'livestream',
  part: 'participant',
  place: { status: 'signed_up', signedUpAt: '2026-05-20T10:00:00.000Z' },
  cancelReason: null,
  public: false,
  attendance: null,
  myRating: { rating: 4, comment: '' },
  ratings: null,
  createdAt: '2026-05-01T10:00:00.000Z',
  archive: false,
  recordingConsents: null,
  ...fields,
});

const profile = (id: string) => ({
  profile: { id, role: 'mentee', displayName: 'Ada Lovelace' },
  approval: null,
  email: 'ada@example.org',
  codeOfConductVersion: 1,
  isCoordinator: false,
  onboarded: true,
});

const show = (view: GroupSession) => {
  const report = vi.fn<(target: ReportTarget) => void>();
  server.use(
    http.get('*/api/group-sessions/:id', () => HttpResponse.json(view)),
    http.get('*/api/profile/me', () => HttpResponse.json(profile('sub-ada'))),
  );
  const routes = [{ path: '/group-sessions/:id', element: <SafetySlotsContext.Provider value={{ report }}><GroupSessionPage /></SafetySlotsContext.Provider> }];
  return { report, ...renderRoutes(routes, `/group-sessions/${view.id}`) };
};

describe('a group session page: "Report a participant"', () => {
  it('a member with a place reports one of those on stage, with the session as the report\'s context', async () => {
    const { report, user } = show(session());
    const section = await screen.findByRole('region', { name: 'Report a participant' });
    const who = within(section).getByRole('combobox', { name: 'Who' });
    expect(within(who).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a participant', 'Grace Host', 'Cora Cohost', 'Sam Speaker']);
    const send = within(section).getByRole('button', { name: 'Report…' });
    expect(send).toBeDisabled();
    await user.selectOptions(who, 'Sam Speaker');
    await user.click(send);
    expect(report).toHaveBeenCalledExactlyOnceWith({
      subject: { kind: 'group_session', groupSessionId: session().id, memberId: 'sub-sam' },
      about: 'Sam Speaker, in the group session “Interviews without fear”',
    });
  });

  it('the host reads everyone who joined, never themselves, each once', async () => {
    const line = (id: string, name: string) => ({ member: person(id, name), joinedAt: '2026-06-01T16:01:00.000Z', seconds: 600, inCall: false });
    // Ada (the signed-in member) hosts it here.
    show(session({ part: 'host', host: person('sub-ada', 'Ada Lovelace'), place: { status: 'none' }, attendance: [line('sub-ada', 'Ada Lovelace'), line('sub-sam', 'Sam Speaker'), line('sub-bo', 'Bo Audience')] }));
    const section = await screen.findByRole('region', { name: 'Report a participant' });
    expect(within(within(section).getByRole('combobox', { name: 'Who' })).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose a participant',
      'Cora Cohost',
      'Sam Speaker',
      'Bo Audience',
    ]);
  });

  it('is not offered to a member who only waits for a place', async () => {
    show(session({ place: { status: 'waiting', position: 2, signedUpAt: '2026-05-20T10:00:00.000Z' }, state: 'scheduled' }));
    expect(await screen.findByRole('heading', { name: 'Interviews without fear' })).toBeInTheDocument();
    expect(await screen.findByText('You are number 2 on the waiting list')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Report a participant' })).toBeNull();
  });
});
