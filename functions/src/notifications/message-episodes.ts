/**
 * A member's unread spell in one conversation: from the first message they have not read to the moment they read
 * the conversation. One item per member and conversation, in the notifications table under a partition of its own
 * (`messages#<memberId>`, so the member's list never shows it), keyed by the mentorship. Each step is one
 * conditional write, so Stream's webhooks may come twice or out of order: a spell starts once, with a message newer
 * than the last read; a read ends it; its e-mail is claimed once.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NOTIFICATION_DAYS } from '@mentoring/shared';
import { documentClient, ignoreStale, tableName } from '../lib/dynamo';

const table = () => tableName('notifications');
const key = (memberId: string, mentorshipId: string) => ({ memberId: `messages#${memberId}`, sk: mentorshipId });
const expiresAt = (now: Date) => Math.floor(now.getTime() / 1000) + NOTIFICATION_DAYS * 86_400;

export interface MessageEpisode {
  /** When the spell's first unread message was written. */
  since?: string;
  /** Its in-app notification, once kept. */
  notificationId?: string;
  /** When the member last read the conversation (ends the spell). */
  readAt?: string;
  /** When the spell's e-mail was claimed. */
  emailedAt?: string;
}

/**
 * Starts a spell with a message written at `at`, unless one is already open (a later message of the same spell) or
 * the member has read the conversation since the message was written (its read came first). True when it started
 * now, or when a retry of the same message finds its notification not kept yet.
 */
export const startEpisode = (memberId: string, mentorshipId: string, at: string, now = new Date()) =>
  ignoreStale(() =>
    documentClient.send(
      new UpdateCommand({
        TableName: table(),
        Key: key(memberId, mentorshipId),
        UpdateExpression: 'SET since = :at, expiresAt = :expires REMOVE readAt, emailedAt, notificationId',
        ConditionExpression: 'attribute_not_exists(sk) OR (attribute_exists(readAt) AND readAt < :at) OR (since = :at AND attribute_not_exists(notificationId))',
        ExpressionAttributeValues: { ':at': at, ':expires': expiresAt(now) },
      }),
    ),
  );

/** Remembers the spell's notification, so a read can mark it read. */
export const keepEpisodeNotification = (memberId: string, mentorshipId: string, since: string, notificationId: string) =>
  ignoreStale(() =>
    documentClient.send(
      new UpdateCommand({
        TableName: table(),
        Key: key(memberId, mentorshipId),
        UpdateExpression: 'SET notificationId = :id',
        ConditionExpression: 'since = :since',
        ExpressionAttributeValues: { ':id': notificationId, ':since': since },
      }),
    ),
  );

/**
 * The member read the conversation at `at`: ends the open spell (or notes the read for a message still on its way).
 * Answers the spell as it was before, so the caller can mark its notification read; undefined for an older read.
 */
export const endEpisode = async (memberId: string, mentorshipId: string, at: string, now = new Date()): Promise<MessageEpisode | undefined> => {
  let before: MessageEpisode | undefined;
  const changed = await ignoreStale(async () => {
    const answer = await documentClient.send(
      new UpdateCommand({
        TableName: table(),
        Key: key(memberId, mentorshipId),
        UpdateExpression: 'SET readAt = :at, expiresAt = :expires',
        ConditionExpression: 'attribute_not_exists(readAt) OR readAt < :at',
        ExpressionAttributeValues: { ':at': at, ':expires': expiresAt(now) },
        ReturnValues: 'ALL_OLD',
      }),
    );
    before = (answer.Attributes ?? {}) as MessageEpisode;
  });
  return changed ? before : undefined;
};

export const getEpisode = async (memberId: string, mentorshipId: string) =>
  (await documentClient.send(new GetCommand({ TableName: table(), Key: key(memberId, mentorshipId), ConsistentRead: true }))).Item as MessageEpisode | undefined;

/** Claims the e-mail of the spell that began at `since`, once, while it is still unread. */
export const claimEpisodeEmail = (memberId: string, mentorshipId: string, since: string, now = new Date()) =>
  ignoreStale(() =>
    documentClient.send(
      new UpdateCommand({
        TableName: table(),
        Key: key(memberId, mentorshipId),
        UpdateExpression: 'SET emailedAt = :now',
        ConditionExpression: 'since = :since AND attribute_not_exists(readAt) AND attribute_not_exists(emailedAt)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':since': since },
      }),
    ),
  );
