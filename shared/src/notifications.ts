/**
 * In-app notifications (docs/domain.md, "Notifications"): every e-mail a member is sent about what happened
 * to them is also kept as a notification they can read in the app, read or unread, for NOTIFICATION_DAYS.
 */
import * as z from 'zod';

/** What a notification is about, so the list can say so at a glance. */
export const NOTIFICATION_KINDS = [
  'application',
  'mentorship',
  'session',
  'reminder',
  // A conversation with unread messages: one per conversation until the member reads it (functions/src/messages).
  'message',
  // A call the member was rung for and did not answer (functions/src/calls/missed-call.ts).
  'call',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How long a notification is kept (DynamoDB's TTL removes it after this). */
export const NOTIFICATION_DAYS = 90;

/** The most notifications one page of the list holds. */
export const NOTIFICATION_PAGE_MAX = 50;

/** A notification's id: when it was made and a random part (it is also its place in the member's list). */
export const NOTIFICATION_ID_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z#[0-9a-f]{8}$/;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** One sentence: who did what (the e-mail's subject). */
  text: z.string(),
  /** The site path of the page where the member acts (the e-mail's link), e.g. /mentorships/<id>. */
  link: z.string(),
  createdAt: z.string(),
  /** When the member read it; null while unread. */
  readAt: z.string().nullable(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: newest first, a page at a time (`cursor` is the previous page's `nextCursor`). */
export const notificationListQuerySchema = z.object({
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_MAX).optional(),
});

export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
  /** All of the member's unread notifications, not only this page's. */
  unread: z.number().int().min(0),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int().min(0) });

/** POST /api/notifications/read: the named ones, or every unread one with `all`. */
export const markReadSchema = z.union([
  z.object({ ids: z.array(z.string().regex(NOTIFICATION_ID_PATTERN, 'a notification id')).min(1).max(NOTIFICATION_PAGE_MAX) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkRead = z.infer<typeof markReadSchema>;
