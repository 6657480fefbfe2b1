/**
 * The notifications table: a member's partition (newest first by `sk`) and the sparse index `unread`, which
 * holds only unread ones, so counting and finding them reads nothing already read.
 */
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, ignoreStale, queryAll, tableName } from '../lib/dynamo';
import type { NotificationItem } from './item';

const table = () => tableName('notifications');

export const putNotification = async (item: NotificationItem) => {
  await documentClient.send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(sk)' }));
};

/** One page of the member's notifications, newest first, from after `afterSk` (the previous page's last). */
export const queryNotifications = async (memberId: string, { limit, afterSk }: { limit: number; afterSk?: string }) => {
  const answer = await documentClient.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'memberId = :member',
      ExpressionAttributeValues: { ':member': memberId },
      ScanIndexForward: false,
      Limit: limit,
      ...(afterSk ? { ExclusiveStartKey: { memberId, sk: afterSk } } : {}),
    }),
  );
  const last = answer.LastEvaluatedKey?.sk;
  return { items: (answer.Items ?? []) as NotificationItem[], nextSk: typeof last === 'string' ? last : null };
};

/** The sort keys of all the member's unread notifications (the `unread` index). */
export const unreadKeys = async (memberId: string): Promise<string[]> =>
  (
    await queryAll({ TableName: table(), IndexName: 'unread', KeyConditionExpression: 'unreadBy = :member', ExpressionAttributeValues: { ':member': memberId }, ProjectionExpression: 'sk' })
  ).map((item) => item.sk as string);

/** How many of the member's notifications are unread (the `unread` index, counted by DynamoDB). */
export const countUnread = async (memberId: string): Promise<number> => {
  let count = 0;
  await queryAll(
    { TableName: table(), IndexName: 'unread', KeyConditionExpression: 'unreadBy = :member', ExpressionAttributeValues: { ':member': memberId }, Select: 'COUNT' },
    { onPage: (page) => (count += page.Count ?? 0) },
  );
  return count;
};

/**
 * Marks one of the member's notifications read. The key is the caller's own partition, so another member's id
 * finds nothing; one that is gone or already read is left as it is (false).
 */
export const markNotificationRead = (memberId: string, sk: string, at: string) =>
  ignoreStale(() =>
    documentClient.send(
      new UpdateCommand({
        TableName: table(),
        Key: { memberId, sk },
        UpdateExpression: 'SET readAt = :at REMOVE unreadBy',
        ConditionExpression: 'attribute_exists(unreadBy)',
        ExpressionAttributeValues: { ':at': at },
      }),
    ),
  );
