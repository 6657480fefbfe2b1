import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
  type GlobalSecondaryIndex,
  type DynamoDBClient,
  type KeySchemaElement,
} from '@aws-sdk/client-dynamodb';
import { tables, type IndexDefinition, type TableDefinition, type TableKey } from '@mentoring/shared';

export const localTableName = (key: TableKey) => key;

const describe = async (client: DynamoDBClient, TableName: string) => {
  try {
    return (await client.send(new DescribeTableCommand({ TableName }))).Table;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return undefined;
    throw error;
  }
};

const keySchema = (definition: Pick<TableDefinition, 'partitionKey' | 'sortKey'>) => {
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

/** The same index as the CDK data stack makes from the definition (globalIndex in data-stack.ts). */
export const localGlobalIndex = (index: IndexDefinition): GlobalSecondaryIndex => ({
  IndexName: index.name,
  KeySchema: keySchema(index).keys,
  Projection: index.projection ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.projection] } : { ProjectionType: 'ALL' },
});

/** Every attribute a key of the table or of one of its indexes uses, once. */
const attributeDefinitions = (definition: TableDefinition) => {
  const all = [keySchema(definition), ...(definition.globalIndexes ?? []).map(keySchema)].flatMap(({ attributes }) => attributes);
  return [...new Map(all.map((attribute) => [attribute.AttributeName, attribute])).values()];
};

/**
 * Creates every table of the shared definitions that does not exist yet, and adds any index a kept table
 * (a developer's .local data) lacks; safe to run on every start.
 */
export const ensureTables = (client: DynamoDBClient) =>
  Promise.all(
    (Object.entries(tables) as [TableKey, TableDefinition][]).map(async ([key, definition]) => {
      const TableName = localTableName(key);
      const existing = await describe(client, TableName);
      if (existing) {
        const present = new Set((existing.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
        for (const index of definition.globalIndexes ?? []) {
          if (present.has(index.name)) continue;
          await client.send(
            new UpdateTableCommand({
              TableName,
              AttributeDefinitions: attributeDefinitions(definition),
              GlobalSecondaryIndexUpdates: [{ Create: localGlobalIndex(index) }],
            }),
          );
        }
        return;
      }
      const { keys } = keySchema(definition);
      await client.send(
        new CreateTableCommand({
          TableName,
          KeySchema: keys,
          AttributeDefinitions: attributeDefinitions(definition),
          GlobalSecondaryIndexes: definition.globalIndexes?.map(localGlobalIndex),
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
