import { screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { vi, afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mentorshipIdOfCall } from '@mentoring/shared/mentorship-calls';
import { resetRuntimeConfig } from '@/lib/stream/runtime-config';
import type { StreamConnection } from '@/lib/stream/context';
import { createFakeApi, menteeView, mentorView, stored } from '@testing/mentorships/fake-api';
import { notConnected, renderAt } from '@testing/mentorships/render';
import { callResponse, createOfflineClient, member, type OfflineClient } from '@testing/video/offlineStream';
import { CallsPage } from './CallsPage';

const grace = mentorView('grace', 'Grace Hopper');
const ada = menteeView('ada', 'Ada Lovelace');
const alan = menteeView('alan', 'Alan Turing');

// Whole user flows with user-event on a shared two-core machine: more than the default 5 s per test.
vi.setConfig({ testTimeout: 30_000 });

const server = setupServer();
// The video SDK's location hint (a data: URL in tests) is not the API.
beforeAll(() => server.listen({ onUnhandledRequest: (request, print) => (request.url.startsWith('http') ? print.error() : undefined) }));
beforeEach(() => resetRuntimeConfig());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('/calls', () => {
  let offline: OfflineClient | null = null;
  afterEach(async () => {
    await offline?.client.disconnectUser();
    offline = null;
  });

  const setup = async () => {
    offline = await createOfflineClient({ userId: 'grace' });
    offline.api.on('POST', /^\/call\/\w+\/[\w-]+$/, (request) => {
      const [, , type, id] = request.path.split('/');
      return { data: { call: callResponse({ type: type!, id: id!, createdBy: 'grace', session: {} }), members: ['grace', 'ada', 'alan'].map(member), own_capabilities: [], duration: '1ms' } };
    });
    offline.api.on('GET', /^\/calls$|^\/call\/query/, () => ({ data: { calls: [], duration: '1ms' } }));
    offline.api.on('POST', /^\/calls$/, () => ({ data: { calls: [], duration: '1ms' } }));
    const withAda = stored(grace, ada, 'ACTIVE');
    const withAlan = stored(grace, alan, 'ACTIVE');
    const api = createFakeApi({ viewer: { id: 'grace' }, mentorships: [withAda, withAlan, stored(grace, menteeView('old', 'Old Mentee'), 'COMPLETED')] });
    server.use(...api.handlers);
    const connection: StreamConnection = { ...notConnected, status: 'connected', videoClient: offline.client };
    return { api, withAda, withAlan, ...renderAt(<CallsPage />, { route: '/calls', connection }) };
  };

  const callRequests = () => offline!.api.requests.filter((r) => r.method === 'POST' && /^\/call\/\w+\/[\w-]+$/.test(r.path));

  it('offers the member’s active mentorship partners by name, with no field for ids', async () => {
    const { api } = await setup();
    const partners = await screen.findByRole('group', { name: 'Call one of your mentorship partners' });
    expect(await within(partners).findAllByRole('checkbox')).toHaveLength(2);
    expect(within(partners).getByRole('checkbox', { name: 'Ada Lovelace (your mentee)' })).toBeInTheDocument();
    expect(within(partners).getByRole('checkbox', { name: 'Alan Turing (your mentee)' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /user ids/i })).toBeNull();
    expect(api.sent('GET', '/api/mentorships').map((r) => r.search)).toEqual(['?states=ACTIVE']);
  });

  it('rings one partner on a call of their mentorship', async () => {
    const { user, withAda } = await setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Ada Lovelace (your mentee)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Ring the people you chose' }));
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(callRequests()).toHaveLength(1));
    const [request] = callRequests();
    expect(mentorshipIdOfCall('default', request!.path.split('/').at(-1)!)).toBe(withAda.id);
    expect(request!.body).toEqual({ ring: true, data: { members: [{ user_id: 'grace' }, { user_id: 'ada' }] } });
  });

  it('offers no call type: a call with two partners is a default call with an id of its own', async () => {
    const { user } = await setup();
    expect(screen.queryByRole('combobox')).toBeNull();
    await user.click(await screen.findByRole('checkbox', { name: 'Ada Lovelace (your mentee)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Alan Turing (your mentee)' }));
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(callRequests()).toHaveLength(1));
    const [request] = callRequests();
    expect(request!.path).toMatch(/^\/call\/default\/[0-9a-f-]{36}$/);
    expect(request!.body).toEqual({ ring: false, data: { members: [{ user_id: 'grace' }, { user_id: 'ada' }, { user_id: 'alan' }] } });
  });

  it('does not ring nobody', async () => {
    const { user } = await setup();
    await screen.findByRole('checkbox', { name: 'Ada Lovelace (your mentee)' });
    await user.click(screen.getByRole('checkbox', { name: 'Ring the people you chose' }));
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(screen.getByText(/^Choose who to ring/)).toHaveAttribute('role', 'alert');
    expect(callRequests()).toEqual([]);
  });
});
