import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tables, type TableKey } from '@mentoring/shared';

/**
 * One client per container. Locally the endpoint comes from AWS_ENDPOINT_URL_DYNAMODB,
 * which the SDK reads itself, so this code is the same in both runtimes.
 */
export const documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});

export const tableName = (key: TableKey): string => {
  const name = process.env[tables[key].envVar];
  if (!name) throw new Error(`${tables[key].envVar} is not set`);
  return name;
};
