/**
 * What a function may touch, in one type that the route table and the event-rule table both use. The CDK
 * function construct grants exactly these actions and sets the matching environment; the local stage gives
 * each handler only that environment, so a missing grant fails on this machine as it would in AWS.
 */
import type { BucketKey } from './buckets';
import type { TableKey } from './tables';

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

export type UserPoolAction = 'AdminAddUserToGroup' | 'AdminRemoveUserFromGroup' | 'AdminGetUser' | 'ListUsers' | 'AdminUpdateUserAttributes' | 'AdminDisableUser' | 'AdminEnableUser';

/** The environment variable through which a function learns where a secret lives. */
export const secretEnvVar = (name: SecretName) => `${name.toUpperCase()}_SECRET_ARN`;
