import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';

/**
 * Reads what the API stored: DynamoDB Local for the local stage, or the deployed stage's tables
 * (STAGE_TABLES and the usual AWS credentials) when BASE_URL points at AWS.
 */
export const db = (endpoint: string | null = inject('dynamoDbEndpoint')) =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient(
      endpoint
        ? { endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {},
    ),
  );

export const tableName = (key: string, tables: Record<string, string> = inject('tables')) => {
  const name = tables[key];
  if (!name) throw new Error(`No table named "${key}" for this stage`);
  return name;
};

export const getItem = async (table: string, key: Record<string, unknown>, client = db()) =>
  (await client.send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }))).Item;

export const countItems = async (table: string, client = db()) => {
  let count = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, Select: 'COUNT', ConsistentRead: true, ExclusiveStartKey }));
    count += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
};

/** Removes what a test created, so the suite leaves a deployed stage as it found it. */
export const deleteItem = async (table: string, key: Record<string, unknown>, client = db()) => {
  await client.send(new DeleteCommand({ TableName: table, Key: key }));
};
