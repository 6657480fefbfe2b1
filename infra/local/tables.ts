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
  const attributes = new Map<string, AttributeDefinition>([
    [definition.partitionKey.name, { AttributeName: definition.partitionKey.name, AttributeType: definition.partitionKey.type }],
  ]);
  if (definition.sortKey) {
    keys.push({ AttributeName: definition.sortKey.name, KeyType: 'RANGE' });
    attributes.set(definition.sortKey.name, { AttributeName: definition.sortKey.name, AttributeType: definition.sortKey.type });
  }
  const indexes = (definition.globalIndexes ?? []).map((index) => {
    for (const key of [index.partitionKey, index.sortKey]) if (key) attributes.set(key.name, { AttributeName: key.name, AttributeType: key.type });
    return {
      IndexName: index.name,
      KeySchema: [
        { AttributeName: index.partitionKey.name, KeyType: 'HASH' as const },
        ...(index.sortKey ? [{ AttributeName: index.sortKey.name, KeyType: 'RANGE' as const }] : []),
      ],
      Projection: index.projection ? { ProjectionType: 'INCLUDE' as const, NonKeyAttributes: [...index.projection] } : { ProjectionType: 'ALL' as const },
    };
  });
  return { keys, attributes: [...attributes.values()], indexes };
};

/** Creates every table of the shared definitions that does not exist yet; safe to run on every start. */
export const ensureTables = (client: DynamoDBClient) =>
  Promise.all(
    (Object.entries(tables) as [TableKey, TableDefinition][]).map(async ([key, definition]) => {
      const TableName = localTableName(key);
      if (await exists(client, TableName)) return;
      const { keys, attributes, indexes } = keySchema(definition);
      await client.send(
        new CreateTableCommand({
          TableName,
          KeySchema: keys,
          AttributeDefinitions: attributes,
          ...(indexes.length ? { GlobalSecondaryIndexes: indexes } : {}),
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
  Object.fromEntries((Object.keys(tables) as TableKey[]).map((key) => [key, localTableName(key)]));

export const tableEnvironment = () =>
  Object.fromEntries(
    (Object.entries(tables) as [TableKey, TableDefinition][]).map(([key, definition]) => [
      definition.envVar,
      localTableName(key),
    ]),
  );
