import type { Channel, LocalMessage } from 'stream-chat';
import { dayKey, formatDate, formatShortDate, formatTime } from '@/lib/datetime';
import { chatCopy } from './copy';

/** What a row of the channel list shows of a channel, read from the channel's own state in stream-chat. */
export interface ChannelPreview {
  title: string;
  image: string | undefined;
  unread: number;
  kind: 'empty' | 'text' | 'attachment' | 'poll' | 'deleted' | 'error';
  /** The latest message in plain words. */
  text: string;
  /** Who wrote it, for the accessible name: "You" or their name. */
  author: string | undefined;
  /** The author as the row shows them: "You", or anyone in a group (a one-to-one needs no name). */
  sender: string | undefined;
  /** When it was written (ms), or undefined. */
  at: number | undefined;
}

// Channel data beyond Stream's own fields is typed by the app (CustomChannelData): these two are read as unknown.
const dataOf = (channel: Channel) => channel.data as { name?: unknown; image?: unknown } | undefined;

const nameOf = (user: { id: string; name?: string } | undefined) => user?.name || user?.id;

/** The channel's name, else the other member's (one-to-one), else the first few others'. */
const titleOf = (channel: Channel, userId: string) => {
  const name = dataOf(channel)?.name;
  if (typeof name === 'string' && name) return name;
  const members = Object.values(channel.state.members);
  const others = members.filter((member) => member.user?.id !== userId);
  const names = others.map((member) => nameOf(member.user)).filter((value): value is string => Boolean(value));
  if (members.length === 2 && others.length === 1) return names[0] ?? chatCopy.directMessage;
  return names.slice(0, 3).join(', ') || chatCopy.directMessage;
};

const imageOf = (channel: Channel, userId: string) => {
  const image = dataOf(channel)?.image;
  if (typeof image === 'string' && image) return image;
  const members = Object.values(channel.state.members);
  if (members.length !== 2) return undefined;
  const other = members.find((member) => member.user?.id !== userId)?.user?.image;
  return typeof other === 'string' && other ? other : undefined;
};

/**
 * Message text as plain words: the common markdown marks (emphasis, code, links, headings, quotes) dropped with a
 * few patterns, since the list shows one line and has no markdown engine (that stays in the open conversation).
 */
export const plainText = (text: string) =>
  text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+)/gm, '')
    .replace(/(\*\*|~~)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/\*(\S(?:.*?\S)?)\*/g, '$1')
    // Underscores only at word edges, as markdown reads them: snake_case stays as it is.
    .replace(/(^|[^\p{L}\p{N}_])(__?)(\S(?:.*?\S)?)\2(?![\p{L}\p{N}_])/gu, '$1$3')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

const attachmentText = (message: LocalMessage) => {
  const attachments = message.attachments ?? [];
  if (attachments.length > 1) return chatCopy.attachments(attachments.length);
  switch (attachments[0]?.type) {
    case 'image':
      return chatCopy.photo;
    case 'video':
      return chatCopy.video;
    case 'voiceRecording':
    case 'audio':
      return chatCopy.voiceMessage;
    default:
      return attachments[0]?.title || chatCopy.file;
  }
};

const contentOf = (message: LocalMessage | undefined): Pick<ChannelPreview, 'kind' | 'text'> => {
  if (!message) return { kind: 'empty', text: chatCopy.noMessages };
  if (message.type === 'deleted' || message.deleted_at) return { kind: 'deleted', text: chatCopy.messageDeleted };
  if (message.type === 'error' || message.status === 'failed') return { kind: 'error', text: chatCopy.messageFailed };
  if (message.poll) return { kind: 'poll', text: chatCopy.poll(message.poll.name) };
  const text = plainText(message.text ?? '');
  if (text) return { kind: 'text', text };
  if (message.attachments?.length) return { kind: 'attachment', text: attachmentText(message) };
  return { kind: 'text', text: '' };
};

export const previewOf = (channel: Channel, userId: string): ChannelPreview => {
  const { latestMessages } = channel.state;
  const last = latestMessages[latestMessages.length - 1];
  const own = Boolean(last?.user && last.user.id === userId);
  const author = own ? chatCopy.you : nameOf(last?.user ?? undefined);
  const group = Object.keys(channel.state.members).length > 2;
  return {
    title: titleOf(channel, userId),
    image: imageOf(channel, userId),
    unread: channel.countUnread(),
    ...contentOf(last),
    author: last ? author : undefined,
    sender: last && (own || group) ? author : undefined,
    at: last?.created_at ? new Date(last.created_at).getTime() : undefined,
  };
};

export const samePreview = (a: ChannelPreview, b: ChannelPreview) =>
  (Object.keys(a) as (keyof ChannelPreview)[]).every((key) => a[key] === b[key]);

const DAY_MS = 86_400_000;

/** "18:02" today, "Yesterday", "Thu 26 Nov" this year, else "Thu 26 Nov 2025": in the member's zone. */
export const listTime = (at: number, zone: string, now = Date.now()) => {
  const day = dayKey(new Date(at), zone);
  if (day === dayKey(new Date(now), zone)) return formatTime(new Date(at), zone);
  if (day === dayKey(new Date(now - DAY_MS), zone)) return chatCopy.yesterday;
  return day.slice(0, 4) === dayKey(new Date(now), zone).slice(0, 4) ? formatShortDate(new Date(at), zone) : formatDate(new Date(at), zone);
};

/** "Ada Lovelace. 18:02. 2 unread messages. Last message from Ada Lovelace: See you then!": the row's parts in the order it shows them, one sentence each. */
export const accessibleName = (preview: ChannelPreview, time: string | undefined) =>
  [
    preview.title,
    time,
    preview.unread > 0 ? chatCopy.unread(preview.unread) : undefined,
    preview.kind === 'empty' ? preview.text : chatCopy.lastMessage(preview.text, preview.author),
  ]
    .filter((part): part is string => Boolean(part))
    .reduce((sentence, part) => (sentence ? `${sentence}${/[.!?…]$/.test(sentence) ? ' ' : '. '}${part}` : part), '');

/**
 * What a row adds, unseen, among what it shows, so that its name from content is accessibleName's sentence in the order
 * the row shows its parts. An aria-label instead would have to hold the visible text as it stands (WCAG 2.5.3, axe's
 * label-content-name-mismatch), which a sentence cannot.
 */
export const accessibleNameParts = (preview: ChannelPreview, time: string | undefined) => {
  const shownSender = preview.kind !== 'empty' && Boolean(preview.sender);
  const message = preview.kind === 'empty' ? preview.text : chatCopy.lastMessage(preview.text, preview.author);
  const unread = preview.unread > 0 ? chatCopy.unread(preview.unread) : '';
  const stop = (part: string) => (/[.!?…]$/.test(part) ? '' : '.');
  const lastMessagePrefix = preview.kind === 'empty' ? '' : message.slice(0, message.length - preview.text.length);
  return {
    afterTitle: stop(preview.title),
    afterTime: time ? stop(time) : '',
    // The count shows as a number alone ("2"): the words after it ("unread messages.").
    afterCount: unread ? `${unread.slice(String(preview.unread).length).trimStart()}${stop(unread)}` : '',
    // "Last message from " where the sender shows ("Ada:"), else the whole "Last message from Ada: ".
    beforeMessage: shownSender ? lastMessagePrefix.slice(0, lastMessagePrefix.length - `${preview.sender}: `.length) : lastMessagePrefix,
  };
};
