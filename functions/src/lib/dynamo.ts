import { ConditionalCheckFailedException, DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
// Not from the package's index: the idempotency store imports this module lazily, and a lazily loaded index would
// build every slice of the route table (the bundling test checks none does).
import { tables, type TableKey } from '@mentoring/shared/tables';
import { requiredEnv } from './env';
import { traced } from './powertools';
import { sdkClientConfig } from './aws-clients';

/**
 * One client per container. Locally the endpoint comes from AWS_ENDPOINT_URL_DYNAMODB,
 * which the SDK reads itself, so this code is the same in both runtimes.
 */
export const documentClient = DynamoDBDocumentClient.from(traced(new DynamoDBClient(sdkClientConfig())), {
  marshallOptions: { removeUndefinedValues: true },
});

export const tableName = (key: TableKey): string => requiredEnv(tables[key].envVar);

/** Runs a conditional write; false when its condition said no (a newer or the same write is already stored). */
export const ignoreStale = async (write: () => Promise<unknown>) => {
  try {
    await write();
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException || error instanceof TransactionCanceledException) return false;
    throw error;
  }
};
