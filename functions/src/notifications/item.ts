import type { AppNotification, NotificationKind } from '@mentoring/shared';

/**
 * One notification as stored (shared/src/tables.ts, `notifications`): the sort key is also its id, so the
 * member's list is newest first and one notification is found with the caller's own id and nothing else.
 */
export interface NotificationItem {
  memberId: string;
  /** `<createdAt>#<random>`: the order of the list, and the notification's id. */
  sk: string;
  kind: NotificationKind;
  text: string;
  link: string;
  createdAt: string;
  readAt?: string;
  /** The member's id while unread (the sparse index `unread`); removed when read. */
  unreadBy?: string;
  /** Epoch seconds: DynamoDB's TTL removes the notification then. */
  expiresAt: number;
}

export const toNotification = (item: NotificationItem): AppNotification => ({
  id: item.sk,
  kind: item.kind,
  text: item.text,
  link: item.link,
  createdAt: item.createdAt,
  readAt: item.readAt ?? null,
});
