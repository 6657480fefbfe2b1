/**
 * The photo attributes of a member item (`members` table, id = Cognito sub): read it, and set or clear
 * `photoKey` with one conditional write, so two uploads racing cannot both win and a photo is never written
 * onto a member that does not exist. The rest of the item belongs to the members repository.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, ignoreStale, tableName } from '../lib/dynamo';

import type { MemberItem } from './item';

export const getMemberItem = async (id: string): Promise<MemberItem | undefined> => {
  const { Item } = await documentClient.send(new GetCommand({ TableName: tableName('members'), Key: { id }, ConsistentRead: true }));
  return Item as MemberItem | undefined;
};

/**
 * Replaces the member's photo key, if it is still `previous` (null: none). Answers the stored item, or
 * undefined when the condition failed: no such member, or another change of photo came first.
 */
export const setMemberPhoto = async (id: string, photoKey: string | null, previous: string | null): Promise<MemberItem | undefined> => {
  let stored: MemberItem | undefined;
  const written = await ignoreStale(async () => {
    const { Attributes } = await documentClient.send(
      new UpdateCommand({
        TableName: tableName('members'),
        Key: { id },
        // `version` goes up as with every other change of the member, so a profile save based on an older read is refused.
        UpdateExpression: photoKey ? 'SET photoKey = :key, updatedAt = :now ADD version :one' : 'REMOVE photoKey SET updatedAt = :now ADD version :one',
        ConditionExpression: previous
          ? 'attribute_exists(id) AND photoKey = :previous'
          : 'attribute_exists(id) AND attribute_not_exists(photoKey)',
        ExpressionAttributeValues: {
          ':now': new Date().toISOString(),
          ':one': 1,
          ...(photoKey ? { ':key': photoKey } : {}),
          ...(previous ? { ':previous': previous } : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    stored = Attributes as MemberItem;
  });
  return written ? stored : undefined;
};
