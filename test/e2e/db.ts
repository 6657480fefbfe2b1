import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { stageInfo } from './support';

/** The records the API stored that match, read straight from the stage's table (DynamoDB Local for the local stage). */
export const findStoredItems = async (tableKey: string, match: (item: Record<string, unknown>) => boolean) => {
  const info = stageInfo();
  const table = info.tables[tableKey];
  if (!table) throw new Error(`No table named "${tableKey}" for this stage`);
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient(
      info.dynamoDbEndpoint
        ? { endpoint: info.dynamoDbEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {},
    ),
  );
  try {
    const found: Record<string, unknown>[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await client.send(new ScanCommand({ TableName: table, ConsistentRead: true, ExclusiveStartKey }));
      found.push(...(page.Items ?? []).filter(match));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return found;
  } finally {
    client.destroy();
  }
};
