import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AttachmentStorage } from '../attachments';
import { StreamApiError } from '../errors';
import { duration, readBody, readJson, sendError, sendJson, corsHeaders } from '../http';
import type { TokenVerifier } from '../tokens';
import type { StreamUsers, UserInput } from '../users';
import type { StreamWebhookEvent } from '../webhooks';
import { matchesFilter, normaliseSort, sortBy, type Filter } from '../filters';
import { createChatHub, type ChatConnection } from './hub';
import { createShapes } from './shapes';
import { chatState, type StoredChannel, type StoredMessage } from './state';

type Caller = { server: true } | { server: false; userId: string };

interface Request {
  req: IncomingMessage;
  url: URL;
  params: Record<string, string>;
  caller: Caller;
  /** The caller's socket, when the request names one (connection_id): watching is per connection. */
  connection?: ChatConnection;
  body: () => Promise<Record<string, unknown>>;
}

type Handler = (request: Request) => Promise<Record<string, unknown>>;

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  endpoint: string;
  handler: Handler;
}

const MAX_MESSAGE_LENGTH = 5000;
const DEFAULT_MESSAGE_LIMIT = 25;
const FROZEN_TEXT = 'Sorry, this channel has been frozen by the admin';
/** Fields of a message or channel that are Stream's own; anything else is custom data. */
const MESSAGE_FIELDS = new Set(['id', 'text', 'html', 'type', 'user', 'user_id', 'parent_id', 'show_in_channel', 'quoted_message_id', 'attachments', 'mentioned_users', 'silent', 'cid', 'created_at', 'updated_at', 'deleted_at', 'reaction_counts', 'reaction_scores', 'reaction_groups', 'latest_reactions', 'own_reactions', 'reply_count', 'status', 'pinned', 'pinned_at', 'pin_expires', 'pinned_by', 'shadowed', 'thread_participants', 'quoted_message', 'restricted_visibility', 'deleted_reply_count', 'custom', 'poll_id']);
const CHANNEL_FIELDS = new Set(['id', 'type', 'cid', 'members', 'created_by', 'created_by_id', 'frozen', 'disabled', 'custom', 'config', 'own_capabilities', 'member_count', 'created_at', 'updated_at', 'last_message_at', 'team']);

const customOf = (input: Record<string, unknown>, own: Set<string>) => {
  const custom: Record<string, unknown> = { ...((input.custom as Record<string, unknown> | undefined) ?? {}) };
  for (const [field, value] of Object.entries(input)) if (!own.has(field)) custom[field] = value;
  return custom;
};

const memberIds = (members: unknown): string[] =>
  Array.isArray(members) ? members.map((m) => (typeof m === 'string' ? m : (m as { user_id?: string; user?: { id?: string } }).user_id ?? (m as { user?: { id?: string } }).user?.id)).filter((id): id is string => Boolean(id)) : [];

export interface ChatStandInDeps {
  tokens: TokenVerifier;
  users: StreamUsers;
  sendWebhook(event: StreamWebhookEvent): void;
  dataDir?: string;
  publicBaseUrl: string;
  s3: AttachmentStorage;
  log: (message: string) => void;
}

/**
 * Stream Chat's REST API and WebSocket events, as the real stream-chat (browser) and @stream-io/node-sdk (server)
 * use them for this product: channels of type `messaging` with members, messages, threads, reactions, typing, read
 * state and unread counts, uploads, user search, and the server's user and channel calls. Only members read or
 * write a channel, a frozen channel refuses messages and reactions, a deactivated user cannot connect.
 */
