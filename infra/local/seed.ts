import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { COORDINATORS_GROUP, DEFAULT_PROGRAMME } from '@mentoring/shared';
import { withListing, type MemberItem } from '../../functions/src/members/item';
import { LOCAL_REGION, localCredentials } from './dynamodb';
import { SEED_MENTORS } from './seed-data';

/** The local stage's coordinator: a fixed address, a password made on first start and kept beside the users. */
export const SEED_COORDINATOR_EMAIL = 'coordinator@example.org';

export interface SeedResult {
  coordinator: { email: string; password: string };
  mentorsAdded: number;
}

const newPassword = () => `Local-${randomBytes(6).toString('hex')}-Aa1`;

/**
 * Demo data for `npm start` (never for tests, which make their own: SEED=false): a coordinator in
 * cognito-local and a dozen approved mentors. Idempotent: what exists is left alone, so a restart keeps
 * whatever the newcomer changed.
 */
export const seedLocalStage = async ({
  cognito,
  dynamoDbEndpoint,
  membersTable,
  stateFile,
}: {
  cognito: { endpoint: string; userPoolId: string };
  dynamoDbEndpoint: string;
  membersTable: string;
  /** Where the coordinator's password is kept (beside cognito-local's users); none for an in-memory stage. */
  stateFile?: string;
}): Promise<SeedResult> => {
  const idp = new CognitoIdentityProviderClient({ endpoint: cognito.endpoint, region: LOCAL_REGION, credentials: localCredentials });
  const dynamo = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: dynamoDbEndpoint, region: LOCAL_REGION, credentials: localCredentials }));
  try {
    const kept = stateFile && existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as { password?: string }) : {};
    const { Users = [] } = await idp.send(new ListUsersCommand({ UserPoolId: cognito.userPoolId, Filter: `email = "${SEED_COORDINATOR_EMAIL}"` }));
    let password = kept.password;
    let username = Users[0]?.Username;
    if (!username) {
      password ??= newPassword();
      const created = await idp.send(
        new AdminCreateUserCommand({
          UserPoolId: cognito.userPoolId,
          Username: SEED_COORDINATOR_EMAIL,
          MessageAction: 'SUPPRESS',
          TemporaryPassword: password,
          UserAttributes: [
            { Name: 'email', Value: SEED_COORDINATOR_EMAIL },
            { Name: 'email_verified', Value: 'true' },
            { Name: 'name', Value: 'Casey Coordinator' },
          ],
        }),
      );
      username = created.User!.Username!;
    }
    if (!password || !Users[0] || Users[0].UserStatus !== 'CONFIRMED') {
      // A first start, or a kept pool whose password file was lost: set one that the banner can print.
      password ??= newPassword();
      await idp.send(new AdminSetUserPasswordCommand({ UserPoolId: cognito.userPoolId, Username: username, Password: password, Permanent: true }));
    }
    if (stateFile) writeFileSync(stateFile, JSON.stringify({ email: SEED_COORDINATOR_EMAIL, password }), { mode: 0o600 });
    await idp.send(new AdminAddUserToGroupCommand({ UserPoolId: cognito.userPoolId, Username: username, GroupName: COORDINATORS_GROUP }));

    const now = Date.now();
    const added = await Promise.all(
      SEED_MENTORS.map(async (mentor) => {
        const at = new Date(now - mentor.activeHoursAgo * 3_600_000).toISOString();
        const item: MemberItem = withListing({
          ...mentor.profile,
          id: mentor.id,
          email: mentor.email,
          role: 'mentor',
          codeOfConductVersion: DEFAULT_PROGRAMME.codeOfConductVersion,
          activeMentees: 0,
          approvalState: 'approved',
          submittedAt: at,
          decidedAt: at,
          decisionNote: null,
          decidedBy: 'seed',
          lastActiveAt: at,
          createdAt: at,
          updatedAt: at,
          version: 1,
        });
        try {
          await dynamo.send(new PutCommand({ TableName: membersTable, Item: item, ConditionExpression: 'attribute_not_exists(id)' }));
          return 1;
        } catch (error) {
          if (error instanceof ConditionalCheckFailedException) return 0;
          throw error;
        }
      }),
    );
    return { coordinator: { email: SEED_COORDINATOR_EMAIL, password }, mentorsAdded: added.reduce<number>((sum, one) => sum + one, 0) };
  } finally {
    idp.destroy();
    dynamo.destroy();
  }
};
