import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { StreamChat } from 'stream-chat';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@testing/mentoring/render';
import { StreamConnectionContext, type StreamConnection } from '@/lib/stream/context';
import { ScheduleForm } from './ScheduleForm';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const MEMBERS = [
  { id: 'sub-ada', name: 'Ada Lovelace', role: 'user' },
  { id: 'sub-linus', name: 'Linus Torvalds', role: 'user' },
  { id: 'sub-lin', name: 'Lin Clark', role: 'user' },
];

/** Stream's user autocomplete over the members above (the stand-in and Stream answer it alike). */
const chatClient = () => {
  const queryUsers = vi.fn(async (filter: { name: { $autocomplete: string } }) => ({
    users: MEMBERS.filter((member) => member.name.toLowerCase().split(' ').some((word) => word.startsWith(filter.name.$autocomplete.toLowerCase()))),
  }));
  return { client: { queryUsers } as unknown as StreamChat, queryUsers };
};

const connection = (client: StreamChat | null, chatFailed = false): StreamConnection => ({
  status: 'connected',
  mode: 'user',
  chatClient: client,
  videoClient: null,
  failed: false,
  chatFailed,
  chatRetrying: false,
  retrying: false,
  retry: () => undefined,
  requestChat: () => undefined,
  requestChatFirst: () => undefined,
});

const show = (value: StreamConnection) => {
  const bodies: unknown[] = [];
  server.use(
    http.get('*/api/programme', () => HttpResponse.json({ topics: ['Job search and interviews', 'Data science'] })),
    http.get('*/api/profile/me', () => HttpResponse.json({ profile: { id: 'sub-ada', role: 'mentor', displayName: 'Ada Lovelace' }, approval: null, email: null, codeOfConductVersion: 1, isCoordinator: false, onboarded: true })),
    http.post('*/api/group-sessions', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ error: { code: 'validation_failed', message: 'Linus Torvalds cannot be on stage in your session: one of you has blocked the other.' } }, { status: 400 });
    }),
  );
  const routes = [{ path: '/', element: <StreamConnectionContext.Provider value={value}><ScheduleForm open onClose={() => undefined} mentor /></StreamConnectionContext.Provider> }];
  return { bodies, ...renderRoutes(routes, '/') };
};

describe('the schedule form: co-hosts and speakers', () => {
  it('finds members by name, never the host or one already on stage, and sends those chosen; the server\'s refusal is shown', async () => {
    const { client, queryUsers } = chatClient();
    const { user, bodies } = show(connection(client));
    const coHosts = screen.getByRole('group', { name: 'Co-hosts (optional)' });
    await user.type(within(coHosts).getByRole('searchbox', { name: 'Find co-hosts (optional) by name' }), 'Li');
    expect(await within(coHosts).findByText('2 members found')).toHaveAttribute('role', 'status');
    await user.click(within(coHosts).getByRole('button', { name: 'Add Linus Torvalds as co-host' }));
    expect(within(within(coHosts).getByRole('list', { name: 'Co-hosts (optional)' })).getByText('Linus Torvalds')).toBeInTheDocument();
    expect(queryUsers).toHaveBeenCalledWith({ name: { $autocomplete: 'Li' }, role: 'user' }, {}, { limit: 10 });

    // The host (Ada) and Linus, a co-host now, are not offered as speakers.
    const speakers = screen.getByRole('group', { name: 'Speakers (optional)' });
    await user.type(within(speakers).getByRole('searchbox'), 'L');
    expect(await within(speakers).findByText('1 member found')).toHaveAttribute('role', 'status');
    expect(within(speakers).queryByRole('button', { name: /Linus/ })).toBeNull();
    await user.click(within(speakers).getByRole('button', { name: 'Add Lin Clark as speaker' }));
    await user.clear(within(speakers).getByRole('searchbox'));
    await user.type(within(speakers).getByRole('searchbox'), 'Ada');
    expect(await within(speakers).findByText('No member called “Ada”.')).toHaveAttribute('role', 'status');

    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Interviews without fear' } });
    await user.click(await screen.findByRole('checkbox', { name: 'Data science' }));
    fireEvent.change(screen.getByLabelText(/^Start/), { target: { value: '2030-01-10T18:00' } });
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Linus Torvalds cannot be on stage in your session: one of you has blocked the other.')).toHaveAttribute('role', 'alert');
    expect(bodies).toEqual([expect.objectContaining({ coHostIds: ['sub-linus'], speakerIds: ['sub-lin'], topics: ['Data science'] })]);

    // Removing one takes them off again.
    await user.click(within(coHosts).getByRole('button', { name: 'Remove Linus Torvalds' }));
    await waitFor(() => expect(within(coHosts).queryByRole('list', { name: 'Co-hosts (optional)' })).toBeNull());
    // Three debounced searches and a whole form: slower than the default 5 s on a busy machine.
  }, 15_000);

  it('says so when the member search cannot connect, and the form still schedules without them', async () => {
    show(connection(null, true));
    const coHosts = screen.getByRole('group', { name: 'Co-hosts (optional)' });
    expect(within(coHosts).getByRole('status')).toHaveTextContent('The member search is not available right now');
    expect(within(coHosts).getByRole('searchbox')).toBeDisabled();
  });
});
