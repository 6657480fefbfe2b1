import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHAT_API, createFakeStream, videoHandlers } from '@testing/chat/fake-stream';
import { chatCopy } from './copy';
import { MessagesRoute } from './index';

vi.mock('@/lib/auth', () => ({
  useAuth: () => ({
    status: 'signedIn',
    user: { id: 'ada', name: 'Ada Lovelace', email: 'ada@example.org' },
    getIdToken: async () => 'id-token',
    signOut: async () => undefined,
  }),
  RequireAuth: ({ children }: { children: ReactNode }) => children,
}));

const ada = { id: 'ada', name: 'Ada Lovelace' };
const grace = { id: 'grace', name: 'Grace Hopper' };
const stream = createFakeStream(ada);

// The SDKs only decode the token; Stream (faked here) is what would verify its signature.
const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const streamToken = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ user_id: 'ada' })}.signature`;

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const message = (fields: Record<string, unknown>) => ({
  type: 'regular',
  html: '',
  attachments: [],
  latest_reactions: [],
  own_reactions: [],
  reaction_counts: {},
  reaction_scores: {},
  reply_count: 0,
  mentioned_users: [],
  created_at: at(5),
  updated_at: at(5),
  ...fields,
});
const greeting = message({ id: 'm-1', text: 'Hello Ada, welcome to mentoring!', user: grace, reply_count: 1, cid: 'messaging:general' });
const reply = message({ id: 'm-2', text: 'Reply in the thread', user: grace, parent_id: 'm-1', created_at: at(4), cid: 'messaging:general' });

const channelState = {
  channel: {
    id: 'general',
    type: 'messaging',
    cid: 'messaging:general',
    name: 'Mentoring circle',
    created_at: at(60),
    updated_at: at(60),
    member_count: 2,
    config: {
      name: 'messaging',
      typing_events: true,
      read_events: true,
      connect_events: true,
      reactions: true,
      replies: true,
      uploads: true,
      polls: true,
      url_enrichment: false,
      mutes: true,
      search: true,
      max_message_length: 5000,
      commands: [],
    },
    own_capabilities: [
      'send-message', 'send-reaction', 'send-reply', 'upload-file', 'read-events', 'typing-events', 'send-poll', 'mute-channel', 'pin-message',
      'cast-poll-vote', 'query-poll-votes', 'quote-message', 'update-own-message', 'delete-own-message', 'send-links', 'create-attachment',
    ],
  },
  messages: [greeting],
  pinned_messages: [],
  members: [
    { user_id: 'ada', user: ada, role: 'member', channel_role: 'channel_member' },
    { user_id: 'grace', user: grace, role: 'member', channel_role: 'channel_member' },
  ],
  membership: { user_id: 'ada', user: ada, channel_role: 'channel_member' },
  read: [
    { user: ada, last_read: at(30), unread_messages: 1 },
    { user: grace, last_read: at(1), unread_messages: 0 },
  ],
  watcher_count: 2,
  watchers: [],
};

// A one-to-one conversation with Katherine, quieter than the circle: second in the list.
const katherine = { id: 'katherine', name: 'Katherine Johnson' };
const earlier = message({ id: 'k-1', text: 'See you **next week**', user: katherine, cid: 'messaging:katherine-ada', created_at: at(50), updated_at: at(50) });
const katherineState = {
  ...channelState,
  channel: { ...channelState.channel, id: 'katherine-ada', cid: 'messaging:katherine-ada', name: undefined, created_at: at(120), updated_at: at(120) },
  messages: [earlier],
  members: [
    { user_id: 'ada', user: ada, role: 'member', channel_role: 'channel_member' },
    { user_id: 'katherine', user: katherine, role: 'member', channel_role: 'channel_member' },
  ],
  read: [
    { user: ada, last_read: at(40), unread_messages: 0 },
    { user: katherine, last_read: at(40), unread_messages: 0 },
  ],
};

/** What queryChannels answers: the member's channels, newest activity first (Stream sorts them). */
let listed: unknown[] = [channelState, katherineState];
/** How many channel queries fail before Stream answers again. */
let failingQueries = 0;
/** The filter of the last member search (GET /users carries it as a JSON payload in the query). */
let userSearches: unknown[] = [];

/** The chat socket of the page rendered last: Stream's events reach the page through it. */
const chatSocket = () => stream.sockets.filter((socket) => socket.isChat && socket.readyState === 1).at(-1)!;
const pushEvent = (event: Record<string, unknown>) => act(() => chatSocket().receive(event));
const newMessage = (cid: string, fields: Record<string, unknown>) => {
  const [type, id] = cid.split(':') as [string, string];
  const sent = message({ cid, created_at: new Date().toISOString(), updated_at: new Date().toISOString(), ...fields });
  return { type: 'message.new', cid, channel_type: type, channel_id: id, message: sent, user: fields.user, watcher_count: 1 };
};

const server = setupServer(
  http.get('*/config.json', () => HttpResponse.json({ stage: 'test', version: '1', stream: { configured: true } })),
  http.get('*/api/chat/getOrCreateToken', () =>
    HttpResponse.json({ token: streamToken, apiKey: 'test-key', user: { streamChatUuid: 'ada', id: 'ada', name: 'Ada Lovelace', email: 'ada@example.org' } }),
  ),
  ...videoHandlers,
  http.post(`${CHAT_API}/channels`, async ({ request }) => {
    const { body } = await stream.record(request);
    if (failingQueries > 0) {
      failingQueries -= 1;
      return HttpResponse.json({ code: 16, message: 'Stream is down', StatusCode: 503, duration: '1ms' }, { status: 503 });
    }
    const { offset = 0, limit = 10 } = body as { offset?: number; limit?: number };
    return HttpResponse.json({ channels: listed.slice(offset, offset + limit), duration: '1ms' });
  }),
  http.post(`${CHAT_API}/channels/messaging/general/query`, async ({ request }) => {
    await stream.record(request);
    return HttpResponse.json({ ...channelState, duration: '1ms' });
  }),
  http.post(`${CHAT_API}/channels/messaging/general/message`, async ({ request }) => {
    const { body } = await stream.record(request);
    const sent = (body as { message: Record<string, unknown> }).message;
    return HttpResponse.json({ message: message({ ...sent, user: ada, created_at: new Date().toISOString(), cid: 'messaging:general' }), duration: '1ms' });
  }),
  // Stream answers a read with the event, and tells whoever watches the channel (the member's own list too).
  http.post(`${CHAT_API}/channels/messaging/general/read`, async ({ request }) => {
    await stream.record(request);
    const event = { type: 'message.read', cid: 'messaging:general', channel_type: 'messaging', channel_id: 'general', user: ada, last_read_message_id: 'm-1', created_at: new Date().toISOString() };
    setTimeout(() => chatSocket().receive(event), 0);
    return HttpResponse.json({ event, duration: '1ms' });
  }),
  http.get(`${CHAT_API}/messages/m-1/replies`, async ({ request }) => {
    await stream.record(request);
    return HttpResponse.json({ messages: [reply], duration: '1ms' });
  }),
  http.post(`${CHAT_API}/messages/m-1/reaction`, async ({ request }) => {
    const { body } = await stream.record(request);
    const reaction = { ...(body as { reaction: Record<string, unknown> }).reaction, message_id: 'm-1', user: ada, user_id: 'ada', created_at: new Date().toISOString() };
    return HttpResponse.json({ message: { ...greeting, latest_reactions: [reaction], own_reactions: [reaction], reaction_counts: { like: 1 } }, reaction, duration: '1ms' });
  }),
  http.post(`${CHAT_API}/polls`, async ({ request }) => {
    const { body } = await stream.record(request);
    const poll = body as Record<string, unknown> & { options?: { text: string }[] };
    return HttpResponse.json({
      poll: {
        id: 'poll-1', ...poll, options: (poll.options ?? []).map((option, index) => ({ id: `option-${index}`, text: option.text })),
        vote_counts_by_option: {}, latest_votes_by_option: {}, own_votes: [], latest_answers: [], vote_count: 0, answers_count: 0,
        created_by: ada, created_by_id: 'ada', created_at: new Date().toISOString(), updated_at: new Date().toISOString(),
      },
      duration: '1ms',
    });
  }),
  http.get(`${CHAT_API}/users`, async ({ request }) => {
    await stream.record(request);
    userSearches.push(JSON.parse(new URL(request.url).searchParams.get('payload') ?? '{}'));
    return HttpResponse.json({ users: [{ ...grace, role: 'user', online: false }], duration: '1ms' });
  }),
  http.get(`${CHAT_API}/search`, async ({ request }) => {
    await stream.record(request);
    return HttpResponse.json({ results: [], duration: '1ms' });
  }),
  // A conversation created from its members: Stream answers with a channel named after them.
  http.post(`${CHAT_API}/channels/messaging/query`, async ({ request }) => {
    await stream.record(request);
    const direct = { ...channelState.channel, id: '!members-ada-grace', cid: 'messaging:!members-ada-grace', name: undefined };
    return HttpResponse.json({ ...channelState, channel: direct, messages: [], read: [], duration: '1ms' });
  }),
  http.all(`${CHAT_API}/*`, async ({ request }) => {
    await stream.record(request);
    return HttpResponse.json({ duration: '1ms' });
  }),
);

class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // After msw, which would otherwise wrap WebSocket with its own interceptor.
  vi.stubGlobal('WebSocket', stream.FakeSocket);
  vi.stubGlobal('ResizeObserver', NoopObserver);
  vi.stubGlobal('IntersectionObserver', NoopObserver);
  Element.prototype.scrollTo ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
  Element.prototype.scrollBy ??= () => undefined;
});
afterEach(() => {
  stream.requests.length = 0;
  listed = [channelState, katherineState];
  userSearches = [];
  failingQueries = 0;
});
afterAll(() => {
  server.close();
  vi.unstubAllGlobals();
});

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/messages']}>
      <MessagesRoute />
    </MemoryRouter>,
  );

const requestsTo = (method: string, path: string) => stream.requests.filter((request) => request.method === method && request.path === path);

/** Renders the page, waits for the member's channel list and opens the conversation. */
const openConversation = async () => {
  const user = userEvent.setup();
  renderPage();
  const list = await screen.findByRole('complementary', { name: 'Conversations' }, { timeout: 30_000 });
  await user.click(await within(list).findByRole('option', { name: /^Mentoring circle/ }, { timeout: 30_000 }));
  const conversation = screen.getByRole('region', { name: 'Conversation' });
  // The conversation's code (stream-chat-react) loads on the first opening.
  await within(conversation).findByText('Hello Ada, welcome to mentoring!', {}, { timeout: 30_000 });
  return { user, conversation };
};

