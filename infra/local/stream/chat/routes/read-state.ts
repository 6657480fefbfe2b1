import { StreamApiError } from '../../errors';
import { type ChatContext, type Handler } from '../context';

/** Typing and other channel events, read state: mark read, mark unread from a message, mark all read, unread counts. */
export const readStateRoutes = (ctx: ChatContext) => {
  const { store, state, unreadCounts, hub, users, sendWebhook, webhookUser, webhookMembers, notAllowed, requireChannel, requireMember, actingUser, channelEvent, toWatchers, watchers, channelMessages } = ctx;

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
    const list = watchers(channel);
    for (const connection of list) hub.send(connection, { ...event, watcher_count: list.length });
    sendWebhook({ ...event, user: webhookUser(channel, userId), members: webhookMembers(channel) });
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

  return { sendEvent, markRead, markUnread, markAllRead, getUnread };
};
