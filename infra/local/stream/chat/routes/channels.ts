import { createHash } from 'node:crypto';
import { StreamApiError } from '../../errors';
import { matchesFilter, normaliseSort, sortBy, type Filter } from '../../filters';
import type { StoredChannel } from '../state';
import { CHANNEL_FIELDS, DEFAULT_MESSAGE_LIMIT, customOf, memberIds, type ChatContext, type Caller, type Handler, type Request } from '../context';

const NOT_IMITATED_CHANNEL_UPDATES = ['add_moderators', 'demote_moderators', 'invites', 'accept_invite', 'reject_invite', 'add_filter_tags', 'remove_filter_tags', 'assign_roles'];

/** Channels: get-or-create (a distinct channel by its members), query, the server's updates (freeze, custom data, members), stop watching. */
export const channelRoutes = (ctx: ChatContext) => {
  const { store, state, shapes, hub, users, sendWebhook, notAllowed, canRead, requireChannel, requireMember, channelEvent, watchers, toWatchers, channelMessages, paginate, channelDocument } = ctx;

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

  /** The channel's pinned messages, the latest pin first. */
  const pinnedMessages = (channel: StoredChannel) =>
    ctx.sinceTruncation(channel).filter((m) => m.type !== 'deleted' && shapes.message(m).pinned).sort((a, b) => b.pinned_at!.localeCompare(a.pinned_at!));

  const getPinnedMessages: Handler = async (request) => {
    const channel = requireChannel(request.params.type!, request.params.id!);
    requireMember(request.caller, channel, 'ReadChannel');
    const payload = JSON.parse(request.url.searchParams.get('payload') ?? '{}') as { limit?: number; sort?: { field?: string; direction?: number }[] };
    const list = pinnedMessages(channel);
    if (payload.sort?.[0]?.direction === 1) list.reverse();
    const viewer = request.caller.server ? undefined : request.caller.userId;
    return { messages: list.slice(0, Number(payload.limit ?? 25)).map((m) => shapes.message(m, viewer)) };
  };

  const channelState = (channel: StoredChannel, caller: Caller, body: Record<string, unknown>) => {
    const viewer = caller.server ? undefined : caller.userId;
    const members = Object.keys(channel.members);
    return {
      channel: { ...shapes.channel(channel, viewer ?? 'server'), custom: channel.custom },
      messages: paginate(channelMessages(channel), body.messages as Record<string, unknown> | undefined).map((m) => shapes.message(m, viewer)),
      pinned_messages: pinnedMessages(channel).slice(0, 10).map((m) => shapes.message(m, viewer)),
      members: members.slice(0, Number((body.members as { limit?: number } | undefined)?.limit ?? 100)).map((id) => shapes.member(channel, id)),
      ...(viewer && channel.members[viewer] ? { membership: shapes.member(channel, viewer) } : {}),
      read: shapes.reads(channel),
      watcher_count: watchers(channel).length,
      watchers: [...new Set(watchers(channel).map((c) => c.userId))].map((id) => users.response(id)),
      threads: [],
      hidden: Boolean(viewer && channel.hidden_by?.includes(viewer)),
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

  const queryChannels: Handler = async (request) => {
    const body = await request.body();
    const given = body.filter_conditions as Filter | undefined;
    const viewer = request.caller.server ? (typeof body.user_id === 'string' ? body.user_id : undefined) : request.caller.userId;
    // As on Stream, a channel the viewer hid is left out unless the filter asks for hidden ones.
    const filter: Filter | undefined = viewer && !(given && 'hidden' in given) ? { $and: [given ?? {}, { hidden: false }] } : given;
    const visible = Object.values(state.channels).filter((channel) => canRead(request.caller, channel));
    const matching = visible.filter((channel) => matchesFilter(channelDocument(channel, viewer), filter));
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
    // Moderators, invites and filter tags are not imitated: refused as a feature the app has off, never ignored.
    const notImitated = NOT_IMITATED_CHANNEL_UPDATES.filter((field) => body[field] !== undefined && body[field] !== false && !(Array.isArray(body[field]) && (body[field] as unknown[]).length === 0));
    if (notImitated.length) throw new StreamApiError('featureNotSupported', `${notImitated.join(', ')} is not imitated by the local Stream stand-in`);
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

  return { getOrCreate, queryChannels, updateChannelPartial, updateChannel, stopWatching, getPinnedMessages };
};
