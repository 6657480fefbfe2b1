import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { AdminAddUserToGroupCommand, CognitoIdentityProviderClient, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeCoordinator, stageRegion, userPoolIdOf } from './coordinator';

const cognitoMock = mockClient(CognitoIdentityProviderClient);
const cloudFormationMock = mockClient(CloudFormationClient);

describe('npm run coordinator', () => {
  beforeEach(() => {
    cognitoMock.reset();
    cloudFormationMock.reset();
  });

  it('finds the stage’s pool in its auth stack outputs and region in cdk.json', async () => {
    cloudFormationMock.on(DescribeStacksCommand, { StackName: 'Mentoring-dev-Auth' }).resolves({
      Stacks: [{ StackName: 'Mentoring-dev-Auth', CreationTime: new Date(), StackStatus: 'CREATE_COMPLETE', Outputs: [{ OutputKey: 'UserPoolId', OutputValue: 'eu-west-1_abc' }] }],
    });
    expect(await userPoolIdOf(new CloudFormationClient({ region: 'eu-west-1' }), 'dev')).toBe('eu-west-1_abc');
    expect(stageRegion('dev')).toMatch(/^[a-z]{2}-[a-z]+-\d$/);
    expect(() => stageRegion('qa')).toThrow('Unknown stage "qa"');
  });

  it('adds the account with the e-mail address to the coordinators group', async () => {
    cognitoMock.on(ListUsersCommand).resolves({ Users: [{ Username: 'u-1', Attributes: [{ Name: 'sub', Value: 'sub-1' }] }] });
    cognitoMock.on(AdminAddUserToGroupCommand).resolves({});
    expect(await makeCoordinator(new CognitoIdentityProviderClient({ region: 'eu-west-1' }), 'pool-1', 'ada@example.org')).toBe('sub-1');
    expect(cognitoMock.commandCalls(AdminAddUserToGroupCommand)[0]!.args[0].input).toEqual({ UserPoolId: 'pool-1', Username: 'u-1', GroupName: 'coordinators' });
  });

  it('says what to do when nobody has that address', async () => {
    cognitoMock.on(ListUsersCommand).resolves({ Users: [] });
    await expect(makeCoordinator(new CognitoIdentityProviderClient({ region: 'eu-west-1' }), 'pool-1', 'nobody@example.org')).rejects.toThrow('sign up in the app first');
    expect(cognitoMock.commandCalls(AdminAddUserToGroupCommand)).toHaveLength(0);
  });
});
