/**
 * `npx tsx scripts/backfill-directory-summaries.ts --stage <stage> --safeguarding-table <name> --mentorships-table <name>`:
 * brings data stored before the directory read its viewer in one BatchGetItem into the new layout.
 *
 * - Blocks of the first layout (BLOCKS#<by> / <blocked> and BLOCKED_BY#<blocked> / <by>) move to each member's
 *   partition (MEMBER#<by> / BLOCKS#<blocked>, MEMBER#<blocked> / BLOCKED_BY#<by>) and into both members'
 *   summaries (MEMBER#<id> / HIDDEN), functions/src/safeguarding/blocks/repository.ts. Each block moves in one
 *   transaction (new items and summaries in, old items out).
 * - Every DECLINED mentorship that is someone's no (not the programme's no_places) puts its mentor into the
 *   mentee's DECLINED set (MENTEE#<menteeId> / DECLINED), functions/src/mentorships/repository.ts.
 *
 * Both are idempotent (sets, and moved blocks leave the old layout), so a run that stops part-way simply runs
 * again. Run it right after the deploy that brings the new layout: until then the new code sees neither the old
 * blocks nor the old declines.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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

/** Puts the mentor of every DECLINED mentorship that is someone's no into the mentee's DECLINED set; answers how many. */
export const backfillDeclinedSets = async (client: DynamoDBDocumentClient, table: string) => {
  let added = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: table,
        FilterExpression: 'sk = :meta AND #state = :declined AND (attribute_not_exists(declineReason) OR declineReason <> :noPlaces)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':meta': 'META', ':declined': 'DECLINED', ':noPlaces': 'no_places' },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      await client.send(
        new UpdateCommand({
          TableName: table,
          Key: { pk: `MENTEE#${item.menteeId as string}`, sk: 'DECLINED' },
          UpdateExpression: 'ADD mentorIds :id',
          ExpressionAttributeValues: { ':id': new Set([item.mentorId as string]) },
        }),
      );
      added += 1;
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return added;
};

const main = async () => {
  const { values } = parseArgs({ options: { stage: { type: 'string' }, 'safeguarding-table': { type: 'string' }, 'mentorships-table': { type: 'string' } } });
  const safeguarding = values['safeguarding-table'];
  const mentorships = values['mentorships-table'];
  if (!values.stage || !safeguarding || !mentorships) {
    console.error('Usage: npx tsx scripts/backfill-directory-summaries.ts --stage <dev|staging|prod> --safeguarding-table <name> --mentorships-table <name>');
    process.exit(2);
  }
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: stageRegion(values.stage) }));
  try {
    console.log(`Moved ${await backfillBlockPartitions(client, safeguarding)} blocks to the members' partitions of ${safeguarding}.`);
    console.log(`Put ${await backfillDeclinedSets(client, mentorships)} declines into the mentees' DECLINED sets of ${mentorships}.`);
  } finally {
    client.destroy();
  }
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
