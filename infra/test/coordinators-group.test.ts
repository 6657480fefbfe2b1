import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { COORDINATORS_GROUP, TEST_MEMBERS_GROUP } from '@mentoring/shared';
import { AuthStack } from '../lib/stacks/auth-stack';
import { resolveStage } from '../lib/stages';
import { cdkContext } from './synth';

const groupsOf = (stageName: 'dev' | 'prod') => {
  const stage = resolveStage(stageName, (cdkContext() as { stages: unknown }).stages);
  const auth = Template.fromStack(new AuthStack(new App(), 'Auth', { stage }));
  return { auth, names: Object.values(auth.findResources('AWS::Cognito::UserPoolGroup')).map((group) => (group.Properties as { GroupName: string }).GroupName).sort() };
};

describe('auth stack: coordinators', () => {
  it('creates the coordinators group in the stage’s pool, named as the API checks it; beside it only the test members’ group, and that only where the full suite runs', () => {
    const dev = groupsOf('dev');
    expect(dev.names).toEqual([COORDINATORS_GROUP, TEST_MEMBERS_GROUP].sort());
    dev.auth.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: COORDINATORS_GROUP, UserPoolId: { Ref: 'UserPool6BA7E5F2' } });
    expect(groupsOf('prod').names).toEqual([COORDINATORS_GROUP]);
  });
});