export const createChatStandIn = ({ tokens, users, sendWebhook, dataDir, publicBaseUrl, s3, log }: ChatStandInDeps) => {
  const store = chatState(dataDir);
  const { state } = store;
  const messageIndex = new Map<string, StoredMessage>();
  for (const list of Object.values(state.messages)) for (const message of list) messageIndex.set(message.id, message);
  const shapes = createShapes(users, (id) => messageIndex.get(id));
  const tasks = new Map<string, Record<string, unknown>>();

  const unreadCounts = (userId: string) => {
    let total = 0;
    let channels = 0;
    for (const channel of Object.values(state.channels)) {
      const unread = channel.members[userId] ? (channel.reads[userId]?.unread_messages ?? 0) : 0;
      total += unread;
      if (unread) channels += 1;
    }
    return { total_unread_count: total, unread_count: total, unread_channels: channels, unread_threads: 0 };
  };

  const hub = createChatHub({
    tokens,
    users,
    log,
    // Stream tells those watching a channel with the user in it when they come and go (stream-chat-react's online dots).
    onPresence: (userId, online) => {
      const now = new Date().toISOString();
      const event = { type: 'user.presence.changed', user: { ...users.response(userId), online, ...(online ? {} : { last_active: now }) }, created_at: now };
      const cids = new Set(Object.values(state.channels).filter((channel) => channel.members[userId]).map((channel) => channel.cid));
      for (const connection of hub.all()) {
        if (connection.userId !== userId && [...connection.watching].some((cid) => cids.has(cid))) hub.send(connection, event);
      }
    },
    me: (userId) => ({ ...users.response(userId), ...unreadCounts(userId), channel_mutes: [], mutes: [], devices: [], total_unread_count_by_team: {}, blocked_user_ids: [] }),
  });

  // --- access -------------------------------------------------------------------------------------------------
  const authenticate = (req: IncomingMessage, url: URL): Caller => {
    tokens.verifyApiKey(url.searchParams.get('api_key'));
    if (req.headers['stream-auth-type'] && req.headers['stream-auth-type'] !== 'jwt') {
      throw new StreamApiError('authenticationFailed', 'anonymous access is not enabled on the local Stream stand-in');
    }
    const caller = tokens.verifyAny(req.headers.authorization);
    if (!caller.server) {
      const user = users.get(caller.userId);
      if (user?.deactivated_at) throw new StreamApiError('notAllowed', `user "${caller.userId}" is deactivated`);
      if (user?.deleted_at) throw new StreamApiError('notAllowed', `user "${caller.userId}" was deleted`);
    }
    return caller.server ? { server: true } : { server: false, userId: caller.userId };
  };

  const requireServer = (caller: Caller) => {
    if (!caller.server) throw new StreamApiError('notAllowed', 'this endpoint is only available with server-side auth');
  };

  const notAllowed = (caller: Caller, action: string, channel: StoredChannel) =>
    new StreamApiError('notAllowed', `User '${caller.server ? 'server' : caller.userId}' with role '${caller.server ? 'admin' : (users.get(caller.userId)?.role ?? 'user')}' is not allowed to perform action ${action} in scope '${channel.type}'`);

  const canRead = (caller: Caller, channel: StoredChannel) => caller.server || Boolean(channel.members[caller.userId]) || channel.created_by_id === caller.userId;

  const requireChannel = (type: string, id: string) => {
    const channel = state.channels[`${type}:${id}`];
    if (!channel) throw new StreamApiError('doesNotExist', `Channel "${type}:${id}" does not exist`);
    return channel;
  };

  const requireMember = (caller: Caller, channel: StoredChannel, action: string) => {
    if (!canRead(caller, channel)) throw notAllowed(caller, action, channel);
  };

  const requireMessage = (id: string) => {
    const message = messageIndex.get(id);
    if (!message || (message.deleted_at && message.type !== 'deleted')) throw new StreamApiError('doesNotExist', `Message with id ${id} does not exist`);
    return message;
  };

  const actingUser = (caller: Caller, given: unknown) => {
    if (!caller.server) return caller.userId;
    const id = typeof given === 'string' ? given : (given as { id?: string } | undefined)?.id;
    if (!id) throw new StreamApiError('inputError', 'either user or user_id must be provided when using server side auth');
    if (!users.get(id)) users.upsert({ id });
    return id;
  };

  // --- events -------------------------------------------------------------------------------------------------
  const channelEvent = (type: string, channel: StoredChannel, extra: Record<string, unknown> = {}) => ({
    type,
    cid: channel.cid,
    channel_id: channel.id,
    channel_type: channel.type,
    created_at: new Date().toISOString(),
    ...extra,
  });

  const watchers = (channel: StoredChannel) => hub.all().filter((c) => c.watching.has(channel.cid) && canRead({ server: false, userId: c.userId }, channel));

  const toWatchers = (channel: StoredChannel, event: Record<string, unknown>) => {
    const list = watchers(channel);
    for (const connection of list) hub.send(connection, { ...event, watcher_count: list.length });
    sendWebhook({ ...event, type: String(event.type) });
  };

  /** message.new to whoever watches; members who do not get notification.message_new; each with their own counts. */
  const deliverNewMessage = (channel: StoredChannel, message: StoredMessage) => {
    const base = channelEvent('message.new', channel, { message: shapes.message(message), message_id: message.id, user: users.response(message.user_id), channel_last_message_at: channel.last_message_at });
    const list = watchers(channel);
    for (const connection of hub.all()) {
      if (!channel.members[connection.userId]) continue;
      const counts = { ...unreadCounts(connection.userId), unread_count: unreadCounts(connection.userId).total_unread_count };
      if (connection.watching.has(channel.cid)) hub.send(connection, { ...base, ...counts, watcher_count: list.length });
      else if (!message.parent_id || message.show_in_channel) hub.send(connection, { ...base, ...counts, type: 'notification.message_new', channel: shapes.channel(channel) });
    }
    sendWebhook({ ...base, type: 'message.new', members: Object.keys(channel.members).map((id) => shapes.member(channel, id)) });
  };

  // --- channels -----------------------------------------------------------------------------------------------
  const distinctId = (members: string[]) => `!members-${createHash('sha256').update([...new Set(members)].sort().join(',')).digest('base64url').slice(0, 43)}`;

  const createChannel = (type: string, id: string, data: Record<string, unknown>, creatorId: string | undefined) => {
    const now = new Date().toISOString();
    const ids = memberIds(data.members);
    const channel: StoredChannel = {
      type,
      id,
      cid: `${type}:${id}`,
      ...(creatorId ? { created_by_id: creatorId } : {}),
      created_at: now,
      updated_at: now,
      frozen: data.frozen === true,
      disabled: false,
      custom: customOf(data, CHANNEL_FIELDS),
      members: {},
      reads: {},
    };
    for (const userId of ids) {
      if (!users.get(userId)) throw new StreamApiError('inputError', `The following users are involved in channel create operation, but don't exist: [${userId}]. Please create the user objects before setting up the channel.`);
      channel.members[userId] = { user_id: userId, role: userId === creatorId ? 'owner' : 'member', channel_role: 'channel_member', created_at: now, updated_at: now };
      channel.reads[userId] = { last_read: now, unread_messages: 0 };
    }
    state.channels[channel.cid] = channel;
    state.messages[channel.cid] = [];
    store.changed();
    return channel;
  };

  const channelMessages = (channel: StoredChannel) => (state.messages[channel.cid] ?? []).filter((m) => !m.parent_id || m.show_in_channel);

  const paginate = (list: StoredMessage[], options: Record<string, unknown> | undefined, defaultLimit = DEFAULT_MESSAGE_LIMIT) => {
    const limit = Math.min(Number(options?.limit ?? defaultLimit), 300);
    const indexOf = (id: unknown) => list.findIndex((m) => m.id === id);
    let slice = list;
    if (options?.id_lt) slice = list.slice(0, Math.max(indexOf(options.id_lt), 0));
    else if (options?.id_lte) slice = list.slice(0, indexOf(options.id_lte) + 1);
    if (options?.id_gt) return slice.slice(indexOf(options.id_gt) + 1).slice(0, limit);
    if (options?.id_gte) return slice.slice(Math.max(indexOf(options.id_gte), 0)).slice(0, limit);
    if (options?.id_around) {
      const at = indexOf(options.id_around);
      const start = Math.max(at - Math.floor(limit / 2), 0);
      return slice.slice(start, start + limit);
    }
    if (options?.created_at_before) slice = slice.filter((m) => m.created_at < String(options.created_at_before));
    if (options?.created_at_before_or_equal) slice = slice.filter((m) => m.created_at <= String(options.created_at_before_or_equal));
    if (options?.created_at_after) return slice.filter((m) => m.created_at > String(options.created_at_after)).slice(0, limit);
    if (options?.created_at_after_or_equal) return slice.filter((m) => m.created_at >= String(options.created_at_after_or_equal)).slice(0, limit);
    return limit > 0 ? slice.slice(-limit) : [];
  };

  const channelState = (channel: StoredChannel, caller: Caller, body: Record<string, unknown>) => {
    const viewer = caller.server ? undefined : caller.userId;
    const members = Object.keys(channel.members);
    return {
      channel: { ...shapes.channel(channel, viewer ?? 'server'), custom: channel.custom },
      messages: paginate(channelMessages(channel), body.messages as Record<string, unknown> | undefined).map((m) => shapes.message(m, viewer)),
      pinned_messages: [],
      members: members.slice(0, Number((body.members as { limit?: number } | undefined)?.limit ?? 100)).map((id) => shapes.member(channel, id)),
      ...(viewer && channel.members[viewer] ? { membership: shapes.member(channel, viewer) } : {}),
      read: shapes.reads(channel),
      watcher_count: watchers(channel).length,
      watchers: [...new Set(watchers(channel).map((c) => c.userId))].map((id) => users.response(id)),
      threads: [],
      hidden: false,
    };
  };

  const watchIfAsked = (request: Request, channel: StoredChannel, body: Record<string, unknown>) => {
    if (body.watch !== true || !request.connection || request.caller.server) return;
    if (request.connection.userId !== request.caller.userId) throw new StreamApiError('notAllowed', 'the connection_id belongs to another user');
    request.connection.watching.add(channel.cid);
  };

  const getOrCreate: Handler = async (request) => {
    const body = await request.body();
    const { type } = request.params as { type: string };
    const data = (body.data as Record<string, unknown> | undefined) ?? {};
    let id = request.params.id;
    const members = memberIds(data.members);
    if (!id) {
      if (!members.length) throw new StreamApiError('inputError', 'When creating a channel without an ID, you must provide a list of members');
      id = distinctId(members);
    }
    let channel = state.channels[`${type}:${id}`];
    if (!channel) {
      const creatorId = request.caller.server ? (typeof data.created_by_id === 'string' ? data.created_by_id : (data.created_by as { id?: string } | undefined)?.id) : request.caller.userId;
      if (!request.caller.server && !members.includes(request.caller.userId) && request.params.id === undefined) {
        throw new StreamApiError('notAllowed', `User '${request.caller.userId}' is not allowed to create a distinct channel they are not a member of`);
      }
      if (creatorId && !users.get(creatorId)) users.upsert({ id: creatorId });
      channel = createChannel(type, id, data, creatorId);
      const event = channelEvent('channel.created', channel, { channel: shapes.channel(channel) });
      sendWebhook(event);
      for (const connection of hub.all()) if (channel.members[connection.userId]) hub.send(connection, { ...event, type: 'notification.added_to_channel', member: shapes.member(channel, connection.userId) });
    }
    requireMember(request.caller, channel, 'ReadChannel');
    watchIfAsked(request, channel, body);
    return channelState(channel, request.caller, body);
  };

  const channelDocument = (channel: StoredChannel) => ({
    ...channel.custom,
    type: channel.type,
    id: channel.id,
    cid: channel.cid,
    frozen: channel.frozen,
    disabled: channel.disabled,
    members: Object.keys(channel.members),
    created_by_id: channel.created_by_id,
    last_message_at: channel.last_message_at,
    created_at: channel.created_at,
    updated_at: channel.updated_at,
    member_count: Object.keys(channel.members).length,
  });

  const queryChannels: Handler = async (request) => {
    const body = await request.body();
    const filter = body.filter_conditions as Filter | undefined;
    const visible = Object.values(state.channels).filter((channel) => canRead(request.caller, channel));
    const matching = visible.filter((channel) => matchesFilter(channelDocument(channel), filter));
    const sort = normaliseSort(body.sort);
    const sorted = sortBy(matching, sort.length ? sort : [{ field: 'last_updated', direction: -1 }], (channel, field) => {
      if (field === 'last_message_at') return channel.last_message_at ?? channel.created_at;
      if (field === 'last_updated') return channel.last_message_at ?? channel.updated_at;
      if (field === 'member_count') return Object.keys(channel.members).length;
      if (field === 'unread_count' && !request.caller.server) return channel.reads[request.caller.userId]?.unread_messages ?? 0;
      return (channel as unknown as Record<string, unknown>)[field] ?? channel.custom[field];
    });
    const offset = Number(body.offset ?? 0);
    const page = sorted.slice(offset, offset + Number(body.limit ?? 10));
    for (const channel of page) watchIfAsked(request, channel, body);
    return { channels: page.map((channel) => channelState(channel, request.caller, { messages: { limit: body.message_limit ?? DEFAULT_MESSAGE_LIMIT }, members: { limit: body.member_limit ?? 100 } })) };
  };

  const updateChannelPartial: Handler = async (request) => {
    const channel = requireChannel(request.params.type!, request.params.id!);
    if (!request.caller.server) {
      requireMember(request.caller, channel, 'UpdateChannel');
      throw notAllowed(request.caller, 'UpdateChannel', channel);
    }
    const body = await request.body();
    const set = (body.set as Record<string, unknown> | undefined) ?? {};
    const unset = (body.unset as string[] | undefined) ?? [];
    for (const [field, value] of Object.entries(set)) {
      if (field === 'frozen') channel.frozen = value === true;
      else if (field === 'disabled') channel.disabled = value === true;
      else if (!CHANNEL_FIELDS.has(field)) channel.custom[field] = value;
    }
    for (const field of unset) delete channel.custom[field];
    channel.updated_at = new Date().toISOString();
    store.changed();
    const event = channelEvent('channel.updated', channel, { channel: shapes.channel(channel) });
    toWatchers(channel, event);
    for (const connection of hub.all()) if (channel.members[connection.userId] && !connection.watching.has(channel.cid)) hub.send(connection, { ...event, type: 'notification.channel_updated' });
    return { channel: { ...shapes.channel(channel), custom: channel.custom }, members: Object.keys(channel.members).map((id) => shapes.member(channel, id)) };
  };

  /** Members in and out (POST on the channel: add_members / remove_members), by the server or the channel's owner. */
  const updateChannel: Handler = async (request) => {
    const channel = requireChannel(request.params.type!, request.params.id!);
    const caller = request.caller;
    if (!caller.server && channel.members[caller.userId]?.role !== 'owner') throw notAllowed(caller, 'UpdateChannelMembers', channel);
    const body = await request.body();
    const now = new Date().toISOString();
    const added = memberIds(body.add_members).filter((id) => !channel.members[id]);
    for (const id of added) if (!users.get(id)) throw new StreamApiError('inputError', `The following users are specified in add_members but don't exist: [${id}]`);
    const removed = ((body.remove_members as string[] | undefined) ?? []).filter((id) => channel.members[id]);
    const data = body.data as Record<string, unknown> | undefined;
    if (data) {
      if (typeof data.frozen === 'boolean') channel.frozen = data.frozen;
      channel.custom = customOf(data, CHANNEL_FIELDS);
    }
    for (const id of added) {
      channel.members[id] = { user_id: id, role: 'member', channel_role: 'channel_member', created_at: now, updated_at: now };
      channel.reads[id] = { last_read: now, unread_messages: 0 };
    }
    const leaving = removed.map((id) => shapes.member(channel, id));
    for (const id of removed) {
      delete channel.members[id];
      delete channel.reads[id];
      for (const connection of hub.all()) if (connection.userId === id) connection.watching.delete(channel.cid);
    }
    channel.updated_at = now;
    store.changed();
    for (const id of added) {
      const member = shapes.member(channel, id);
      toWatchers(channel, channelEvent('member.added', channel, { member, user: users.response(id) }));
      for (const connection of hub.all()) if (connection.userId === id) hub.send(connection, channelEvent('notification.added_to_channel', channel, { channel: shapes.channel(channel), member }));
    }
    for (const member of leaving) {
      toWatchers(channel, channelEvent('member.removed', channel, { member, user: member.user }));
      for (const connection of hub.all()) if (connection.userId === member.user_id) hub.send(connection, channelEvent('notification.removed_from_channel', channel, { channel: shapes.channel(channel), member }));
    }
    if (data) toWatchers(channel, channelEvent('channel.updated', channel, { channel: shapes.channel(channel) }));
    return { channel: { ...shapes.channel(channel), custom: channel.custom }, members: Object.keys(channel.members).map((id) => shapes.member(channel, id)) };
  };

  const stopWatching: Handler = async (request) => {
    const channel = requireChannel(request.params.type!, request.params.id!);
    request.connection?.watching.delete(channel.cid);
    return {};
  };

  // --- messages -----------------------------------------------------------------------------------------------
  const sendMessage: Handler = async (request) => {
    const channel = requireChannel(request.params.type!, request.params.id!);
    const body = await request.body();
    const input = (body.message as Record<string, unknown> | undefined) ?? {};
    const userId = actingUser(request.caller, input.user_id ?? input.user);
    requireMember(request.caller, channel, 'CreateMessage');
    if (!request.caller.server && !channel.members[userId]) throw notAllowed(request.caller, 'CreateMessage', channel);
    const text = typeof input.text === 'string' ? input.text : '';
    const now = new Date().toISOString();
    const id = typeof input.id === 'string' && input.id ? input.id : randomUUID();
    if (channel.frozen && !request.caller.server) {
      // Stream answers a frozen channel's message with an error message, not an HTTP error, and keeps nothing.
      const error: StoredMessage = { id, cid: channel.cid, type: 'error', text: FROZEN_TEXT, user_id: userId, attachments: [], mentioned_user_ids: [], reactions: [], reply_count: 0, thread_participant_ids: [], silent: false, custom: {}, created_at: now, updated_at: now };
      return { message: shapes.message(error, userId) };
    }
    if (messageIndex.has(id)) throw new StreamApiError('inputError', `a message with ID ${id} already exists`);
    if (text.length > MAX_MESSAGE_LENGTH) throw new StreamApiError('inputError', `message is too long (${text.length} > ${MAX_MESSAGE_LENGTH})`);
    const parentId = typeof input.parent_id === 'string' && input.parent_id ? input.parent_id : undefined;
    const parent = parentId ? requireMessage(parentId) : undefined;
    if (parent && parent.cid !== channel.cid) throw new StreamApiError('inputError', `parent message ${parentId} is not in channel ${channel.cid}`);
    if (parent?.parent_id) throw new StreamApiError('multipleNestingLevel', 'Multiple Levels Reply is not supported - the API only supports 1 level deep reply threads');
    const type = input.type === 'system' && request.caller.server ? 'system' : parent ? 'reply' : 'regular';
    const message: StoredMessage = {
      id,
      cid: channel.cid,
      type,
      text,
      user_id: userId,
      ...(parent ? { parent_id: parent.id, show_in_channel: input.show_in_channel === true } : {}),
      ...(typeof input.quoted_message_id === 'string' ? { quoted_message_id: input.quoted_message_id } : {}),
      attachments: Array.isArray(input.attachments) ? (input.attachments as Record<string, unknown>[]) : [],
      mentioned_user_ids: memberIds(input.mentioned_users).filter((mentioned) => channel.members[mentioned]),
      reactions: [],
      reply_count: 0,
      thread_participant_ids: [],
      silent: input.silent === true,
      custom: customOf(input, MESSAGE_FIELDS),
      created_at: now,
      updated_at: now,
    };
    state.messages[channel.cid]!.push(message);
    messageIndex.set(message.id, message);
    const inChannel = !parent || message.show_in_channel;
    if (inChannel) channel.last_message_at = now;
    for (const memberId of Object.keys(channel.members)) {
      const read = (channel.reads[memberId] ??= { last_read: channel.created_at, unread_messages: 0 });
      if (memberId === userId) Object.assign(read, { last_read: now, last_read_message_id: message.id, unread_messages: 0 });
      else if (inChannel && !message.silent) read.unread_messages += 1;
    }
    if (parent) {
      parent.reply_count += 1;
      if (!parent.thread_participant_ids.includes(parent.user_id)) parent.thread_participant_ids.push(parent.user_id);
      if (!parent.thread_participant_ids.includes(userId)) parent.thread_participant_ids.push(userId);
    }
    store.changed();
    deliverNewMessage(channel, message);
    if (parent) toWatchers(channel, channelEvent('message.updated', channel, { message: shapes.message(parent), message_id: parent.id, user: users.response(userId) }));
    return { message: shapes.message(message, request.caller.server ? undefined : userId) };
  };

  const messagesOf = (channel: StoredChannel, ids: string[]) => ids.map((id) => messageIndex.get(id)).filter((m): m is StoredMessage => Boolean(m && m.cid === channel.cid));

  const getManyMessages: Handler = async (request) => {
    const channel = requireChannel(request.params.type!, request.params.id!);
    requireMember(request.caller, channel, 'ReadChannel');
    const ids = (request.url.searchParams.get('ids') ?? '').split(',').filter(Boolean);
    return { messages: messagesOf(channel, ids).map((m) => shapes.message(m, request.caller.server ? undefined : request.caller.userId)) };
  };

  const messageContext = (request: Request, action: string) => {
    const message = requireMessage(request.params.messageId!);
    const channel = state.channels[message.cid]!;
    requireMember(request.caller, channel, action);
    return { message, channel, viewer: request.caller.server ? undefined : request.caller.userId };
  };

  const getMessage: Handler = async (request) => {
    const { message, viewer } = messageContext(request, 'ReadChannel');
    return { message: shapes.message(message, viewer) };
  };

  const applyMessageUpdate = (request: Request, action: string, change: (message: StoredMessage) => void) => {
    const { message, channel, viewer } = messageContext(request, action);
    if (viewer && message.user_id !== viewer) throw notAllowed(request.caller, action, channel);
    if (viewer && channel.frozen) throw notAllowed(request.caller, action, channel);
    change(message);
    message.updated_at = new Date().toISOString();
    store.changed();
    toWatchers(channel, channelEvent('message.updated', channel, { message: shapes.message(message), message_id: message.id, user: users.response(message.user_id) }));
    return { message: shapes.message(message, viewer) };
  };

  const updateMessage: Handler = async (request) => {
    const input = ((await request.body()).message as Record<string, unknown> | undefined) ?? {};
    return applyMessageUpdate(request, 'UpdateMessage', (message) => {
      message.text = typeof input.text === 'string' ? input.text : '';
      message.attachments = Array.isArray(input.attachments) ? (input.attachments as Record<string, unknown>[]) : [];
      message.mentioned_user_ids = memberIds(input.mentioned_users);
      message.custom = customOf(input, MESSAGE_FIELDS);
    });
  };

  const partialUpdateMessage: Handler = async (request) => {
    const body = await request.body();
    return applyMessageUpdate(request, 'UpdateMessage', (message) => {
      for (const [field, value] of Object.entries((body.set as Record<string, unknown> | undefined) ?? {})) {
        if (field === 'text') message.text = String(value);
        else if (field === 'attachments' && Array.isArray(value)) message.attachments = value as Record<string, unknown>[];
        else if (!MESSAGE_FIELDS.has(field)) message.custom[field] = value;
      }
      for (const field of (body.unset as string[] | undefined) ?? []) delete message.custom[field];
    });
  };

  const deleteMessage: Handler = async (request) => {
    const { message, channel, viewer } = messageContext(request, 'DeleteMessage');
    if (viewer && message.user_id !== viewer) throw notAllowed(request.caller, 'DeleteMessage', channel);
    const hard = request.caller.server && request.url.searchParams.get('hard') === 'true';
    const now = new Date().toISOString();
    if (hard) {
      state.messages[channel.cid] = state.messages[channel.cid]!.filter((m) => m.id !== message.id);
      messageIndex.delete(message.id);
    } else {
      Object.assign(message, { type: 'deleted', deleted_at: now, updated_at: now, text: '', attachments: [] });
    }
    store.changed();
    const response = shapes.message(message, viewer);
    toWatchers(channel, channelEvent('message.deleted', channel, { message: response, message_id: message.id, hard_delete: hard, user: users.response(message.user_id) }));
    return { message: response };
  };

  const getReplies: Handler = async (request) => {
    const { message, channel, viewer } = messageContext(request, 'ReadChannel');
    const replies = (state.messages[channel.cid] ?? []).filter((m) => m.parent_id === message.id);
    const options = Object.fromEntries(request.url.searchParams.entries());
    return { messages: paginate(replies, options, 100).map((m) => shapes.message(m, viewer)) };
  };

  // --- reactions ----------------------------------------------------------------------------------------------
  const sendReaction: Handler = async (request) => {
    const body = await request.body();
    const input = (body.reaction as Record<string, unknown> | undefined) ?? {};
    const { message, channel } = messageContext(request, 'CreateReaction');
    const userId = actingUser(request.caller, input.user_id ?? input.user ?? body.user_id);
    if (channel.frozen && !request.caller.server) throw notAllowed(request.caller, 'CreateReaction', channel);
    if (typeof input.type !== 'string' || !input.type) throw new StreamApiError('inputError', 'reaction.type is a required field');
    const now = new Date().toISOString();
    if (body.enforce_unique === true) message.reactions = message.reactions.filter((r) => r.user_id !== userId);
    const existing = message.reactions.find((r) => r.user_id === userId && r.type === input.type);
    const reaction = existing ?? { message_id: message.id, user_id: userId, type: input.type, score: 1, created_at: now, updated_at: now };
    if (typeof input.score === 'number') reaction.score = input.score;
    reaction.updated_at = now;
    if (!existing) message.reactions.push(reaction);
    store.changed();
    const shaped = shapes.reaction(reaction);
    toWatchers(channel, channelEvent(existing ? 'reaction.updated' : 'reaction.new', channel, { message: shapes.message(message), reaction: shaped, user: users.response(userId) }));
    return { message: shapes.message(message, userId), reaction: shaped };
  };

  const deleteReaction: Handler = async (request) => {
    const { message, channel } = messageContext(request, 'DeleteReaction');
    const userId = actingUser(request.caller, request.url.searchParams.get('user_id') ?? undefined);
    if (channel.frozen && !request.caller.server) throw notAllowed(request.caller, 'DeleteReaction', channel);
    const reaction = message.reactions.find((r) => r.user_id === userId && r.type === request.params.reactionType);
    if (!reaction) throw new StreamApiError('doesNotExist', `reaction of type "${request.params.reactionType}" does not exist`);
    message.reactions = message.reactions.filter((r) => r !== reaction);
    store.changed();
    const shaped = shapes.reaction(reaction);
    toWatchers(channel, channelEvent('reaction.deleted', channel, { message: shapes.message(message), reaction: shaped, user: users.response(userId) }));
    return { message: shapes.message(message, userId), reaction: shaped };
  };

  const getReactions: Handler = async (request) => {
    const { message } = messageContext(request, 'ReadChannel');
    return { reactions: [...message.reactions].reverse().map(shapes.reaction) };
  };

  // --- typing, read state -------------------------------------------------------------------------------------
  const sendEvent: Handler = async (request) => {
    const channel = requireChannel(request.params.type!, request.params.id!);
    requireMember(request.caller, channel, 'SendCustomEvent');
    const input = ((await request.body()).event as Record<string, unknown> | undefined) ?? {};
    const userId = actingUser(request.caller, input.user_id ?? input.user);
    if (typeof input.type !== 'string' || !input.type) throw new StreamApiError('inputError', 'event.type is a required field');
    const event = channelEvent(input.type, channel, { ...input, type: input.type, user: users.response(userId), ...(input.parent_id ? { parent_id: input.parent_id } : {}) });
    toWatchers(channel, event);
    return { event };
  };

  const markRead: Handler = async (request) => {
    const channel = requireChannel(request.params.type!, request.params.id!);
    requireMember(request.caller, channel, 'ReadChannel');
    const body = await request.body();
    const userId = actingUser(request.caller, body.user_id ?? body.user);
    const now = new Date().toISOString();
    if (body.thread_id) return { event: channelEvent('message.read', channel, { user: users.response(userId), thread: { parent_message_id: body.thread_id } }) };
    const last = channelMessages(channel).at(-1);
    const lastReadId = typeof body.message_id === 'string' ? body.message_id : last?.id;
    if (channel.members[userId]) channel.reads[userId] = { last_read: now, unread_messages: 0, ...(lastReadId ? { last_read_message_id: lastReadId } : {}) };
    store.changed();
    const event = channelEvent('message.read', channel, { user: users.response(userId), created_at: now, ...(lastReadId ? { last_read_message_id: lastReadId } : {}), channel_last_message_at: channel.last_message_at });
    toWatchers(channel, event);
    for (const connection of hub.all()) {
      if (connection.userId === userId) hub.send(connection, { ...event, type: 'notification.mark_read', ...unreadCounts(userId), unread_count: 0 });
    }
    return { event };
  };

  /** "Mark as unread" from a message: it and everything after it count again; the member's own sockets are told. */
  const markUnread: Handler = async (request) => {
    const channel = requireChannel(request.params.type!, request.params.id!);
    requireMember(request.caller, channel, 'ReadChannel');
    const body = await request.body();
    const userId = actingUser(request.caller, body.user_id ?? body.user);
    if (!channel.members[userId]) throw notAllowed(request.caller, 'ReadChannel', channel);
    const list = channelMessages(channel);
    const at = list.findIndex((m) => m.id === body.message_id);
    if (at < 0) throw new StreamApiError('inputError', `message ${String(body.message_id)} is not in channel ${channel.cid}`);
    const previous = list[at - 1];
    const unread = list.slice(at).filter((m) => m.user_id !== userId).length;
    const lastRead = previous?.created_at ?? channel.created_at;
    channel.reads[userId] = { last_read: lastRead, unread_messages: unread, ...(previous ? { last_read_message_id: previous.id } : {}) };
    store.changed();
    const event = channelEvent('notification.mark_unread', channel, {
      user: users.response(userId),
      first_unread_message_id: list[at]!.id,
      last_read_at: lastRead,
      ...(previous ? { last_read_message_id: previous.id } : {}),
      unread_messages: unread,
      ...unreadCounts(userId),
      unread_count: unread,
    });
    for (const connection of hub.all()) if (connection.userId === userId) hub.send(connection, event);
    return {};
  };

  const markAllRead: Handler = async (request) => {
    const body = await request.body();
    const userId = actingUser(request.caller, body.user_id ?? body.user);
    const now = new Date().toISOString();
    for (const channel of Object.values(state.channels)) if (channel.members[userId]) channel.reads[userId] = { last_read: now, unread_messages: 0 };
    store.changed();
    const event = { type: 'notification.mark_read', user: users.response(userId), created_at: now, total_unread_count: 0, unread_channels: 0, unread_count: 0 };
    for (const connection of hub.all()) if (connection.userId === userId) hub.send(connection, event);
    return { event };
  };

  const getUnread: Handler = async (request) => {
    if (request.caller.server) throw new StreamApiError('inputError', 'GetUnreadCount needs a user token');
    const { userId } = request.caller;
    const channels = Object.values(state.channels)
      .filter((c) => c.members[userId])
      .map((c) => ({ channel_id: c.cid, unread_count: c.reads[userId]?.unread_messages ?? 0, last_read: c.reads[userId]?.last_read }));
    const counts = unreadCounts(userId);
    return { total_unread_count: counts.total_unread_count, total_unread_threads_count: 0, channels, channel_type: [], threads: [], total_unread_count_by_team: {} };
  };

  // --- uploads ------------------------------------------------------------------------------------------------
  const upload: Handler = async (request) => {
    const channel = requireChannel(request.params.type!, request.params.id!);
    requireMember(request.caller, channel, 'UploadAttachment');
    if (channel.frozen && !request.caller.server) throw notAllowed(request.caller, 'UploadAttachment', channel);
    const contentType = request.req.headers['content-type'] ?? '';
    const form = await new Response(new Uint8Array(await readBody(request.req, 100 * 1024 * 1024)), { headers: { 'content-type': contentType } }).formData().catch(() => {
      throw new StreamApiError('inputError', 'the upload must be multipart/form-data with a "file" field');
    });
    const file = form.get('file');
    if (!file || typeof file === 'string') throw new StreamApiError('inputError', 'the upload must be multipart/form-data with a "file" field');
    const key = `${channel.type}/${channel.id}/${randomUUID()}/${encodeURIComponent(file.name || 'file')}`;
    await s3.put(key, new Uint8Array(await file.arrayBuffer()), file.type || 'application/octet-stream');
    const fileUrl = `${publicBaseUrl}/attachments/${key}`;
    return { file: fileUrl, ...(request.params.kind === 'image' ? { thumb_url: fileUrl } : {}) };
  };

  const serveAttachment = async (res: ServerResponse, key: string) => {
    const object = /^[\w!-]+\/[\w!-]+\/[\w-]+\/[^/]+$/.test(key) ? await s3.get(key) : undefined;
    if (!object) {
      res.writeHead(404, { ...corsHeaders, 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    res.writeHead(200, { ...corsHeaders, 'content-type': object.contentType, 'content-length': object.body.length, 'cache-control': 'private, max-age=3600' });
    res.end(object.body);
  };

  /** Message search (stream-chat's MessageSearchSource): the channels the caller may read that match, their messages that match. */
  const search: Handler = async (request) => {
    const payload = JSON.parse(request.url.searchParams.get('payload') ?? '{}') as { filter_conditions?: Filter; message_filter_conditions?: Filter; query?: string; limit?: number; offset?: number };
    const viewer = request.caller.server ? undefined : request.caller.userId;
    const channels = Object.values(state.channels).filter((channel) => canRead(request.caller, channel) && matchesFilter(channelDocument(channel), payload.filter_conditions));
    const messageFilter = payload.message_filter_conditions ?? (payload.query ? { text: { $q: payload.query } } : undefined);
    const found = channels
      .flatMap((channel) => (state.messages[channel.cid] ?? []).filter((m) => m.type !== 'deleted' && matchesFilter({ ...m.custom, id: m.id, text: m.text, type: m.type, user_id: m.user_id, parent_id: m.parent_id, created_at: m.created_at }, messageFilter)))
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
    const offset = Number(payload.offset ?? 0);
    return { results: found.slice(offset, offset + Number(payload.limit ?? 20)).map((m) => ({ message: { ...shapes.message(m, viewer), channel: shapes.channel(state.channels[m.cid]!, viewer) } })) };
  };

  // --- users --------------------------------------------------------------------------------------------------
  const queryUsers: Handler = async (request) => {
    const payload = JSON.parse(request.url.searchParams.get('payload') ?? '{}') as { filter_conditions?: Filter; sort?: unknown; limit?: number; offset?: number; include_deactivated_users?: boolean };
    const matching = users
      .list()
      .filter((user) => !user.deleted_at && (payload.include_deactivated_users || !user.deactivated_at))
      .filter((user) => matchesFilter({ ...user.custom, id: user.id, name: user.name, role: user.role, teams: user.teams ?? [], created_at: user.created_at, last_active: user.last_active }, payload.filter_conditions));
    const sort = normaliseSort(payload.sort);
    const sorted = sortBy(matching, sort.length ? sort : [{ field: 'created_at', direction: -1 }], (user, field) => (user as unknown as Record<string, unknown>)[field] ?? user.custom[field]);
    const offset = Number(payload.offset ?? 0);
    return { users: sorted.slice(offset, offset + Number(payload.limit ?? 30)).map((user) => users.response(user)) };
  };

  const upsertUsers: Handler = async (request) => {
    const body = await request.body();
    const input = body.users;
    const list = (Array.isArray(input) ? input : Object.values((input as Record<string, UserInput> | undefined) ?? {})) as UserInput[];
    if (!request.caller.server && list.some((user) => user.id !== (request.caller as { userId: string }).userId || user.role)) {
      throw new StreamApiError('notAllowed', 'a user may only update their own user, and not its role');
    }
    const answered: Record<string, unknown> = {};
    for (const user of list) answered[user.id] = users.response(users.upsert(user));
    return { users: answered };
  };

  const partialUpdateUsers: Handler = async (request) => {
    requireServer(request.caller);
    const body = await request.body();
    const answered: Record<string, unknown> = {};
    for (const change of (body.users as { id: string; set?: Record<string, unknown>; unset?: string[] }[] | undefined) ?? []) {
      answered[change.id] = users.response(users.partialUpdate(change.id, change));
    }
    return { users: answered };
  };

  const deactivateUser: Handler = async (request) => {
    requireServer(request.caller);
    const user = users.deactivate(request.params.userId!);
    hub.disconnectUser(user.id, 'user deactivated');
    sendWebhook({ type: 'user.deactivated', user: users.response(user), created_at: new Date().toISOString() });
    return { user: users.response(user) };
  };

  const reactivateUser: Handler = async (request) => {
    requireServer(request.caller);
    const user = users.reactivate(request.params.userId!);
    sendWebhook({ type: 'user.reactivated', user: users.response(user), created_at: new Date().toISOString() });
    return { user: users.response(user) };
  };

  const deleteUsers: Handler = async (request) => {
    requireServer(request.caller);
    const body = await request.body();
    const ids = (body.user_ids as string[] | undefined) ?? [];
    const userMode = (body.user as 'soft' | 'pruning' | 'hard' | undefined) ?? 'soft';
    const messageMode = body.messages as 'soft' | 'pruning' | 'hard' | undefined;
    const now = new Date().toISOString();
    for (const id of ids) {
      hub.disconnectUser(id, 'user deleted');
      if (messageMode) {
        for (const message of messageIndex.values()) {
          if (message.user_id === id && message.type !== 'deleted') Object.assign(message, { type: 'deleted', deleted_at: now, updated_at: now, text: '', attachments: [] });
        }
      }
      users.delete(id, userMode);
    }
    store.changed();
    const taskId = randomUUID();
    tasks.set(taskId, { task_id: taskId, status: 'completed', created_at: now, updated_at: now, result: Object.fromEntries(ids.map((id) => [id, { status: 'ok' }])) });
    return { task_id: taskId };
  };

  const getTask: Handler = async (request) => {
    requireServer(request.caller);
    const task = tasks.get(request.params.taskId!);
    if (!task) throw new StreamApiError('doesNotExist', `task ${request.params.taskId} does not exist`);
    return task;
  };

  const appSettings: Handler = async () => {
    const uploads = { allowed_file_extensions: [], blocked_file_extensions: [], allowed_mime_types: [], blocked_mime_types: [], size_limit: 100 * 1024 * 1024 };
    return {
      app: {
        name: 'local Stream stand-in',
        organization: 'local',
        file_upload_config: uploads,
        image_upload_config: uploads,
        disable_permissions_checks: false,
        disable_auth_checks: false,
        multi_tenant_enabled: false,
        permission_version: 'v2',
        auto_translation_enabled: false,
        enforce_unique_usernames: 'no',
        reminders_interval: 0,
        polls_enabled: false,
        push_notifications: { version: 'v3', offline_only: false, providers: [] },
        policies: {},
        grants: {},
        call_types: {},
        channel_configs: {},
      },
    };
  };

  // --- routing ------------------------------------------------------------------------------------------------
  const routes: Route[] = [];
  const route = (method: string, path: string, endpoint: string, handler: Handler) => {
    const names: string[] = [];
    const pattern = new RegExp(`^${path.replace(/:(\w+)(\([^)]*\))?/g, (_, name: string, only?: string) => (names.push(name), only ?? '([^/]+)'))}$`);
    routes.push({ method, pattern, names, endpoint, handler });
  };
  // The browser client (stream-chat) uses the bare paths, the node SDK the /api/v2/chat ones; both reach the same code.
  for (const prefix of ['', '/api/v2/chat']) {
    route('POST', `${prefix}/channels`, 'QueryChannels', queryChannels);
    route('POST', `${prefix}/channels/:type/query`, 'GetOrCreateChannel', getOrCreate);
    route('POST', `${prefix}/channels/:type/:id/query`, 'GetOrCreateChannel', getOrCreate);
    route('PATCH', `${prefix}/channels/:type/:id`, 'UpdateChannelPartial', updateChannelPartial);
    route('POST', `${prefix}/channels/:type/:id`, 'UpdateChannel', updateChannel);
    route('POST', `${prefix}/channels/:type/:id/stop-watching`, 'StopWatchingChannel', stopWatching);
    route('POST', `${prefix}/channels/:type/:id/message`, 'SendMessage', sendMessage);
    route('GET', `${prefix}/channels/:type/:id/messages`, 'GetManyMessages', getManyMessages);
    route('POST', `${prefix}/channels/:type/:id/event`, 'SendEvent', sendEvent);
    route('POST', `${prefix}/channels/:type/:id/read`, 'MarkRead', markRead);
    route('POST', `${prefix}/channels/:type/:id/unread`, 'MarkUnread', markUnread);
    route('POST', `${prefix}/channels/read`, 'MarkAllRead', markAllRead);
    route('POST', `${prefix}/channels/:type/:id/:kind(file|image)`, 'UploadFile', upload);
    route('DELETE', `${prefix}/channels/:type/:id/:kind(file|image)`, 'DeleteFile', async () => ({}));
    route('GET', `${prefix}/messages/:messageId`, 'GetMessage', getMessage);
    route('POST', `${prefix}/messages/:messageId`, 'UpdateMessage', updateMessage);
    route('PUT', `${prefix}/messages/:messageId`, 'UpdateMessagePartial', partialUpdateMessage);
    route('DELETE', `${prefix}/messages/:messageId`, 'DeleteMessage', deleteMessage);
    route('GET', `${prefix}/messages/:messageId/replies`, 'GetReplies', getReplies);
    route('POST', `${prefix}/messages/:messageId/reaction`, 'SendReaction', sendReaction);
    route('DELETE', `${prefix}/messages/:messageId/reaction/:reactionType`, 'DeleteReaction', deleteReaction);
    route('GET', `${prefix}/messages/:messageId/reactions`, 'GetReactions', getReactions);
    route('GET', `${prefix}/unread`, 'UnreadCounts', getUnread);
    route('GET', `${prefix}/search`, 'Search', search);
  }
  for (const prefix of ['', '/api/v2']) {
    route('GET', `${prefix}/users`, 'QueryUsers', queryUsers);
    route('POST', `${prefix}/users`, 'UpdateUsers', upsertUsers);
    route('PATCH', `${prefix}/users`, 'UpdateUsersPartial', partialUpdateUsers);
    route('POST', `${prefix}/users/:userId/deactivate`, 'DeactivateUser', deactivateUser);
    route('POST', `${prefix}/users/:userId/reactivate`, 'ReactivateUser', reactivateUser);
    route('POST', `${prefix}/users/delete`, 'DeleteUsers', deleteUsers);
    route('GET', `${prefix}/app`, 'GetApp', appSettings);
  }
  route('GET', '/api/v2/tasks/:taskId', 'GetTask', getTask);

  return {
    async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
      if (req.method === 'GET' && url.pathname.startsWith('/attachments/')) {
        await serveAttachment(res, decodeURIComponent(url.pathname.slice('/attachments/'.length)));
        return true;
      }
      // Fixed words win over parameters (/channels/read, /users/delete).
      const candidates = routes.filter((r) => r.method === req.method && r.pattern.test(url.pathname));
      const found = candidates.find((r) => r.names.length === 0) ?? candidates[0];
      if (!found) return false;
      const startedAt = performance.now();
      const match = found.pattern.exec(url.pathname)!;
      const params = Object.fromEntries(found.names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
      try {
        const caller = authenticate(req, url);
        let body: Promise<Record<string, unknown>> | undefined;
        const result = await found.handler({ req, url, params, caller, connection: hub.get(url.searchParams.get('connection_id')), body: () => (body ??= readJson(req)) });
        sendJson(res, found.endpoint === 'SendMessage' || found.endpoint === 'SendReaction' ? 201 : 200, { ...result, duration: duration(startedAt) });
      } catch (error) {
        if (!(error instanceof StreamApiError)) throw error;
        sendError(res, error, found.endpoint);
      }
      return true;
    },
    upgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => hub.upgrade(req, socket, head),
    async close() {
      hub.close();
      store.flush();
    },
  };
};
