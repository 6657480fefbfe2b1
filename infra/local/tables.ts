import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
  type DynamoDBClient,
  type KeySchemaElement,
} from '@aws-sdk/client-dynamodb';
import { tables, type TableDefinition, type TableKey } from '@mentoring/shared';

export const localTableName = (key: TableKey) => key;

const exists = async (client: DynamoDBClient, TableName: string) => {
  try {
    await client.send(new DescribeTableCommand({ TableName }));
    return true;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return false;
    throw error;
  }
};

const keySchema = (definition: TableDefinition) => {
  const keys: KeySchemaElement[] = [{ AttributeName: definition.partitionKey.name, KeyType: 'HASH' }];
  const attributes: AttributeDefinition[] = [
    { AttributeName: definition.partitionKey.name, AttributeType: definition.partitionKey.type },
  ];
  if (definition.sortKey) {
    keys.push({ AttributeName: definition.sortKey.name, KeyType: 'RANGE' });
    attributes.push({ AttributeName: definition.sortKey.name, AttributeType: definition.sortKey.type });
  }
  return { keys, attributes };
};

/** Creates every table of the shared definitions that does not exist yet; safe to run on every start. */
export const ensureTables = (client: DynamoDBClient) =>
  Promise.all(
    (Object.entries(tables) as [TableKey, TableDefinition][]).map(async ([key, definition]) => {
      const TableName = localTableName(key);
      if (await exists(client, TableName)) return;
      const { keys, attributes } = keySchema(definition);
      await client.send(
        new CreateTableCommand({
          TableName,
          KeySchema: keys,
          AttributeDefinitions: attributes,
          BillingMode: 'PAY_PER_REQUEST',
        }),
      );
      if (definition.timeToLiveAttribute) {
        await client.send(
          new UpdateTimeToLiveCommand({
            TableName,
            TimeToLiveSpecification: { AttributeName: definition.timeToLiveAttribute, Enabled: true },
          }),
        );
      }
    }),
  );

export const localTableNames = () =>
  Object.fromEntries((Object.keys(tables) as TableKey[]).map((key) => [key, localTableName(key)])) as Record<TableKey, string>;
