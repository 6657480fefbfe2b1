import { randomUUID } from 'node:crypto';
import { StreamApiError } from '../../errors';
import { matchesFilter, normaliseSort, sortBy, type Filter } from '../../filters';
import type { StoredChannel } from '../state';
import { type Caller, type ChatContext, type Handler, type Request } from '../context';

/**
 * A channel's life past its messages: hiding and showing it (per user), truncating it, deleting it, and querying its
 * members. Truncating and deleting are the server's or the channel's owner's (its creator), as on Stream's messaging
 * type; hiding is the member's own.
 */
export const channelLifecycleRoutes = (ctx: ChatContext) => {
  const { store, state, messageIndex, shapes, hub, users, sendWebhook, notAllowed, canRead, requireChannel, requireMember, actingUser, channelEvent, toWatchers, deliverNewMessage } = ctx;

  const requireOwner = (caller: Caller, channel: StoredChannel, action: string) => {
    requireMember(caller, channel, action);
    if (!caller.server && channel.created_by_id !== caller.userId && channel.members[caller.userId]?.role !== 'owner') throw notAllowed(caller, action, channel);
  };

  /** Tells the user's own sockets (hidden and visible are theirs alone). */
  const toUser = (userId: string, event: Record<string, unknown>) => {
    for (const connection of hub.all()) if (connection.userId === userId) hub.send(connection, event);
  };

  /** Hiding and showing: the channel, and whose list it is (the caller, or the user a server call names). */
  const listOwner = async (request: Request) => {
    const channel = requireChannel(request.params.type!, request.params.id!);
    requireMember(request.caller, channel, 'ReadChannel');
    const body = await request.body();
    return { channel, body, userId: actingUser(request.caller, body.user_id ?? body.user) };
  };

  const hide: Handler = async (request) => {
    const { channel, body, userId } = await listOwner(request);
    if (!channel.members[userId] && channel.created_by_id !== userId) throw notAllowed(request.caller, 'ReadChannel', channel);
    if (body.clear_history === true) throw new StreamApiError('featureNotSupported', 'hiding a channel with clear_history is not imitated by the local Stream stand-in');
    channel.hidden_by = [...new Set([...(channel.hidden_by ?? []), userId])];
    store.changed();
    const event = channelEvent('channel.hidden', channel, { user: users.response(userId), clear_history: false, channel: shapes.channel(channel, userId) });
    toUser(userId, event);
    sendWebhook(event);
    return {};
  };

  const show: Handler = async (request) => {
    const { channel, userId } = await listOwner(request);
    channel.hidden_by = (channel.hidden_by ?? []).filter((id) => id !== userId);
    store.changed();
    const event = channelEvent('channel.visible', channel, { user: users.response(userId) });
    toUser(userId, event);
    sendWebhook(event);
    return {};
  };

  /**
   * Empties the channel up to now (or `truncated_at`): its lists start after it, and `hard_delete` removes those
   * messages for good (otherwise they are kept, out of every list, as Stream keeps them); the unread counts start again.
   */
  const truncate: Handler = async (request) => {
    const channel = requireChannel(request.params.type!, request.params.id!);
    requireOwner(request.caller, channel, 'TruncateChannel');
    const body = await request.body();
    const now = new Date().toISOString();
    const until = typeof body.truncated_at === 'string' ? new Date(body.truncated_at).toISOString() : now;
    if (body.hard_delete === true) {
      for (const message of state.messages[channel.cid] ?? []) if (message.created_at <= until) messageIndex.delete(message.id);
      state.messages[channel.cid] = (state.messages[channel.cid] ?? []).filter((message) => message.created_at > until);
    }
    channel.truncated_at = until;
    channel.updated_at = now;
    const last = ctx.channelMessages(channel).at(-1);
    if (last) channel.last_message_at = last.created_at;
    else delete channel.last_message_at;
    for (const read of Object.values(channel.reads)) read.unread_messages = 0;
    store.changed();
    toWatchers(channel, channelEvent('channel.truncated', channel, { channel: shapes.channel(channel), ...(request.caller.server ? {} : { user: users.response(request.caller.userId) }) }));
    const input = body.message as Record<string, unknown> | undefined;
    if (!input) return { channel: shapes.channel(channel) };
    // The note Stream leaves in the channel ("The channel was truncated"): a system message of the one who truncated.
    // It comes after the truncation, even within the same millisecond, or the truncation would hide it too.
    const at = new Date(Math.max(Date.now(), Date.parse(until) + 1)).toISOString();
    const message = { id: randomUUID(), cid: channel.cid, type: 'system' as const, text: typeof input.text === 'string' ? input.text : '', user_id: actingUser(request.caller, input.user_id ?? input.user ?? body.user_id ?? body.user), attachments: [], mentioned_user_ids: [], reactions: [], reply_count: 0, thread_participant_ids: [], silent: false, custom: {}, created_at: at, updated_at: at };
    state.messages[channel.cid]!.push(message);
    messageIndex.set(message.id, message);
    channel.last_message_at = at;
    store.changed();
    deliverNewMessage(channel, message);
    return { channel: shapes.channel(channel), message: shapes.message(message) };
  };

  /** Deleting a channel takes it, its messages and its members' read state away; watchers and members are told. */
  const deleteChannel: Handler = async (request) => {
    const channel = requireChannel(request.params.type!, request.params.id!);
    requireOwner(request.caller, channel, 'DeleteChannel');
    const now = new Date().toISOString();
    const answer = { ...shapes.channel(channel), deleted_at: now };
    const event = channelEvent('channel.deleted', channel, { channel: answer });
    const told = new Set(ctx.watchers(channel).map((c) => c.id));
    toWatchers(channel, event);
    for (const connection of hub.all()) {
      if (channel.members[connection.userId] && !told.has(connection.id)) hub.send(connection, { ...event, type: 'notification.channel_deleted' });
      connection.watching.delete(channel.cid);
    }
    for (const message of state.messages[channel.cid] ?? []) messageIndex.delete(message.id);
    delete state.messages[channel.cid];
    delete state.channels[channel.cid];
    store.changed();
    return { channel: answer };
  };

  /** GET /members?payload={type, id, filter_conditions, sort, limit, offset}: the channel's members, filtered as users are. */
  const queryMembers: Handler = async (request) => {
    const payload = JSON.parse(request.url.searchParams.get('payload') ?? '{}') as { type?: string; id?: string; filter_conditions?: Filter; sort?: unknown; limit?: number; offset?: number };
    if (!payload.type || !payload.id) throw new StreamApiError('inputError', 'payload.type and payload.id are required fields');
    const channel = requireChannel(payload.type, payload.id);
    if (!canRead(request.caller, channel)) throw notAllowed(request.caller, 'ReadChannel', channel);
    const members = Object.keys(channel.members).map((id) => shapes.member(channel, id));
    const document = (member: (typeof members)[number]) => {
      const user = users.get(member.user_id);
      return { ...user?.custom, id: member.user_id, user_id: member.user_id, name: user?.name, role: member.role, channel_role: member.channel_role, created_at: member.created_at, updated_at: member.updated_at, banned: false, invite: 'member', joined: true, is_moderator: false };
    };
    const matching = members.filter((member) => matchesFilter(document(member), payload.filter_conditions));
    const sort = normaliseSort(payload.sort);
    const sorted = sortBy(matching, sort.length ? sort : [{ field: 'created_at', direction: 1 }], (member, field) => document(member)[field as keyof ReturnType<typeof document>]);
    const offset = Number(payload.offset ?? 0);
    return { members: sorted.slice(offset, offset + Number(payload.limit ?? 100)) };
  };

  return { hide, show, truncate, deleteChannel, queryMembers };
};
