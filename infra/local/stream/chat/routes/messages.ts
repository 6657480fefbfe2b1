import { randomUUID } from 'node:crypto';
import { StreamApiError } from '../../errors';
import { matchesFilter, type Filter } from '../../filters';
import type { StoredChannel, StoredMessage } from '../state';
import { FROZEN_TEXT, MAX_MESSAGE_LENGTH, MESSAGE_FIELDS, customOf, memberIds, type ChatContext, type Handler, type Request } from '../context';

/** Messages: send (replies in threads, a frozen channel's error message), get, update, delete, replies, search. */
export const messageRoutes = (ctx: ChatContext) => {
  const { store, state, messageIndex, shapes, users, mutedChannel, notAllowed, canRead, requireChannel, requireMember, requireMessage, actingUser, channelEvent, toWatchers, deliverNewMessage, paginate, channelDocument, messageContext } = ctx;

  const sendMessage: Handler = async (request) => {
    const channel = requireChannel(request.params.type!, request.params.id!);
    const body = await request.body();
    const input = (body.message as Record<string, unknown> | undefined) ?? {};
    const userId = actingUser(request.caller, input.user_id ?? input.user);
    requireMember(request.caller, channel, 'CreateMessage');
    // The channel's creator is its owner, who may write in it without being a member (as on Stream's messaging type).
    if (!request.caller.server && !channel.members[userId] && channel.created_by_id !== userId) throw notAllowed(request.caller, 'CreateMessage', channel);
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
    const pollId = typeof input.poll_id === 'string' && input.poll_id ? input.poll_id : undefined;
    if (pollId) {
      const poll = state.polls[pollId];
      if (!poll) throw new StreamApiError('doesNotExist', `poll ${pollId} does not exist`);
      if (poll.created_by_id !== userId) throw new StreamApiError('notAllowed', `poll ${pollId} was created by another user`);
      if (Object.values(state.messages).some((list) => list.some((m) => m.poll_id === pollId))) throw new StreamApiError('inputError', `poll ${pollId} is already attached to a message`);
    }
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
      ...(pollId ? { poll_id: pollId } : {}),
    };
    state.messages[channel.cid]!.push(message);
    messageIndex.set(message.id, message);
    const inChannel = !parent || message.show_in_channel;
    if (inChannel) channel.last_message_at = now;
    delete channel.hidden_by; // a new message shows a hidden channel again, to everyone
    for (const memberId of Object.keys(channel.members)) {
      const read = (channel.reads[memberId] ??= { last_read: channel.created_at, unread_messages: 0 });
      if (memberId === userId) Object.assign(read, { last_read: now, last_read_message_id: message.id, unread_messages: 0 });
      else if (inChannel && !message.silent && !mutedChannel(memberId, channel.cid)) read.unread_messages += 1;
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
    const ids = [...new Set((request.url.searchParams.get('ids') ?? '').split(',').filter(Boolean))]; // each message once, as Stream answers
    return { messages: messagesOf(channel, ids).map((m) => shapes.message(m, request.caller.server ? undefined : request.caller.userId)) };
  };

  const getMessage: Handler = async (request) => {
    const { message, viewer } = messageContext(request, 'ReadChannel');
    return { message: shapes.message(message, viewer) };
  };

  /**
   * Pinning is its own permission (pin-message, which `messaging` grants every member, on anyone's message); the
   * pin's time is now unless given, its author the caller (or, server side, the user named).
   */
  const applyPin = (message: StoredMessage, fields: Record<string, unknown>, pinnerId: string) => {
    if (!('pinned' in fields)) return;
    if (fields.pinned === true) {
      // An edit sends the message back whole, its pin included: that is no new pin.
      if (message.pinned_at && !fields.pinned_at) return;
      const at = typeof fields.pinned_at === 'string' && fields.pinned_at ? fields.pinned_at : new Date().toISOString();
      Object.assign(message, { pinned_at: at, pinned_by_id: pinnerId });
      if (typeof fields.pin_expires === 'string' && fields.pin_expires) message.pin_expires = fields.pin_expires;
      else delete message.pin_expires;
    } else {
      delete message.pinned_at;
      delete message.pinned_by_id;
      delete message.pin_expires;
    }
  };

  const PIN_FIELDS = new Set(['pinned', 'pinned_at', 'pin_expires']);

  const applyMessageUpdate = (request: Request, action: string, fields: Record<string, unknown>, given: unknown, change: (message: StoredMessage) => void) => {
    const { message, channel, viewer } = messageContext(request, action);
    const pinOnly = Object.keys(fields).length > 0 && Object.keys(fields).every((field) => PIN_FIELDS.has(field));
    if (viewer && !pinOnly && message.user_id !== viewer) throw notAllowed(request.caller, action, channel);
    if (viewer && pinOnly && !channel.members[viewer]) throw notAllowed(request.caller, 'PinMessage', channel);
    if (viewer && !pinOnly && channel.frozen) throw notAllowed(request.caller, action, channel);
    if (message.type === 'deleted' && 'pinned' in fields) throw new StreamApiError('inputError', 'a deleted message cannot be pinned');
    const named = typeof given === 'string' ? given : (given as { id?: unknown } | undefined)?.id;
    const actor = viewer ?? (typeof named === 'string' && named ? named : undefined);
    change(message);
    applyPin(message, fields, actor ?? message.user_id);
    message.updated_at = new Date().toISOString();
    store.changed();
    toWatchers(channel, channelEvent('message.updated', channel, { message: shapes.message(message), message_id: message.id, user: users.response(actor ?? message.user_id) }));
    return { message: shapes.message(message, viewer) };
  };

  const updateMessage: Handler = async (request) => {
    const input = ((await request.body()).message as Record<string, unknown> | undefined) ?? {};
    const pin = Object.fromEntries(Object.entries(input).filter(([field]) => PIN_FIELDS.has(field)));
    return applyMessageUpdate(request, 'UpdateMessage', { ...pin, text: input.text }, input.user_id ?? input.user, (message) => {
      message.text = typeof input.text === 'string' ? input.text : '';
      message.attachments = Array.isArray(input.attachments) ? (input.attachments as Record<string, unknown>[]) : [];
      message.mentioned_user_ids = memberIds(input.mentioned_users);
      message.custom = customOf(input, MESSAGE_FIELDS);
    });
  };

  const partialUpdateMessage: Handler = async (request) => {
    const body = await request.body();
    const set = (body.set as Record<string, unknown> | undefined) ?? {};
    const unset = (body.unset as string[] | undefined) ?? [];
    const fields = { ...set, ...Object.fromEntries(unset.map((field) => [field, undefined])) };
    return applyMessageUpdate(request, 'UpdateMessage', fields, body.user_id ?? body.user, (message) => {
      for (const [field, value] of Object.entries(set)) {
        if (field === 'text') message.text = String(value);
        else if (field === 'attachments' && Array.isArray(value)) message.attachments = value as Record<string, unknown>[];
        else if (!MESSAGE_FIELDS.has(field)) message.custom[field] = value;
      }
      for (const field of unset) delete message.custom[field];
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
    const replies = ctx.sinceTruncation(channel).filter((m) => m.parent_id === message.id);
    const options = Object.fromEntries(request.url.searchParams.entries());
    return { messages: paginate(replies, options, 100).map((m) => shapes.message(m, viewer)) };
  };

  /** Message search (stream-chat's MessageSearchSource): the channels the caller may read that match, their messages that match. */
  const search: Handler = async (request) => {
    const payload = JSON.parse(request.url.searchParams.get('payload') ?? '{}') as { filter_conditions?: Filter; message_filter_conditions?: Filter; query?: string; limit?: number; offset?: number };
    const viewer = request.caller.server ? undefined : request.caller.userId;
    const channels = Object.values(state.channels).filter((channel) => canRead(request.caller, channel) && matchesFilter(channelDocument(channel), payload.filter_conditions));
    const messageFilter = payload.message_filter_conditions ?? (payload.query ? { text: { $q: payload.query } } : undefined);
    const found = channels
      .flatMap((channel) => ctx.sinceTruncation(channel).filter((m) => m.type !== 'deleted' && matchesFilter({ ...m.custom, id: m.id, text: m.text, type: m.type, user_id: m.user_id, parent_id: m.parent_id, created_at: m.created_at }, messageFilter)))
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
    const offset = Number(payload.offset ?? 0);
    return { results: found.slice(offset, offset + Number(payload.limit ?? 20)).map((m) => ({ message: { ...shapes.message(m, viewer), channel: shapes.channel(state.channels[m.cid]!, viewer) } })) };
  };

  return { sendMessage, getManyMessages, getMessage, updateMessage, partialUpdateMessage, deleteMessage, getReplies, search };
};
