import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { FeedbackItem } from '@mentoring/shared';
import { documentClient, scanAll, tableName } from '../lib/dynamo';

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
export const listFeedback = async (type?: FeedbackItem['feedbackType']) =>
  (await scanAll({
    TableName: tableName('feedback'),
    ...(type ? { FilterExpression: 'feedbackType = :type', ExpressionAttributeValues: { ':type': type } } : {}),
  })) as FeedbackItem[];
