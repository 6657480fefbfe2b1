import { AdminDeleteUserCommand, CognitoIdentityProviderClient, ListUsersInGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_MEMBERS_GROUP } from '@mentoring/shared';
import { lambdaContext } from '#testing/events';

// The member-deletion steps are DELETE /api/me's, tested with that route; here only which members go, and in what order.
const steps: string[] = [];
vi.mock('../members', () => ({ deleteMember: vi.fn(async (id: string) => void steps.push(`profile ${id}`)) }));
vi.mock('../lifecycle', () => ({
  liveMentorshipsOf: vi.fn(async (id: string) => [`mentorship of ${id}`]),
  closeAllFor: vi.fn(async (mentorships: string[], id: string) => {
    if (id === 'broken') throw new Error('DynamoDB refused');
    steps.push(`close ${mentorships.join()} by ${id}`);
    return [];
  }),
}));
vi.mock('../safeguarding/blocks', () => ({
  deleteBlocksOf: vi.fn(async (id: string) => void steps.push(`blocks ${id}`)),
  deleteAtStream: vi.fn(async (id: string) => void steps.push(`stream ${id}`)),
}));
vi.mock('../safeguarding/reports', () => ({ deleteReporterPointers: vi.fn(async (id: string) => void steps.push(`reports ${id}`)) }));

const cognito = mockClient(CognitoIdentityProviderClient);
Object.assign(process.env, { COGNITO_USER_POOL_ID: 'pool', AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test' });

const { handler } = await import('./test-members-cleanup');

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
const user = (sub: string, created: Date) => ({ Username: `user-${sub}`, UserCreateDate: created, Attributes: [{ Name: 'sub', Value: sub }] });

describe('the daily clean-up of test members', () => {
  beforeEach(() => {
    steps.length = 0;
    cognito.reset();
    cognito.on(AdminDeleteUserCommand).callsFake(async ({ Username }: { Username: string }) => void steps.push(`account ${Username}`));
  });

  it('deletes, page by page, the test group\'s members made before the cut-off, as a member\'s own deletion does; a run still going keeps its own', async () => {
    cognito
      .on(ListUsersInGroupCommand, { UserPoolId: 'pool', GroupName: TEST_MEMBERS_GROUP, NextToken: undefined })
      .resolves({ Users: [user('old', hoursAgo(30)), user('running', hoursAgo(1))], NextToken: 'page-2' })
      .on(ListUsersInGroupCommand, { UserPoolId: 'pool', GroupName: TEST_MEMBERS_GROUP, NextToken: 'page-2' })
      .resolves({ Users: [user('older', hoursAgo(7))] });
    expect(await handler({}, lambdaContext())).toEqual({ deleted: 2, failed: 0 });
    expect(steps).toEqual([
      'close mentorship of old by old', 'blocks old', 'reports old', 'profile old', 'stream old', 'account user-old',
      'close mentorship of older by older', 'blocks older', 'reports older', 'profile older', 'stream older', 'account user-older',
    ]);
  });

  it('goes on past a member it cannot delete, whose account stays for the next run', async () => {
    cognito.on(ListUsersInGroupCommand).resolves({ Users: [user('broken', hoursAgo(30)), user('old', hoursAgo(30))] });
    expect(await handler({ olderThanHours: 24 }, lambdaContext())).toEqual({ deleted: 1, failed: 1 });
    expect(steps.filter((step) => step.startsWith('account'))).toEqual(['account user-old']);
  });
});
