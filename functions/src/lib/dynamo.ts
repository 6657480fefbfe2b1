import { ConditionalCheckFailedException, DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  QueryCommand,
  ScanCommand,
  type BatchGetCommandInput,
  type BatchGetCommandOutput,
  type QueryCommandInput,
  type QueryCommandOutput,
  type ScanCommandInput,
  type ScanCommandOutput,
} from '@aws-sdk/lib-dynamodb';
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

export interface PagingOptions<Output> {
  /**
   * Stop once this many items are read. Without a FilterExpression each request also asks for no more than are
   * still wanted (DynamoDB's Limit counts items before a filter, so with one it is left as given).
   */
  atMost?: number;
  /** Each page as it arrives: to count the read capacity it cost, say. */
  onPage?: (page: Output) => void;
}

/** An item as the document client answers it (attribute values typed loosely, as the SDK types them). */
type Item = NonNullable<QueryCommandOutput['Items']>[number];

const readPages = async <Input extends QueryCommandInput | ScanCommandInput, Output extends QueryCommandOutput | ScanCommandOutput>(
  send: (input: Input) => Promise<Output>,
  input: Omit<Input, 'ExclusiveStartKey'>,
  { atMost, onPage }: PagingOptions<Output>,
) => {
  const items: Item[] = [];
  let ExclusiveStartKey: Item | undefined;
  do {
    const wanted = atMost === undefined || input.FilterExpression ? undefined : Math.min(atMost - items.length, input.Limit ?? Infinity);
    const page = await send({ ...input, ExclusiveStartKey, ...(wanted === undefined ? {} : { Limit: wanted }) } as Input);
    onPage?.(page);
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && (atMost === undefined || items.length < atMost));
  return items;
};

/** Every item a Query answers, page after page (or the first `atMost`; the last page may hold more). */
export const queryAll = (input: Omit<QueryCommandInput, 'ExclusiveStartKey'>, options: PagingOptions<QueryCommandOutput> = {}) =>
  readPages((each: QueryCommandInput) => documentClient.send(new QueryCommand(each)), input, options);

/** Every item a Scan answers, page after page (or the first `atMost`; the last page may hold more). */
export const scanAll = (input: Omit<ScanCommandInput, 'ExclusiveStartKey'>, options: PagingOptions<ScanCommandOutput> = {}) =>
  readPages((each: ScanCommandInput) => documentClient.send(new ScanCommand(each)), input, options);

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

/** One item to read by its whole key, for getItems. */
export interface ItemRead {
  TableName: string;
  Key: Record<string, string>;
  ConsistentRead?: boolean;
}

/** Retries of keys DynamoDB left unprocessed (throttling), before giving up with an error. */
const BATCH_GET_ATTEMPTS = 5;

/**
 * Single items of several tables in one BatchGetItem, answered in the order asked (undefined where there is
 * none). Each request costs the caller's CPU its own SDK middleware, signature and HTTP exchange (~0.7 ms
 * each on the local stage, the directory bench shows), so reads a request needs together go out together.
 * A table's reads are strongly consistent if any read of it asks to be.
 */
export const getItems = async (reads: readonly ItemRead[]): Promise<(Record<string, unknown> | undefined)[]> => {
  let pending: BatchGetCommandInput['RequestItems'] = {};
  for (const { TableName, Key, ConsistentRead } of reads) {
    const entry = (pending[TableName] ??= { Keys: [], ConsistentRead: false });
    entry.Keys!.push(Key);
    entry.ConsistentRead ||= Boolean(ConsistentRead);
  }
  const found: { TableName: string; item: Record<string, unknown> }[] = [];
  for (let attempt = 1; pending && Object.keys(pending).length; attempt += 1) {
    if (attempt > BATCH_GET_ATTEMPTS) throw new Error('DynamoDB left keys of a BatchGetItem unprocessed after every retry.');
    if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
    const { Responses, UnprocessedKeys }: BatchGetCommandOutput = await documentClient.send(new BatchGetCommand({ RequestItems: pending }));
    for (const [TableName, items] of Object.entries(Responses ?? {})) for (const item of items) found.push({ TableName, item });
    pending = UnprocessedKeys;
  }
  return reads.map(({ TableName, Key }) =>
    found.find((each) => each.TableName === TableName && Object.entries(Key).every(([name, value]) => each.item[name] === value))?.item,
  );
};
