import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, ignoreStale, tableName } from '../dynamo';

/** Stream retries a delivery for far less than a day; the marker outlives every retry, then DynamoDB's TTL removes it. */
const MARKER_TTL_SECONDS = 24 * 60 * 60;

/** Claims a delivery id; false when an earlier delivery with the same id already claimed it. */
export const claimDelivery = (id: string, now = Date.now()) =>
  ignoreStale(() =>
    documentClient.send(
      new PutCommand({
        TableName: tableName('webhookDeliveries'),
        Item: { id, receivedAt: new Date(now).toISOString(), expiresAt: Math.floor(now / 1000) + MARKER_TTL_SECONDS },
        ConditionExpression: 'attribute_not_exists(id)',
      }),
    ),
  );

/** Gives the id back, so that Stream's retry of a delivery we failed to publish is not swallowed. */
export const releaseDelivery = async (id: string) => {
  await documentClient.send(new DeleteCommand({ TableName: tableName('webhookDeliveries'), Key: { id } }));
};
