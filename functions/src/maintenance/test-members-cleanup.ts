import { ListUsersInGroupCommand, CognitoIdentityProviderClient, type UserType } from '@aws-sdk/client-cognito-identity-provider';
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { TEST_MEMBERS_GROUP } from '@mentoring/shared';
import { sdkClientConfig } from '../lib/aws-clients';
import { deleteUser } from '../lib/cognito';
import { requiredEnv } from '../lib/env';
import { logger } from '../lib/powertools';
import { deleteMember } from '../members';
import { closeAllFor, liveMentorshipsOf } from '../lifecycle';
import { deleteAtStream, deleteBlocksOf } from '../safeguarding/blocks';
import { deleteReporterPointers } from '../safeguarding/reports';

/** A run still going is younger than this: its members are its own to delete. */
export const LEFT_BEHIND_AFTER_HOURS = 6;

const client = new CognitoIdentityProviderClient(sdkClientConfig());

const sub = (user: UserType) => user.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value ?? user.Username!;

/** Every member of the test group made before `cutoff`, page by page. */
const leftBehind = async (cutoff: number) => {
  const users: UserType[] = [];
  let NextToken: string | undefined;
  do {
    const page = await client.send(new ListUsersInGroupCommand({ UserPoolId: requiredEnv('COGNITO_USER_POOL_ID'), GroupName: TEST_MEMBERS_GROUP, NextToken }));
    users.push(...(page.Users ?? []).filter((user) => (user.UserCreateDate?.getTime() ?? 0) < cutoff));
    NextToken = page.NextToken;
  } while (NextToken);
  return users;
};

/**
 * Dev and staging only, once a day: what integration runs that were killed before their own clean-up left
 * behind, removed as a member's own DELETE /api/me removes it (their mentorships closed, blocks and report
 * pointers, profile, Stream user, then the account). Only members of the test group, so nobody else's account.
 */
export const handler = middy<{ olderThanHours?: number }, { deleted: number; failed: number }>()
  .use(injectLambdaContext(logger))
  .handler(async (event) => {
    const cutoff = Date.now() - (event.olderThanHours ?? LEFT_BEHIND_AFTER_HOURS) * 3_600_000;
    let deleted = 0;
    let failed = 0;
    for (const user of await leftBehind(cutoff)) {
      const id = sub(user);
      try {
        await closeAllFor(await liveMentorshipsOf(id), id);
        await Promise.all([deleteBlocksOf(id), deleteReporterPointers(id)]);
        await deleteMember(id);
        await deleteAtStream(id);
        await deleteUser(user.Username!);
        deleted += 1;
      } catch (error) {
        // One member that cannot go (logged) does not keep the others; the next day's run tries again.
        failed += 1;
        logger.error('A test member left behind could not be deleted', { memberId: id, error: error as Error });
      }
    }
    logger.info('Test members left behind deleted', { deleted, failed });
    return { deleted, failed };
  });
