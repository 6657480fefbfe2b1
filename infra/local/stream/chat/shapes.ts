import type { StreamUsers } from '../users';
import { channelConfig, ownCapabilities, type StoredChannel, type StoredMessage, type StoredPoll, type StoredReaction, type StoredVote } from './state';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Stream's response shapes (stream-chat's ChannelResponse, MessageResponse, ChannelMemberResponse, ReadResponse):
 * what the real clients read, field for field. `viewerId` fills what is the viewer's own (own_reactions,
 * membership, own_capabilities); events go out without it, as Stream sends them.
 */
export const createShapes = (users: StreamUsers, findMessage: (id: string) => StoredMessage | undefined, findPoll: (id: string) => StoredPoll | undefined) => {
  const reaction = (stored: StoredReaction) => ({
    message_id: stored.message_id,
    user_id: stored.user_id,
    user: users.response(stored.user_id),
    type: stored.type,
    score: stored.score,
    created_at: stored.created_at,
    updated_at: stored.updated_at,
  });

  /** An anonymous poll's votes carry no user: not even the poll's creator learns who voted for what. */
  const vote = (stored: StoredVote, poll: StoredPoll, viewerId?: string) => {
    const named = poll.voting_visibility !== 'anonymous' || stored.user_id === viewerId;
    return {
      id: stored.id,
      poll_id: poll.id,
      created_at: stored.created_at,
      updated_at: stored.updated_at,
      ...(stored.answer_text !== undefined ? { answer_text: stored.answer_text, is_answer: true } : { option_id: stored.option_id }),
      ...(named ? { user_id: stored.user_id, user: users.response(stored.user_id) } : {}),
    };
  };

  /** PollResponse: the options, the counts, the latest votes and answers, and the viewer's own votes. */
  const poll = (stored: StoredPoll, viewerId?: string) => {
    const votes = stored.votes.filter((v) => v.option_id);
    const answers = stored.votes.filter((v) => v.answer_text !== undefined);
    const newestFirst = <T extends StoredVote>(list: T[]) => [...list].sort((a, b) => b.created_at.localeCompare(a.created_at));
    const counts = Object.fromEntries(stored.options.map((option) => [option.id, votes.filter((v) => v.option_id === option.id).length] as const).filter(([, count]) => count > 0));
    return {
      ...stored.custom,
      id: stored.id,
      name: stored.name,
      ...(stored.description ? { description: stored.description } : {}),
      voting_visibility: stored.voting_visibility,
      enforce_unique_vote: stored.enforce_unique_vote,
      ...(stored.max_votes_allowed ? { max_votes_allowed: stored.max_votes_allowed } : {}),
      allow_user_suggested_options: stored.allow_user_suggested_options,
      allow_answers: stored.allow_answers,
      is_closed: stored.is_closed,
      vote_count: votes.length,
      answers_count: answers.length,
      vote_counts_by_option: counts,
      options: stored.options.map((option) => ({ ...option.custom, id: option.id, poll_id: stored.id, text: option.text, created_at: option.created_at, updated_at: option.updated_at, vote_count: counts[option.id] ?? 0 })),
      latest_votes_by_option:
        stored.voting_visibility === 'anonymous'
          ? {}
          : Object.fromEntries(stored.options.filter((option) => counts[option.id]).map((option) => [option.id, newestFirst(votes.filter((v) => v.option_id === option.id)).slice(0, 10).map((v) => vote(v, stored, viewerId))])),
      latest_answers: newestFirst(answers).slice(0, 10).map((v) => vote(v, stored, viewerId)),
      own_votes: viewerId ? stored.votes.filter((v) => v.user_id === viewerId).map((v) => vote(v, stored, viewerId)) : [],
      created_by_id: stored.created_by_id,
      created_by: users.response(stored.created_by_id),
      created_at: stored.created_at,
      updated_at: stored.updated_at,
    };
  };

  const reactionSummary = (message: StoredMessage) => {
    const counts: Record<string, number> = {};
    const scores: Record<string, number> = {};
    const groups: Record<string, { count: number; sum_scores: number; first_reaction_at: string; last_reaction_at: string }> = {};
    for (const stored of message.reactions) {
      counts[stored.type] = (counts[stored.type] ?? 0) + 1;
      scores[stored.type] = (scores[stored.type] ?? 0) + stored.score;
      const group = (groups[stored.type] ??= { count: 0, sum_scores: 0, first_reaction_at: stored.created_at, last_reaction_at: stored.created_at });
      group.count += 1;
      group.sum_scores += stored.score;
      group.last_reaction_at = stored.created_at;
    }
    return { reaction_counts: counts, reaction_scores: scores, reaction_groups: groups };
  };

  const message = (stored: StoredMessage, viewerId?: string, { quoted = true }: { quoted?: boolean } = {}): Record<string, unknown> => {
    const quotedMessage = quoted && stored.quoted_message_id ? findMessage(stored.quoted_message_id) : undefined;
    const storedPoll = stored.poll_id ? findPoll(stored.poll_id) : undefined;
    const pinned = Boolean(stored.pinned_at) && (!stored.pin_expires || stored.pin_expires > new Date().toISOString());
    return {
      ...stored.custom,
      id: stored.id,
      cid: stored.cid,
      text: stored.text,
      html: stored.text ? `<p>${escapeHtml(stored.text)}</p>\n` : '',
      type: stored.type,
      user: users.response(stored.user_id),
      attachments: stored.attachments,
      latest_reactions: stored.reactions.slice(-10).reverse().map(reaction),
      own_reactions: viewerId ? stored.reactions.filter((r) => r.user_id === viewerId).map(reaction) : [],
      ...reactionSummary(stored),
      reply_count: stored.reply_count,
      deleted_reply_count: 0,
      created_at: stored.created_at,
      updated_at: stored.updated_at,
      ...(stored.deleted_at ? { deleted_at: stored.deleted_at } : {}),
      shadowed: false,
      mentioned_users: stored.mentioned_user_ids.map((id) => users.response(id)),
      silent: stored.silent,
      pinned,
      pinned_at: pinned ? stored.pinned_at : null,
      pin_expires: pinned ? (stored.pin_expires ?? null) : null,
      pinned_by: pinned && stored.pinned_by_id ? users.response(stored.pinned_by_id) : null,
      ...(storedPoll ? { poll_id: storedPoll.id, poll: poll(storedPoll, viewerId) } : {}),
      restricted_visibility: [],
      ...(stored.parent_id ? { parent_id: stored.parent_id, show_in_channel: Boolean(stored.show_in_channel) } : {}),
      ...(stored.thread_participant_ids.length ? { thread_participants: stored.thread_participant_ids.map((id) => users.response(id)) } : {}),
      ...(stored.quoted_message_id ? { quoted_message_id: stored.quoted_message_id } : {}),
      ...(quotedMessage ? { quoted_message: message(quotedMessage, viewerId, { quoted: false }) } : {}),
    };
  };

  const member = (channel: StoredChannel, userId: string) => {
    const stored = channel.members[userId]!;
    return {
      user_id: userId,
      user: users.response(userId),
      created_at: stored.created_at,
      updated_at: stored.updated_at,
      role: stored.role,
      channel_role: stored.channel_role,
      banned: false,
      shadow_banned: false,
      notifications_muted: false,
      status: 'member',
    };
  };

  const channel = (stored: StoredChannel, viewerId?: string) => ({
    ...stored.custom,
    id: stored.id,
    type: stored.type,
    cid: stored.cid,
    created_at: stored.created_at,
    updated_at: stored.updated_at,
    ...(stored.created_by_id ? { created_by: users.response(stored.created_by_id) } : {}),
    frozen: stored.frozen,
    disabled: stored.disabled,
    member_count: Object.keys(stored.members).length,
    config: channelConfig(stored.type, stored.created_at),
    ...(stored.last_message_at ? { last_message_at: stored.last_message_at } : {}),
    ...(stored.truncated_at ? { truncated_at: stored.truncated_at } : {}),
    ...(viewerId ? { own_capabilities: ownCapabilities(stored), hidden: Boolean(stored.hidden_by?.includes(viewerId)) } : {}),
  });

  const reads = (stored: StoredChannel) =>
    Object.entries(stored.reads)
      .filter(([userId]) => stored.members[userId])
      .map(([userId, read]) => ({
        user: users.response(userId),
        last_read: read.last_read,
        unread_messages: read.unread_messages,
        ...(read.last_read_message_id ? { last_read_message_id: read.last_read_message_id } : {}),
      }));

  return { message, member, channel, reads, reaction, poll, vote };
};

export type Shapes = ReturnType<typeof createShapes>;
