import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { FeedbackItem } from '@mentoring/shared';
import { documentClient, tableName } from '../lib/dynamo';

/** Written with a condition so that an id collision can never overwrite an earlier message. */
export const saveFeedback = async (item: FeedbackItem) => {
  await documentClient.send(
    new PutCommand({
      TableName: tableName('feedback'),
      Item: item,
      ConditionExpression: 'attribute_not_exists(id)',
    }),
  );
};
