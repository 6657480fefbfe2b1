import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../lib/dynamo';

/**
 * Stream retries a delivery for far less than a day; the markers outlive every retry and the webhook's
 * replay window (STALE_AFTER_SECONDS in the handler), then DynamoDB's TTL removes them. A marker that
 * expires while its payload could still be accepted would let a replay through, hence the order of the two.
 */
export const MARKER_TTL_SECONDS = 24 * 60 * 60;

/** Payload markers share the table with delivery ids; webhook ids never hold '#' (the handler checks). */
const payloadMarker = (digest: string) => `payload#${digest}`;

export type Claim = 'claimed' | 'seen_id' | 'seen_payload';

/**
 * Claims a delivery: its X-Webhook-Id (when Stream sent one) and the digest of its signed body, in one
 * transaction, so the same bytes re-sent under a new id are caught as surely as a retry under the old id.
 */
export const claimDelivery = async ({ id, digest }: { id?: string; digest: string }, now = Date.now()): Promise<Claim> => {
  const marker = { receivedAt: new Date(now).toISOString(), expiresAt: Math.floor(now / 1000) + MARKER_TTL_SECONDS };
  const keys = [...(id ? [id] : []), payloadMarker(digest)];
  try {
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: keys.map((key) => ({
          Put: { TableName: tableName('webhookDeliveries'), Item: { id: key, ...marker }, ConditionExpression: 'attribute_not_exists(id)' },
        })),
      }),
    );
    return 'claimed';
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const reasons = error.CancellationReasons ?? [];
    const failed = (index: number) => reasons[index]?.Code === 'ConditionalCheckFailed';
    if (id && failed(0)) return 'seen_id';
    if (failed(keys.length - 1)) return 'seen_payload';
    throw error;
  }
};

/** Gives the markers back, so that Stream's retry of a delivery we failed to publish is not swallowed. */
export const releaseDelivery = async ({ id, digest }: { id?: string; digest: string }) => {
  for (const key of [...(id ? [id] : []), payloadMarker(digest)]) {
    await documentClient.send(new DeleteCommand({ TableName: tableName('webhookDeliveries'), Key: { id: key } }));
  }
};
