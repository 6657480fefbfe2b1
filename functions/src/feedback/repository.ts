import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { FeedbackItem } from '@mentoring/shared';
import { documentClient, tableName } from '../lib/dynamo';

/**
 * The feedback table's one writer. A message is put with a condition so that an id collision can never overwrite
 * an earlier one; a survey's answer puts it in the mentorship's transaction (`feedbackPut`).
 */
export const feedbackPut = (item: FeedbackItem) => ({
  Put: { TableName: tableName('feedback'), Item: item, ConditionExpression: 'attribute_not_exists(id)' },
});

export const saveFeedback = async (item: FeedbackItem) => {
  await documentClient.send(new PutCommand(feedbackPut(item).Put));
};

/**
 * Every feedback message, of one type when asked. The table is keyed by id only and read whole by a Scan
 * (filtered by type on the server side), which at a programme's volume of feedback costs less than an index.
 */
export const listFeedback = async (type?: FeedbackItem['feedbackType']) => {
  const items: FeedbackItem[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new ScanCommand({
        TableName: tableName('feedback'),
        ExclusiveStartKey,
        ...(type ? { FilterExpression: 'feedbackType = :type', ExpressionAttributeValues: { ':type': type } } : {}),
      }),
    );
    items.push(...((page.Items ?? []) as FeedbackItem[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
};