describe('/messages with the real Stream clients', () => {
  /** The list's rows in order, by their accessible names. */
  const rows = (list: HTMLElement) => within(within(list).getByRole('listbox', { name: 'Your conversations' })).getAllByRole('option');

  it("lists the member's channels in Stream's order, each with its last message, time and unread count", { timeout: 60_000 }, async () => {
    renderPage();
    const list = await screen.findByRole('complementary', { name: 'Conversations' }, { timeout: 30_000 });
    const entry = await within(list).findByRole('option', { name: /^Mentoring circle/ }, { timeout: 30_000 });
    expect(entry).toHaveAccessibleName(expect.stringContaining('1 unread message. Last message from Grace Hopper: Hello Ada, welcome to mentoring!'));
    expect(within(entry).getByTestId('unread-badge')).toHaveTextContent('1');
    expect(entry).toHaveAttribute('aria-selected', 'false');
    // A one-to-one conversation is named after the other member; the preview is plain text, without markdown.
    expect(rows(list).map((row) => row.querySelector('.str-chat__channel-list-item-data__title')?.textContent?.split('.')[0])).toEqual(['Mentoring circle', 'Katherine Johnson']);
    const quiet = rows(list)[1]!;
    expect(quiet).toHaveTextContent('See you next week');
    expect(quiet).not.toHaveAccessibleName(/unread/);
    expect(within(quiet).queryByTestId('unread-badge')).not.toBeInTheDocument();
    // Its last message came 50 minutes ago: a clock time, or "Yesterday" when this runs in the first 50 minutes of a day.
    const sentToday = new Date(String(earlier.created_at)).toDateString() === new Date().toDateString();
    expect(within(quiet).getByText(sentToday ? /^\d\d:\d\d$/ : 'Yesterday')).toBeInTheDocument();
    // Only the first row is in the Tab order; the arrow keys move between rows.
    expect(rows(list).map((row) => row.tabIndex)).toEqual([0, -1]);
    const [query] = requestsTo('POST', '/channels');
    expect(query!.body).toMatchObject({ filter_conditions: { type: 'messaging', members: { $in: ['ada'] } }, sort: [{ field: 'last_message_at', direction: -1 }], state: true, watch: true, presence: true, limit: 20 });
  });

  it('moves a conversation to the top when a message arrives in it, counting it unread', { timeout: 60_000 }, async () => {
    renderPage();
    const list = await screen.findByRole('complementary', { name: 'Conversations' }, { timeout: 30_000 });
    await within(list).findByRole('option', { name: /^Katherine Johnson/ }, { timeout: 30_000 });
    pushEvent(newMessage('messaging:katherine-ada', { id: 'k-2', text: 'Are you free on _Friday_?', user: katherine }));
    await waitFor(() => expect(rows(list)[0]).toHaveAccessibleName(/^Katherine Johnson\. \d{2}:\d{2}\. 1 unread message\. Last message from Katherine Johnson: Are you free on Friday\?$/));
    expect(within(rows(list)[0]!).getByTestId('unread-badge')).toHaveTextContent('1');
    expect(rows(list)[1]).toHaveAccessibleName(/^Mentoring circle/);
    // A second one counts too; a message in the circle then takes the top back.
    pushEvent(newMessage('messaging:katherine-ada', { id: 'k-3', text: 'Or Saturday', user: katherine }));
    await waitFor(() => expect(within(rows(list)[0]!).getByTestId('unread-badge')).toHaveTextContent('2'));
    expect(rows(list)[0]).toHaveAccessibleName(/2 unread messages\. Last message from Katherine Johnson: Or Saturday/);
    pushEvent(newMessage('messaging:general', { id: 'm-3', text: 'Welcome, Katherine!', user: grace }));
    await waitFor(() => expect(rows(list).map((row) => row.querySelector('.str-chat__channel-list-item-data__title')?.textContent?.split('.')[0])).toEqual(['Mentoring circle', 'Katherine Johnson']));
    expect(within(rows(list)[0]!).getByTestId('unread-badge')).toHaveTextContent('2');
  });

  it('moves between conversations with the arrow keys and opens one with Enter', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole('complementary', { name: 'Conversations' }, { timeout: 30_000 });
    await within(list).findByRole('option', { name: /^Katherine Johnson/ }, { timeout: 30_000 });
    rows(list)[0]!.focus();
    await user.keyboard('{ArrowDown}');
    expect(rows(list)[1]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(rows(list)[0]).toHaveFocus();
    await user.keyboard('{End}{Enter}');
    expect(rows(list)[1]).toHaveAttribute('aria-selected', 'true');
    expect(rows(list)[1]).toHaveAttribute('tabindex', '0');
    expect(await within(screen.getByRole('region', { name: 'Conversation' })).findByText('next week', { exact: false }, { timeout: 30_000 })).toBeInTheDocument();
  });

  it('offers more once a full page of 20 came, and adds the next page below', { timeout: 60_000 }, async () => {
    // 21 one-to-one conversations, each with a member of its own, newest first.
    listed = Array.from({ length: 21 }, (_, index) => {
      const other = { id: `member-${index}`, name: `Member ${index + 1}` };
      const cid = `messaging:page-${index}`;
      return {
        ...katherineState,
        channel: { ...katherineState.channel, id: `page-${index}`, cid },
        messages: [message({ id: `p-${index}`, text: `Message ${index + 1}`, user: other, cid, created_at: at(index + 1) })],
        members: [katherineState.members[0], { user_id: other.id, user: other, role: 'member', channel_role: 'channel_member' }],
        read: [{ user: ada, last_read: at(60), unread_messages: 1 }],
      };
    });
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole('complementary', { name: 'Conversations' }, { timeout: 30_000 });
    await within(list).findByRole('option', { name: /^Member 20\./ }, { timeout: 30_000 });
    expect(rows(list)).toHaveLength(20);
    await user.click(within(list).getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('option', { name: /^Member 21\. [^.]+\. 1 unread message/ })).toBeInTheDocument();
    expect(rows(list)).toHaveLength(21);
    expect(requestsTo('POST', '/channels').map((query) => query.body)).toMatchObject([{ limit: 20 }, { limit: 20, offset: 20 }]);
    // A page shorter than 20 was the last.
    expect(within(list).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when the list did not load, after stream-chat’s own retries, and loads it on Try again', { timeout: 60_000 }, async () => {
    failingQueries = 4;
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole('complementary', { name: 'Conversations' }, { timeout: 30_000 });
    expect(within(list).getByRole('status')).toHaveTextContent(chatCopy.loadingList);
    const alert = await within(list).findByRole('alert', {}, { timeout: 20_000 });
    expect(alert).toHaveTextContent(chatCopy.listFailedTitle);
    expect(requestsTo('POST', '/channels')).toHaveLength(4);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(list).findByRole('option', { name: /^Mentoring circle/ }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('says so when the member has no conversation yet, and offers the search', { timeout: 60_000 }, async () => {
    listed = [];
    renderPage();
    const list = await screen.findByRole('complementary', { name: 'Conversations' }, { timeout: 30_000 });
    expect(await within(list).findByRole('heading', { name: chatCopy.emptyTitle }, { timeout: 30_000 })).toBeInTheDocument();
    expect(within(list).getByText(chatCopy.emptyText)).toBeInTheDocument();
    expect(within(list).getByRole('searchbox', { name: 'Search members and messages' })).toBeInTheDocument();
    expect(within(list).queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: chatCopy.noneOpenTitle })).toBeInTheDocument();
  });

  it('opens a conversation with its messages, read state and composer, and marks it read', { timeout: 60_000 }, async () => {
    const { conversation } = await openConversation();
    expect(within(conversation).getByText('1 unread')).toBeInTheDocument();
    expect(within(conversation).getByRole('textbox', { name: 'Send a message' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo('POST', '/channels/messaging/general/read')).toHaveLength(1));
    // The list shows it open, and read once Stream says so.
    const entry = within(screen.getByRole('complementary', { name: 'Conversations' })).getByRole('option', { name: /^Mentoring circle/ });
    expect(entry).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(entry).not.toHaveAccessibleName(/unread/));
    expect(within(entry).queryByTestId('unread-badge')).not.toBeInTheDocument();
  });

  it('sends a message with the typed text, announcing typing first', { timeout: 60_000 }, async () => {
    const { user, conversation } = await openConversation();
    await user.type(within(conversation).getByRole('textbox', { name: 'Send a message' }), 'Thank you, Grace!');
    await user.click(within(conversation).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(requestsTo('POST', '/channels/messaging/general/message')).toHaveLength(1));
    const [sent] = requestsTo('POST', '/channels/messaging/general/message');
    expect(sent!.body).toMatchObject({ message: { text: 'Thank you, Grace!', id: expect.any(String) } });
    const typing = requestsTo('POST', '/channels/messaging/general/event').map((request) => (request.body as { event: { type: string } }).event.type);
    expect(typing).toContain('typing.start');
    expect(await within(conversation).findByText('Thank you, Grace!')).toBeInTheDocument();
  });

  it('opens a thread with its replies', { timeout: 60_000 }, async () => {
    const { user } = await openConversation();
    await user.click(screen.getByRole('button', { name: '1 reply' }));
    expect(await screen.findByText('Reply in the thread')).toBeInTheDocument();
    expect(requestsTo('GET', '/messages/m-1/replies')).toHaveLength(1);
  });

  it('sends a reaction to a message', { timeout: 60_000 }, async () => {
    const { user, conversation } = await openConversation();
    await user.click(within(conversation).getByRole('button', { name: 'Open Reaction Selector' }));
    await user.click(await screen.findByRole('button', { name: 'Select Reaction: Thumbs up' }));
    await waitFor(() => expect(requestsTo('POST', '/messages/m-1/reaction')).toHaveLength(1));
    expect(requestsTo('POST', '/messages/m-1/reaction')[0]!.body).toMatchObject({ reaction: { type: 'like' } });
  });

  it('creates a poll and posts it to the conversation', { timeout: 60_000 }, async () => {
    const { user, conversation } = await openConversation();
    await user.click(within(conversation).getByRole('button', { name: 'Open Attachment Selector' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Poll' }));
    await user.type(await screen.findByPlaceholderText('Ask a Question'), 'When shall we meet?');
    await user.type(screen.getAllByPlaceholderText('Add an Option').at(-1)!, 'Monday');
    await user.type(screen.getAllByPlaceholderText('Add an Option').at(-1)!, 'Friday');
    await user.click(screen.getByRole('button', { name: 'Send Poll' }));
    await waitFor(() => expect(requestsTo('POST', '/polls')).toHaveLength(1));
    const poll = requestsTo('POST', '/polls')[0]!.body!;
    expect(poll).toMatchObject({ id: expect.any(String), name: 'When shall we meet?', options: [{ text: 'Monday' }, { text: 'Friday' }] });
    await waitFor(() => expect(requestsTo('POST', '/channels/messaging/general/message')).toHaveLength(1));
    expect(requestsTo('POST', '/channels/messaging/general/message')[0]!.body).toMatchObject({ message: { poll_id: poll.id } });
  });

  it('starts a one-to-one conversation with another member found by name', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole('complementary', { name: 'Conversations' }, { timeout: 30_000 });
    await within(list).findByRole('option', { name: /^Mentoring circle/ }, { timeout: 30_000 });
    await user.type(within(list).getByRole('searchbox', { name: 'Search members and messages' }), 'Grace');
    // The results replace the list while a name is typed; one search for the word, not one per key.
    const found = await within(list).findByRole('button', { name: 'Open a conversation with Grace Hopper' }, { timeout: 10_000 });
    expect(within(list).getByRole('status')).toHaveTextContent('1 member found');
    await user.click(found);
    expect(userSearches).toEqual([expect.objectContaining({ filter_conditions: { name: { $autocomplete: 'Grace' }, role: 'user' }, limit: 10 })]);
    await waitFor(() => expect(requestsTo('POST', '/channels/messaging/query').length).toBeGreaterThan(0));
    expect(requestsTo('POST', '/channels/messaging/query')[0]!.body).toMatchObject({ data: { members: ['ada', 'grace'] }, watch: true });
    // The new conversation opens beside the list, at its top, selected.
    expect(await screen.findByRole('textbox', { name: 'Send a message' }, { timeout: 30_000 })).toBeInTheDocument();
    expect(within(list).getByRole('searchbox', { name: 'Search members and messages' })).toHaveValue('');
    expect(rows(list)[0]).toHaveAccessibleName(/^Grace Hopper\. No messages yet/);
    expect(rows(list)[0]).toHaveAttribute('aria-selected', 'true');
    expect(rows(list)).toHaveLength(3);
  });

  it('says when no member has that name', { timeout: 60_000 }, async () => {
    server.use(http.get(`${CHAT_API}/users`, () => HttpResponse.json({ users: [], duration: '1ms' }), { once: true }));
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole('complementary', { name: 'Conversations' }, { timeout: 30_000 });
    await within(list).findByRole('option', { name: /^Mentoring circle/ }, { timeout: 30_000 });
    await user.type(within(list).getByRole('searchbox', { name: 'Search members and messages' }), 'Nobody');
    expect(await within(list).findByRole('status')).toHaveTextContent(/./);
    await waitFor(() => expect(within(list).getByRole('status')).toHaveTextContent('No member called “Nobody”.'));
    await user.clear(within(list).getByRole('searchbox', { name: 'Search members and messages' }));
    expect(await within(list).findByRole('option', { name: /^Mentoring circle/ })).toBeInTheDocument();
  });

  it('finds a message by its words in the member’s conversations and opens the conversation at it', { timeout: 60_000 }, async () => {
    let searched: unknown;
    server.use(
      http.get(`${CHAT_API}/search`, async ({ request }) => {
        await stream.record(request);
        searched = JSON.parse(new URL(request.url).searchParams.get('payload') ?? '{}');
        return HttpResponse.json({ results: [{ message: { ...greeting, channel: channelState.channel } }], duration: '1ms' });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole('complementary', { name: 'Conversations' }, { timeout: 30_000 });
    await within(list).findByRole('option', { name: /^Mentoring circle/ }, { timeout: 30_000 });
    await user.type(within(list).getByRole('searchbox', { name: 'Search members and messages' }), 'welcome');
    const results = await within(list).findByRole('list', { name: 'Messages found' }, { timeout: 10_000 });
    expect(searched).toMatchObject({ filter_conditions: { members: { $in: ['ada'] } }, query: 'welcome' });
    await user.click(within(results).getByRole('button', { name: 'Mentoring circle Grace Hopper: Hello Ada, welcome to mentoring!' }));
    const conversation = screen.getByRole('region', { name: 'Conversation' });
    expect(await within(conversation).findByText('Hello Ada, welcome to mentoring!', {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(within(list).getByRole('searchbox', { name: 'Search members and messages' })).toHaveValue('');
  });

  it('mutes the open conversation and says so, and unmutes it', { timeout: 60_000 }, async () => {
    const { user, conversation } = await openConversation();
    await user.click(within(conversation).getByRole('button', { name: 'Mute conversation' }));
    await waitFor(() => expect(requestsTo('POST', '/moderation/mute/channel')).toHaveLength(1));
    expect(requestsTo('POST', '/moderation/mute/channel')[0]!.body).toMatchObject({ channel_cid: 'messaging:general' });
    const mute = { user: ada, channel: channelState.channel, created_at: new Date().toISOString() };
    await pushEvent({ type: 'notification.channel_mutes_updated', me: { ...ada, channel_mutes: [mute], mutes: [] }, created_at: new Date().toISOString() });
    expect(await within(conversation).findByRole('button', { name: 'Unmute conversation' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(conversation).getByText('Muted: new messages here are not counted as unread.')).toBeInTheDocument();
    await user.click(within(conversation).getByRole('button', { name: 'Unmute conversation' }));
    await waitFor(() => expect(requestsTo('POST', '/moderation/unmute/channel')).toHaveLength(1));
  });

  it('lists the conversation’s pinned messages above it, each a way to its message', { timeout: 60_000 }, async () => {
    const pinned = { ...greeting, pinned: true, pinned_at: at(3), pinned_by: grace };
    listed = [{ ...channelState, messages: [pinned], pinned_messages: [pinned] }, katherineState];
    const user = userEvent.setup();
    renderPage();
    const conversations = await screen.findByRole('complementary', { name: 'Conversations' }, { timeout: 30_000 });
    await user.click(await within(conversations).findByRole('option', { name: /^Mentoring circle/ }, { timeout: 30_000 }));
    const conversation = screen.getByRole('region', { name: 'Conversation' });
    await user.click(await within(conversation).findByText('Pinned messages (1)', {}, { timeout: 30_000 }));
    const list = within(conversation).getByRole('list', { name: 'Pinned messages' });
    await user.click(within(list).getByRole('button', { name: 'Show the message from Grace Hopper: Hello Ada, welcome to mentoring!' }));
    expect(within(conversation).getByText('Pinned by Grace Hopper')).toBeInTheDocument();
  });
});
