import {
  AdminAddUserToGroupCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
  ListUsersInGroupCommand,
  UserNotFoundException,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { requiredEnv } from './env';
import { sdkClientConfig } from './aws-clients';
import { logger } from './powertools';

/**
 * One client per container. Locally AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER points at cognito-local,
 * which the SDK reads itself. The pool is the one whose tokens the function verifies (COGNITO_USER_POOL_ID).
 */
const client = new CognitoIdentityProviderClient(sdkClientConfig());

const poolId = () => requiredEnv('COGNITO_USER_POOL_ID');

const attribute = (user: UserType, name: string) => user.Attributes?.find((entry) => entry.Name === name)?.Value ?? null;

/**
 * A member's e-mail address: Cognito holds it (the member item does not, so it is never out of date and
 * never leaks through a profile read). Null when the account is gone, or when Cognito could not say (logged).
 */
export const emailOf = async (memberId: string) => {
  try {
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: poolId(), Username: memberId }));
    return user.UserAttributes?.find((entry) => entry.Name === 'email')?.Value ?? null;
  } catch (error) {
    if (error instanceof UserNotFoundException) return null;
    logger.warn("Could not look up a member's e-mail", { memberId, error: (error as Error).message });
    return null;
  }
};

/** The account with this e-mail address, as typed or in lower case (ListUsers filters are exact). */
export const findUserByEmail = async (email: string) => {
  for (const candidate of [...new Set([email, email.toLowerCase()])]) {
    const escaped = candidate.replaceAll('\\', '\\\\').replaceAll('"', '\\"');
    const { Users = [] } = await client.send(new ListUsersCommand({ UserPoolId: poolId(), Filter: `email = "${escaped}"`, Limit: 2 }));
    const [user] = Users;
    if (user?.Username) return { username: user.Username, sub: attribute(user, 'sub') ?? user.Username, email: attribute(user, 'email') ?? candidate };
  }
  return undefined;
};

/**
 * The name the account was made with (Cognito's `name` attribute), for where the ID token does not carry it
 * (cognito-local's tokens never do); null for an account without one or that is gone.
 */
export const accountName = async (username: string) => {
  try {
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: poolId(), Username: username }));
    return user.UserAttributes?.find((entry) => entry.Name === 'name')?.Value ?? null;
  } catch (error) {
    if (error instanceof UserNotFoundException) return null;
    throw error;
  }
};

/** Idempotent: adding a member who is in the group already changes nothing. */
export const addUserToGroup = async (username: string, group: string) => {
  await client.send(new AdminAddUserToGroupCommand({ UserPoolId: poolId(), Username: username, GroupName: group }));
};

/** The e-mail addresses of every enabled member of a group (e.g. all coordinators), page by page. */
export const groupEmails = async (group: string) => {
  const emails: string[] = [];
  let NextToken: string | undefined;
  do {
    const page = await client.send(new ListUsersInGroupCommand({ UserPoolId: poolId(), GroupName: group, NextToken }));
    for (const user of page.Users ?? []) {
      const email = attribute(user, 'email');
      if (email && user.Enabled !== false) emails.push(email);
    }
    NextToken = page.NextToken;
  } while (NextToken);
  return [...new Set(emails)];
};

/** Deletes the account; an account already gone is not an error (a retried deletion). */
export const deleteUser = async (username: string) => {
  try {
    await client.send(new AdminDeleteUserCommand({ UserPoolId: poolId(), Username: username }));
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }
};
