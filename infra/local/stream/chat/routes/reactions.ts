import { StreamApiError } from '../../errors';
import { type ChatContext, type Handler } from '../context';

/** Reactions on messages: send (unique when asked), delete, list. */
export const reactionRoutes = (ctx: ChatContext) => {
  const { store, shapes, users, notAllowed, actingUser, channelEvent, toWatchers, messageContext } = ctx;

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

  return { sendReaction, deleteReaction, getReactions };
};
