/**
 * In-app notifications: every message a member is e-mailed about what happened to them is kept here too, made
 * from the same message (its subject is the sentence, its link the page where the member acts), so the e-mail
 * and the list never tell different stories. The member's e-mail choices concern e-mail only: this always records.
 */
import { randomBytes } from 'node:crypto';
import { NOTIFICATION_DAYS, NOTIFICATION_ID_PATTERN, type MarkRead, type NotificationKind, type NotificationPage } from '@mentoring/shared';
import { DomainError } from '../lib/domain-error';
import { afterWrite } from '../lib/notify';
import { toNotification, type NotificationItem } from './item';
import { countUnread, markNotificationRead, putNotification, queryNotifications, unreadKeys } from './repository';

const DAY_SECONDS = 86_400;
/** Writes in flight at once when marking many read: enough to be quick, few enough not to throttle. */
const MARK_BATCH = 25;

export interface NotificationMessage {
  subject: string;
  text: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first link into the site in the message, as a path (`/mentorships/<id>`); the home page if it has none. */
export const linkIn = (text: string, site: string) => {
  const origin = site.replace(/\/$/, '');
  const match = new RegExp(`${escapeRegExp(origin)}(/[^\\s)>"]*)`).exec(text);
  return match?.[1] ?? '/';
};

/**
 * Keeps a message sent (or meant) to a member as their notification. `link` names the page when the message's
 * first link is not the one to act on.
 */
export const recordNotification = async (memberId: string, kind: NotificationKind, message: NotificationMessage, site: string, { link, now = new Date() }: { link?: string; now?: Date } = {}) => {
  const createdAt = now.toISOString();
  const item: NotificationItem = {
    memberId,
    sk: `${createdAt}#${randomBytes(4).toString('hex')}`,
    kind,
    text: message.subject,
    link: link ?? linkIn(message.text, site),
    createdAt,
    unreadBy: memberId,
    expiresAt: Math.floor(now.getTime() / 1000) + NOTIFICATION_DAYS * DAY_SECONDS,
  };
  await putNotification(item);
  return toNotification(item);
};

/**
 * recordNotification after a stored change: a failure is logged and counted (NotificationFailed) like a failed
 * e-mail, never thrown, so it neither undoes the change nor stops the e-mail.
 */
export const keepNotification = (...args: Parameters<typeof recordNotification>) =>
  afterWrite(`in-app notification (${args[1]})`, () => recordNotification(...args));

const encodeCursor = (sk: string | null) => (sk ? Buffer.from(sk).toString('base64url') : null);

const decodeCursor = (cursor: string | undefined) => {
  if (!cursor) return undefined;
  const sk = Buffer.from(cursor, 'base64url').toString('utf8');
  if (NOTIFICATION_ID_PATTERN.test(sk)) return sk;
  throw new DomainError('validation_failed', 'The cursor is invalid: start again from the first page.');
};

/** A page of the member's own notifications, newest first, with how many of all of them are unread. */
export const listNotifications = async (memberId: string, { cursor, limit = 20 }: { cursor?: string; limit?: number }): Promise<NotificationPage> => {
  const afterSk = decodeCursor(cursor);
  const [page, unread] = await Promise.all([queryNotifications(memberId, { limit, afterSk }), countUnread(memberId)]);
  return { notifications: page.items.map(toNotification), nextCursor: encodeCursor(page.nextSk), unread };
};

export const unreadCount = async (memberId: string) => ({ unread: await countUnread(memberId) });

/** Marks the named notifications (or all unread ones) of the member read; ids that are not theirs find nothing. */
export const markRead = async (memberId: string, request: MarkRead, now = new Date()) => {
  const keys = 'all' in request ? await unreadKeys(memberId) : [...new Set(request.ids)];
  const at = now.toISOString();
  for (let start = 0; start < keys.length; start += MARK_BATCH) {
    await Promise.all(keys.slice(start, start + MARK_BATCH).map((sk) => markNotificationRead(memberId, sk, at)));
  }
  return unreadCount(memberId);
};
