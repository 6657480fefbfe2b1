import { persistedState } from '../store';

export interface StoredMember {
  user_id: string;
  /** Stream's member role: the channel's creator is its owner. */
  role: 'owner' | 'member';
  channel_role: string;
  created_at: string;
  updated_at: string;
}

export interface StoredRead {
  last_read: string;
  last_read_message_id?: string;
  unread_messages: number;
}

export interface StoredChannel {
  type: string;
  id: string;
  cid: string;
  created_by_id?: string;
  created_at: string;
  updated_at: string;
  frozen: boolean;
  disabled: boolean;
  custom: Record<string, unknown>;
  members: Record<string, StoredMember>;
  reads: Record<string, StoredRead>;
  last_message_at?: string;
  /** Who hid the channel (`channel.hide`): it leaves their channel list until they show it or a new message comes. */
  hidden_by?: string[];
  truncated_at?: string;
}

export interface StoredReaction {
  message_id: string;
  user_id: string;
  type: string;
  score: number;
  created_at: string;
  updated_at: string;
}

export interface StoredMessage {
  id: string;
  cid: string;
  type: 'regular' | 'system' | 'reply' | 'deleted' | 'error';
  text: string;
  user_id: string;
  parent_id?: string;
  show_in_channel?: boolean;
  quoted_message_id?: string;
  attachments: Record<string, unknown>[];
  mentioned_user_ids: string[];
  reactions: StoredReaction[];
  reply_count: number;
  thread_participant_ids: string[];
  silent: boolean;
  custom: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  deleted_at?: string;
  pinned_at?: string;
  pinned_by_id?: string;
  pin_expires?: string;
  poll_id?: string;
}

export interface StoredPollOption {
  id: string;
  text: string;
  custom: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

/** A vote for an option, or an answer (a comment, `answer_text`): Stream keeps both as votes. */
export interface StoredVote {
  id: string;
  user_id: string;
  option_id?: string;
  answer_text?: string;
  created_at: string;
  updated_at: string;
}

export interface StoredPoll {
  id: string;
  name: string;
  description?: string;
  created_by_id: string;
  enforce_unique_vote: boolean;
  max_votes_allowed?: number;
  allow_answers: boolean;
  allow_user_suggested_options: boolean;
  voting_visibility: 'public' | 'anonymous';
  is_closed: boolean;
  options: StoredPollOption[];
  votes: StoredVote[];
  custom: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

/** A member's mute of a channel or of another user; `expires` when it was given a duration. */
export interface StoredMute {
  target: string;
  created_at: string;
  updated_at: string;
  expires?: string;
}

export interface ChatState {
  channels: Record<string, StoredChannel>;
  /** Each channel's messages (replies included) in the order they were sent. */
  messages: Record<string, StoredMessage[]>;
  polls: Record<string, StoredPoll>;
  /** By muting user: the channels (cids) they muted. */
  channelMutes: Record<string, StoredMute[]>;
  /** By muting user: the users they muted. */
  userMutes: Record<string, StoredMute[]>;
}

export const chatState = (dataDir: string | undefined) => persistedState<ChatState>(dataDir, 'chat', () => ({ channels: {}, messages: {}, polls: {}, channelMutes: {}, userMutes: {} }));

/** A mute counts until it expires. */
export const activeMutes = (mutes: StoredMute[] | undefined, now = new Date().toISOString()) => (mutes ?? []).filter((mute) => !mute.expires || mute.expires > now);

/** Stream's channel type settings for `messaging`, as its API answers them in `channel.config`. */
export const channelConfig = (type: string, now: string) => ({
  name: type,
  created_at: now,
  updated_at: now,
  typing_events: true,
  read_events: true,
  connect_events: true,
  search: true,
  reactions: true,
  replies: true,
  quotes: true,
  mutes: true,
  uploads: true,
  url_enrichment: false,
  custom_events: true,
  push_notifications: false,
  reminders: false,
  mark_messages_pending: false,
  polls: true,
  user_message_reminders: false,
  shared_locations: false,
  delivery_events: false,
  count_messages: false,
  skip_last_msg_update_for_system_msgs: false,
  message_retention: 'infinite',
  max_message_length: 5000,
  automod: 'disabled',
  automod_behavior: 'flag',
  commands: [],
});

/** A member's capabilities in a channel, as Stream lists them for `messaging`; a frozen channel takes away writing. */
export const ownCapabilities = (channel: StoredChannel) => {
  const reading = ['connect-events', 'read-events', 'typing-events', 'search-messages', 'flag-message', 'mute-channel', 'pin-message', 'quote-message', 'update-own-message', 'delete-own-message', 'update-channel-members', 'leave-channel', 'query-poll-votes'];
  const writing = ['send-message', 'send-reply', 'send-reaction', 'upload-file', 'send-links', 'send-poll', 'cast-poll-vote'];
  return channel.frozen ? reading : [...reading, ...writing];
};
