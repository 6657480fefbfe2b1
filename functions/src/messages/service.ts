/**
 * Messages nobody misses (DOMAIN.md, "Notifications"): Stream's message.new and message.read webhooks, through the
 * bus, become one in-app notification per conversation and unread spell ("Grace Hopper wrote to you"), marked read
 * when the member reads the conversation; and, still unread after the programme's delay, one e-mail naming who wrote
 * and linking to the conversation, never the text. Muted conversations (Stream counts nothing unread in them),
 * pairs that are not active (their channel is frozen), suspended or blocked members, and the programme's own system
 * messages send nothing.
 *
 * Whether the e-mail goes is asked of Stream when it is due, not taken from the read webhooks alone: a webhook lost
 * or late would otherwise mail a member about what they read long ago; Stream's read state is the truth.
 */
import { createHash } from 'node:crypto';
import { MENTORSHIP_CHANNEL_TYPE, type SchedulePayload } from '@mentoring/shared';
import { emailOf } from '../lib/cognito';
import { sendMail } from '../lib/mail/send';
import { messageMails } from '../lib/mail/templates/messages';
import { logger } from '../lib/powertools';
import { cancelSchedule, scheduleOnce } from '../lib/schedules';
import { siteUrl } from '../lib/site-url';
import { streamServerClient } from '../lib/stream/server-client';
import { memberStreamId } from '../lib/stream/stream-user-id';
import { getParties } from '../members';
import { getMentorship, type MentorshipRecord } from '../mentorships';
import { claimEpisodeEmail, endEpisode, getEpisode, keepEpisodeNotification, markRead, recordNotification, startEpisode } from '../notifications';
import { getProgramme } from '../programme';
import { pairHeld } from '../safeguarding/blocks';
import type { MessageNewEvent, MessageReadEvent } from './events';

/** One e-mail schedule per member and conversation (a hash keeps the name within Scheduler's 64 characters). */
export const messageEmailScheduleName = (memberId: string, mentorshipId: string) =>
  `msg-mail-${createHash('sha256').update(`${memberId}/${mentorshipId}`).digest('hex').slice(0, 40)}`;

/** The pair's mentorship of a channel, with each side's Stream id; undefined for any other channel. */
const pairOf = async (channelType: string, channelId: string) => {
  if (channelType !== MENTORSHIP_CHANNEL_TYPE) return undefined;
  const record = await getMentorship(channelId);
  if (!record) return undefined;
  const sides = [
    { memberId: record.mentorId, streamId: memberStreamId(record.mentorId) },
    { memberId: record.menteeId, streamId: memberStreamId(record.menteeId) },
  ];
  return { record, sides };
};

/** Messages of an active pair that nothing holds (suspension, block) notify; a frozen channel is never an active one. */
const notifies = async (record: MentorshipRecord) => record.state === 'ACTIVE' && !(await pairHeld(record));

export const onMessageNew = async (event: MessageNewEvent) => {
  const { message } = event;
  // Thread replies kept in their thread, silent and system messages count as nothing unread on Stream.
  if ((message.parent_id && !message.show_in_channel) || message.silent || message.type === 'system') return;
  const pair = await pairOf(event.channel_type, event.channel_id);
  const writer = pair?.sides.find((side) => side.streamId === message.user.id);
  // The programme's own messages (a mentorship's changes) come with an e-mail of their own.
  if (!pair || !writer) return;
  if (!(await notifies(pair.record))) {
    logger.info('Message not notified: the pair is not active or is held', { mentorshipId: pair.record.id, state: pair.record.state });
    return;
  }
  const reader = pair.sides.find((side) => side !== writer)!;
  // Stream counts nothing unread in a conversation the reader muted (or has already read).
  const readerUnread = event.members?.find((member) => (member.user_id ?? member.user?.id) === reader.streamId)?.user?.channel_unread_count;
  if (readerUnread === 0) return;
  const since = message.created_at;
  if (!(await startEpisode(reader.memberId, pair.record.id, since))) return;

  const [parties, site, programme] = await Promise.all([getParties([writer.memberId]), siteUrl(), getProgramme()]);
  const letter = messageMails.unread({ mentorshipId: pair.record.id, writerName: parties.get(writer.memberId)?.displayName || 'Your mentoring partner' });
  const notification = await recordNotification(reader.memberId, 'message', letter(site), site, { link: `/mentorships/${pair.record.id}` });
  await keepEpisodeNotification(reader.memberId, pair.record.id, since, notification.id);
  const dueAt = new Date(Date.parse(since) + programme.messageEmailDelayMinutes * 60_000);
  await scheduleOnce('message-email', messageEmailScheduleName(reader.memberId, pair.record.id), dueAt, { memberId: reader.memberId, mentorshipId: pair.record.id, since });
};

export const onMessageRead = async (event: MessageReadEvent) => {
  // A thread's read says nothing of the conversation's unread messages.
  if (event.thread) return;
  const pair = await pairOf(event.channel_type, event.channel_id);
  const reader = pair?.sides.find((side) => side.streamId === event.user.id);
  if (!pair || !reader) return;
  const before = await endEpisode(reader.memberId, pair.record.id, event.created_at);
  if (!before?.since || before.readAt) return;
  await Promise.all([
    before.notificationId ? markRead(reader.memberId, { ids: [before.notificationId] }) : null,
    before.emailedAt ? null : cancelSchedule(messageEmailScheduleName(reader.memberId, pair.record.id)),
  ]);
};

/** Stream's own count of the member's unread messages in the pair's channel (0 in a muted one), and whether it is frozen. */
const streamReadState = async (mentorshipId: string, streamId: string) => {
  const stream = await streamServerClient();
  const { channels } = await stream.chat.queryChannels({
    filter_conditions: { cid: `${MENTORSHIP_CHANNEL_TYPE}:${mentorshipId}` },
    user_id: streamId,
    limit: 1,
    message_limit: 0,
    member_limit: 2,
  });
  const [state] = channels;
  return { unread: state?.read?.find((read) => read.user.id === streamId)?.unread_messages ?? 0, frozen: state?.channel?.frozen ?? true };
};

/** The schedule set by onMessageNew: one e-mail, if the spell it was set for is still unread, on Stream too. */
export const sendMessageEmail = async ({ memberId, mentorshipId, since }: SchedulePayload<'message-email'>) => {
  const episode = await getEpisode(memberId, mentorshipId);
  if (!episode || episode.since !== since || episode.readAt || episode.emailedAt) return false;
  const record = await getMentorship(mentorshipId);
  if (!record || !(await notifies(record))) return false;
  const streamId = memberStreamId(memberId);
  const { unread, frozen } = await streamReadState(mentorshipId, streamId);
  if (!unread || frozen) {
    logger.info('Message e-mail not sent: nothing unread on Stream', { mentorshipId, unread, frozen });
    return false;
  }
  const writerId = record.mentorId === memberId ? record.menteeId : record.mentorId;
  const [to, parties, site] = await Promise.all([emailOf(memberId), getParties([writerId]), siteUrl()]);
  // Claimed before sending: at most one e-mail per spell; a failed send is thrown, to be seen in the dead letters.
  if (!to || !(await claimEpisodeEmail(memberId, mentorshipId, since))) return false;
  await sendMail({ to, ...messageMails.unread({ mentorshipId, writerName: parties.get(writerId)?.displayName || 'Your mentoring partner' })(site) });
  return true;
};
