import type { IncomingMessage } from 'node:http';
import type { AttachmentStorage } from '../attachments';
import { StreamApiError } from '../errors';
import type { TokenVerifier } from '../tokens';
import type { StreamUsers } from '../users';
import type { StreamWebhookEvent } from '../webhooks';
import { createChatHub, type ChatConnection } from './hub';
import { createShapes } from './shapes';
import { activeMutes, chatState, type StoredChannel, type StoredMessage } from './state';

export type Caller = { server: true } | { server: false; userId: string };

export interface Request {
  req: IncomingMessage;
  url: URL;
  params: Record<string, string>;
  caller: Caller;
  /** The caller's socket, when the request names one (connection_id): watching is per connection. */
  connection?: ChatConnection;
  body: () => Promise<Record<string, unknown>>;
}

export type Handler = (request: Request) => Promise<Record<string, unknown>>;

export const MAX_MESSAGE_LENGTH = 5000;
export const DEFAULT_MESSAGE_LIMIT = 25;
export const FROZEN_TEXT = 'Sorry, this channel has been frozen by the admin';
/** Fields of a message or channel that are Stream's own; anything else is custom data. */
export const MESSAGE_FIELDS = new Set(['id', 'text', 'html', 'type', 'user', 'user_id', 'parent_id', 'show_in_channel', 'quoted_message_id', 'attachments', 'mentioned_users', 'silent', 'cid', 'created_at', 'updated_at', 'deleted_at', 'reaction_counts', 'reaction_scores', 'reaction_groups', 'latest_reactions', 'own_reactions', 'reply_count', 'status', 'pinned', 'pinned_at', 'pin_expires', 'pinned_by', 'shadowed', 'thread_participants', 'quoted_message', 'restricted_visibility', 'deleted_reply_count', 'custom', 'poll_id']);
export const CHANNEL_FIELDS = new Set(['id', 'type', 'cid', 'members', 'created_by', 'created_by_id', 'frozen', 'disabled', 'custom', 'config', 'own_capabilities', 'member_count', 'created_at', 'updated_at', 'last_message_at', 'team']);

export const customOf = (input: Record<string, unknown>, own: Set<string>) => {
  const custom: Record<string, unknown> = { ...((input.custom as Record<string, unknown> | undefined) ?? {}) };
  for (const [field, value] of Object.entries(input)) if (!own.has(field)) custom[field] = value;
  return custom;
};

export const memberIds = (members: unknown): string[] =>
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
 * What the chat routes share: the state (channels, messages, users), the sockets, and the checks and events every
 * route makes the same way (who may read a channel, who acts, what the watchers and members are told).
 */
