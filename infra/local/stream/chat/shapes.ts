import type { StreamUsers } from '../users';
import { channelConfig, ownCapabilities, type StoredChannel, type StoredMessage, type StoredReaction } from './state';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Stream's response shapes (stream-chat's ChannelResponse, MessageResponse, ChannelMemberResponse, ReadResponse):
 * what the real clients read, field for field. `viewerId` fills what is the viewer's own (own_reactions,
 * membership, own_capabilities); events go out without it, as Stream sends them.
 */
export const createShapes = (users: StreamUsers, findMessage: (id: string) => StoredMessage | undefined) => {
  const reaction = (stored: StoredReaction) => ({
    message_id: stored.message_id,
    user_id: stored.user_id,
    user: users.response(stored.user_id),
    type: stored.type,
    score: stored.score,
    created_at: stored.created_at,
    updated_at: stored.updated_at,
  });

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
      pinned: false,
      pinned_at: null,
      pin_expires: null,
      pinned_by: null,
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
    ...(viewerId ? { own_capabilities: ownCapabilities(stored), hidden: false } : {}),
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

  return { message, member, channel, reads, reaction };
};

export type Shapes = ReturnType<typeof createShapes>;
