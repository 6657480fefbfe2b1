/**
 * What a function may touch, in one type that the route table and the event-rule table both use. The CDK
 * function construct grants exactly these actions and sets the matching environment; the local stage gives
 * each handler only that environment, so a missing grant fails on this machine as it would in AWS.
 */
import { buckets, type BucketKey } from './buckets';
import { tables, type TableKey } from './tables';

/** DynamoDB actions by name, as IAM spells them (`dynamodb:<action>`). */
export type TableAction =
  | 'GetItem'
  | 'BatchGetItem'
  | 'Query'
  | 'Scan'
  | 'ConditionCheckItem'
  | 'PutItem'
  | 'UpdateItem'
  | 'DeleteItem'
  | 'BatchWriteItem';

/** S3 object actions (`s3:<action>` on the bucket's objects). */
export type BucketAction = 'GetObject' | 'PutObject' | 'DeleteObject' | 'AbortMultipartUpload';

export type SecretName = 'stream';

export interface FunctionNeeds {
  tables?: Partial<Record<TableKey, readonly TableAction[]>>;
  buckets?: Partial<Record<BucketKey, readonly BucketAction[]>>;
  /** Secrets it reads: CDK grants read access and sets e.g. STREAM_SECRET_ARN. */
  secrets?: readonly SecretName[];
  /** Publishes to the Stream event bus (events:PutEvents, EVENT_BUS_NAME). */
  eventBus?: boolean;
}

/** The environment variable through which a function learns where a secret lives. */
export const secretEnvVar = (name: SecretName) => `${name.toUpperCase()}_SECRET_ARN`;

/** How a function learns the name of the bus it publishes to. */
export const EVENT_BUS_ENV_VAR = 'EVENT_BUS_NAME';

/** A resource a function's needs name, as the environment variable that points at it. */
export type NeededResource =
  | { kind: 'table'; key: TableKey }
  | { kind: 'bucket'; key: BucketKey }
  | { kind: 'secret'; name: SecretName }
  | { kind: 'eventBus' };

/**
 * Every environment variable a function's needs set, with the resource each names. The CDK function
 * construct sets exactly these and the local stage gives a handler exactly these, so the two cannot drift.
 */
export const needsEnvironment = (needs: FunctionNeeds): { envVar: string; resource: NeededResource }[] => [
  ...(Object.keys(needs.tables ?? {}) as TableKey[]).map((key) => ({ envVar: tables[key].envVar, resource: { kind: 'table', key } as const })),
  ...(Object.keys(needs.buckets ?? {}) as BucketKey[]).map((key) => ({ envVar: buckets[key].envVar, resource: { kind: 'bucket', key } as const })),
  ...(needs.secrets ?? []).map((name) => ({ envVar: secretEnvVar(name), resource: { kind: 'secret', name } as const })),
  ...(needs.eventBus ? [{ envVar: EVENT_BUS_ENV_VAR, resource: { kind: 'eventBus' } as const }] : []),
];
