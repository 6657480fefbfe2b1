/** The pair's action items in the `sessions` table: ACTIONS#<mentorshipId> / <itemId>, every change conditional on `version`. */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ActionItem } from '@mentoring/shared';
import { documentClient, ignoreStale, queryAll, tableName } from '../lib/dynamo';

const table = () => tableName('sessions');
const itemKey = (mentorshipId: string, itemId: string) => ({ pk: `ACTIONS#${mentorshipId}`, sk: itemId });

const toActionItem = (item: Record<string, unknown>): ActionItem => {
  const { pk: _pk, sk: _sk, ...rest } = item;
  return rest as unknown as ActionItem;
};

export const listActionItems = async (mentorshipId: string) => {
  const items = (await queryAll({ TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': itemKey(mentorshipId, '').pk } })).map(toActionItem);
  // Open first, then by due day (undated last), then oldest first.
  return items.sort(
    (a, b) => Number(a.done) - Number(b.done) || (a.dueOn ?? '9999').localeCompare(b.dueOn ?? '9999') || a.createdAt.localeCompare(b.createdAt),
  );
};

export const getActionItem = async (mentorshipId: string, itemId: string) => {
  const { Item } = await documentClient.send(new GetCommand({ TableName: table(), Key: itemKey(mentorshipId, itemId), ConsistentRead: true }));
  return Item ? toActionItem(Item) : null;
};

export const createActionItem = async (item: ActionItem) => {
  await documentClient.send(
    new PutCommand({ TableName: table(), Item: { ...itemKey(item.mentorshipId, item.id), ...item }, ConditionExpression: 'attribute_not_exists(pk)' }),
  );
};

/** The changed fields, if the item is still at `version`; null when it is gone or someone changed it first. */
export const updateActionItem = async (
  mentorshipId: string,
  itemId: string,
  version: number,
  changes: Partial<Pick<ActionItem, 'text' | 'ownerId' | 'dueOn' | 'sessionId' | 'done'>>,
  at: string,
) => {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':version': version, ':next': version + 1, ':at': at };
  const sets = ['version = :next', 'updatedAt = :at'];
  Object.entries(changes).forEach(([field, value], index) => {
    if (value === undefined) return;
    names[`#f${index}`] = field;
    values[`:f${index}`] = value;
    sets.push(`#f${index} = :f${index}`);
  });
  let updated: ActionItem | null = null;
  await ignoreStale(async () => {
    const result = await documentClient.send(
      new UpdateCommand({
        TableName: table(),
        Key: itemKey(mentorshipId, itemId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND version = :version',
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    updated = result.Attributes ? toActionItem(result.Attributes) : null;
  });
  return updated as ActionItem | null;
};

export const deleteActionItem = (mentorshipId: string, itemId: string, version: number) =>
  ignoreStale(() =>
    documentClient.send(
      new DeleteCommand({
        TableName: table(),
        Key: itemKey(mentorshipId, itemId),
        ConditionExpression: 'attribute_exists(pk) AND version = :version',
        ExpressionAttributeValues: { ':version': version },
      }),
    ),
  );
