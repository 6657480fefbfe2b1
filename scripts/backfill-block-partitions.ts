/**
 * `npx tsx scripts/backfill-block-partitions.ts --stage <stage> --table <safeguarding table name>`: moves blocks
 * stored in the first layout (BLOCKS#<by> / <blocked> and BLOCKED_BY#<blocked> / <by>) to each member's
 * partition (MEMBER#<by> / BLOCKS#<blocked>, MEMBER#<blocked> / BLOCKED_BY#<by>) and adds them to both members'
 * summaries (MEMBER#<id> / HIDDEN), which the directory reads (functions/src/safeguarding/blocks/repository.ts).
 * Each block moves in one transaction (new items and summaries in, old items out), so a run that stops part-way
 * can simply run again; a block that is already in the new layout is left as it is. Run it right after the
 * deploy that brings the new layout: until then the new code does not see blocks in the old one.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { stageRegion } from './coordinator';

/** Moves every block of the old layout; answers how many moved. */
export const backfillBlockPartitions = async (client: DynamoDBDocumentClient, table: string) => {
  let moved = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({ TableName: table, FilterExpression: 'begins_with(pk, :old)', ExpressionAttributeValues: { ':old': 'BLOCKS#' }, ExclusiveStartKey }),
    );
    for (const item of page.Items ?? []) {
      const by = (item.pk as string).slice('BLOCKS#'.length);
      const blocked = item.sk as string;
      const blockedAt = item.blockedAt as string;
      await client.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: table, Item: { pk: `MEMBER#${by}`, sk: `BLOCKS#${blocked}`, blockedAt } } },
            { Put: { TableName: table, Item: { pk: `MEMBER#${blocked}`, sk: `BLOCKED_BY#${by}`, blockedAt } } },
            { Update: { TableName: table, Key: { pk: `MEMBER#${by}`, sk: 'HIDDEN' }, UpdateExpression: 'ADD blocks :id', ExpressionAttributeValues: { ':id': new Set([blocked]) } } },
            { Update: { TableName: table, Key: { pk: `MEMBER#${blocked}`, sk: 'HIDDEN' }, UpdateExpression: 'ADD blockedBy :id', ExpressionAttributeValues: { ':id': new Set([by]) } } },
            { Delete: { TableName: table, Key: { pk: item.pk, sk: item.sk } } },
            { Delete: { TableName: table, Key: { pk: `BLOCKED_BY#${blocked}`, sk: by } } },
          ],
        }),
      );
      moved += 1;
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return moved;
};

const main = async () => {
  const { values } = parseArgs({ options: { stage: { type: 'string' }, table: { type: 'string' } } });
  if (!values.stage || !values.table) {
    console.error('Usage: npx tsx scripts/backfill-block-partitions.ts --stage <dev|staging|prod> --table <safeguarding table name>');
    process.exit(2);
  }
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: stageRegion(values.stage) }));
  try {
    console.log(`Moved ${await backfillBlockPartitions(client, values.table)} blocks to the members' partitions of ${values.table}.`);
  } finally {
    client.destroy();
  }
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
