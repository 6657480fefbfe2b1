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

/**
 * The environment of a function whose needs say `schedules: true` (set by CDK's grantNeeds and by the local
 * stage): the stage's schedule group, the role Scheduler assumes to invoke targets, the dead-letter queue of
 * undeliverable invocations, and the target (function ARN) of each kind as a JSON map.
 */
export const scheduleEnv = {
  groupName: 'SCHEDULE_GROUP_NAME',
  roleArn: 'SCHEDULER_ROLE_ARN',
  deadLetterArn: 'SCHEDULE_DEAD_LETTER_ARN',
  targets: 'SCHEDULE_TARGETS',
} as const;

export interface FunctionNeeds {
  tables?: Partial<Record<TableKey, readonly TableAction[]>>;
  buckets?: Partial<Record<BucketKey, readonly BucketAction[]>>;
  /**
   * Reads the Stream events the bus carries by reference (STORED_EVENT_PREFIX, shared/src/event-rules.ts): GetObject
   * on those keys of the archive bucket and nothing else there, and ARCHIVE_BUCKET. The rule table sets it for every
   * consumer of Stream's events; a function does not name it itself.
   */
  storedEvents?: boolean;
  /** Secrets it reads: CDK grants read access and sets e.g. STREAM_SECRET_ARN. */
  secrets?: readonly SecretName[];
  /** Publishes to the Stream event bus (events:PutEvents, EVENT_BUS_NAME). */
  eventBus?: boolean;
  /** Sends e-mail through SES from the stage's sender (ses:SendEmail, MAIL_FROM). */
  email?: boolean;
  /** Creates and deletes one-time schedules (EventBridge Scheduler; the local stage's stand-in). */
  schedules?: boolean;
  /** Cognito user-pool administration actions (`cognito-idp:<action>` on the stage's pool, COGNITO_USER_POOL_ID). */
  userPool?: readonly UserPoolAction[];
  /**
   * Needs the site's public origin (e.g. for absolute photo URLs given to Stream): SITE_URL on the local stage;
   * in AWS the web stack writes it to an SSM parameter (SITE_URL_PARAMETER) that the function may read,
   * since the distribution is made after the functions' stacks.
   */
  siteUrl?: boolean;
}

export type UserPoolAction = 'AdminAddUserToGroup' | 'AdminRemoveUserFromGroup' | 'AdminGetUser' | 'ListUsers' | 'AdminUpdateUserAttributes' | 'AdminDisableUser' | 'AdminEnableUser' | 'AdminDeleteUser' | 'ListUsersInGroup';

/** The environment variable through which a function learns where a secret lives. */
export const secretEnvVar = (name: SecretName) => `${name.toUpperCase()}_SECRET_ARN`;

/** How a function learns the name of the bus it publishes to. */
export const EVENT_BUS_ENV_VAR = 'EVENT_BUS_NAME';

/** A resource a function's needs name, as the environment variable that points at it. */
export type NeededResource =
  | { kind: 'table'; key: TableKey }
  | { kind: 'bucket'; key: BucketKey }
  | { kind: 'secret'; name: SecretName }
  | { kind: 'eventBus' }
  | { kind: 'mail' }
  | { kind: 'userPool' }
  | { kind: 'siteUrl' }
  | { kind: 'schedules'; part: keyof typeof scheduleEnv };

export const MAIL_FROM_ENV_VAR = 'MAIL_FROM';
export const USER_POOL_ENV_VAR = 'COGNITO_USER_POOL_ID';
/** In AWS the site's origin is read from an SSM parameter (the web stack writes it after the functions exist). */
export const SITE_URL_PARAMETER_ENV_VAR = 'SITE_URL_PARAMETER';

/**
 * Every environment variable a function's needs set, with the resource each names. The CDK function
 * construct sets exactly these and the local stage gives a handler exactly these, so the two cannot drift.
 */
/**
 * The needs as granted: whatever e-mails members (`email`) also keeps each message as the member's in-app
 * notification (functions/src/notifications), so it may put items into that table, and nothing more there.
 */
export const grantedNeeds = (needs: FunctionNeeds): FunctionNeeds => {
  if (!needs.email) return needs;
  const notifications = needs.tables?.notifications ?? [];
  return notifications.includes('PutItem') ? needs : { ...needs, tables: { ...needs.tables, notifications: [...notifications, 'PutItem'] } };
};

/** The buckets whose names a function learns: those it names, and the archive where it reads stored events. */
const neededBuckets = (needs: FunctionNeeds): BucketKey[] => {
  const named = Object.keys(needs.buckets ?? {}) as BucketKey[];
  return needs.storedEvents && !named.includes('archive') ? [...named, 'archive'] : named;
};

export const needsEnvironment = (given: FunctionNeeds): { envVar: string; resource: NeededResource }[] => {
  const needs = grantedNeeds(given);
  return [
    ...(Object.keys(needs.tables ?? {}) as TableKey[]).map((key) => ({ envVar: tables[key].envVar, resource: { kind: 'table', key } as const })),
    ...neededBuckets(needs).map((key) => ({ envVar: buckets[key].envVar, resource: { kind: 'bucket', key } as const })),
    ...(needs.secrets ?? []).map((name) => ({ envVar: secretEnvVar(name), resource: { kind: 'secret', name } as const })),
    ...(needs.eventBus ? [{ envVar: EVENT_BUS_ENV_VAR, resource: { kind: 'eventBus' } as const }] : []),
    ...(needs.email ? [{ envVar: MAIL_FROM_ENV_VAR, resource: { kind: 'mail' } as const }] : []),
    ...(needs.userPool?.length ? [{ envVar: USER_POOL_ENV_VAR, resource: { kind: 'userPool' } as const }] : []),
    // E-mails link to the page where the member acts, so whatever sends mail knows the site's address too.
    ...(needs.siteUrl || needs.email ? [{ envVar: SITE_URL_PARAMETER_ENV_VAR, resource: { kind: 'siteUrl' } as const }] : []),
    ...(needs.schedules
      ? (Object.keys(scheduleEnv) as (keyof typeof scheduleEnv)[]).map((part) => ({ envVar: scheduleEnv[part], resource: { kind: 'schedules', part } as const }))
      : []),
  ];
};