export const createChatContext = ({ tokens, users, sendWebhook, dataDir, publicBaseUrl, s3, log }: ChatStandInDeps) => {
  const store = chatState(dataDir);
  const { state } = store;
  const messageIndex = new Map<string, StoredMessage>();
  for (const list of Object.values(state.messages)) for (const message of list) messageIndex.set(message.id, message);
  const shapes = createShapes(users, (id) => messageIndex.get(id), (id) => state.polls[id]);

  const mutedChannel = (userId: string, cid: string) => activeMutes(state.channelMutes[userId]).some((mute) => mute.target === cid);
  const tasks = new Map<string, Record<string, unknown>>();

  // A muted channel counts nothing towards the member's totals, as on Stream.
  const unreadCounts = (userId: string) => {
    let total = 0;
    let channels = 0;
    for (const channel of Object.values(state.channels)) {
      const unread = channel.members[userId] && !mutedChannel(userId, channel.cid) ? (channel.reads[userId]?.unread_messages ?? 0) : 0;
      total += unread;
      if (unread) channels += 1;
    }
    return { total_unread_count: total, unread_count: total, unread_channels: channels, unread_threads: 0 };
  };

  const channelMutes = (userId: string) =>
    activeMutes(state.channelMutes[userId])
      .filter((mute) => state.channels[mute.target])
      .map((mute) => ({ user: users.response(userId), channel: shapes.channel(state.channels[mute.target]!), created_at: mute.created_at, updated_at: mute.updated_at, ...(mute.expires ? { expires: mute.expires } : {}) }));

  const userMutes = (userId: string) =>
    activeMutes(state.userMutes[userId]).map((mute) => ({ user: users.response(userId), target: users.response(mute.target), created_at: mute.created_at, updated_at: mute.updated_at, ...(mute.expires ? { expires: mute.expires } : {}) }));

  /** OwnUserResponse: what `me` carries on connect, and what mute answers give back. */
  const ownUser = (userId: string) => ({ ...users.response(userId), ...unreadCounts(userId), channel_mutes: channelMutes(userId), mutes: userMutes(userId), devices: [], total_unread_count_by_team: {}, blocked_user_ids: [] });

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
    me: (userId) => ownUser(userId),
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
    if (!message || (message.deleted_at && message.type !== 'deleted')) throw new StreamApiError('doesNotExist', `message with id ${id} doesn't exist`); // Stream's words
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

  /** Stream's webhooks give each member (and the event's user) their unread counts, this channel's and in all. */
  const webhookUser = (channel: StoredChannel, userId: string) => {
    const counts = unreadCounts(userId);
    const read = channel.reads[userId];
    return {
      ...users.response(userId),
      total_unread_count: counts.total_unread_count,
      unread_channels: counts.unread_channels,
      ...(read ? { channel_last_read_at: read.last_read } : {}),
      channel_unread_count: mutedChannel(userId, channel.cid) ? 0 : (read?.unread_messages ?? 0),
    };
  };

  /** The channel's members as message and channel webhooks list them (the first 50, each with their counts). */
  const webhookMembers = (channel: StoredChannel) =>
    Object.keys(channel.members)
      .slice(0, 50)
      .map((id) => ({ ...shapes.member(channel, id), user: webhookUser(channel, id) }));

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
    sendWebhook({ ...base, type: 'message.new', user: webhookUser(channel, message.user_id), members: webhookMembers(channel) });
  };

  /** A channel's messages since it was last truncated (a soft truncation keeps the older ones, out of every list). */
  const sinceTruncation = (channel: StoredChannel) => (state.messages[channel.cid] ?? []).filter((m) => !channel.truncated_at || m.created_at > channel.truncated_at);

  const channelMessages = (channel: StoredChannel) => sinceTruncation(channel).filter((m) => !m.parent_id || m.show_in_channel);

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

  /** What channel filters match; `hidden` and `muted` are the viewer's own (a server query names its user_id). */
  const channelDocument = (channel: StoredChannel, viewer?: string) => ({
    ...(viewer ? { hidden: Boolean(channel.hidden_by?.includes(viewer)), muted: mutedChannel(viewer, channel.cid) } : {}),
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

  const messageContext = (request: Request, action: string) => {
    const message = requireMessage(request.params.messageId!);
    const channel = state.channels[message.cid]!;
    requireMember(request.caller, channel, action);
    return { message, channel, viewer: request.caller.server ? undefined : request.caller.userId };
  };

  return {
    store,
    state,
    messageIndex,
    shapes,
    tasks,
    unreadCounts,
    mutedChannel,
    channelMutes,
    userMutes,
    ownUser,
    hub,
    users,
    sendWebhook,
    publicBaseUrl,
    s3,
    log,
    authenticate,
    requireServer,
    notAllowed,
    canRead,
    requireChannel,
    requireMember,
    requireMessage,
    actingUser,
    channelEvent,
    watchers,
    toWatchers,
    deliverNewMessage,
    webhookUser,
    webhookMembers,
    sinceTruncation,
    channelMessages,
    paginate,
    channelDocument,
    messageContext,
  };
};

export type ChatContext = ReturnType<typeof createChatContext>;
