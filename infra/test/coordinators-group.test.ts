import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, it } from 'vitest';
import { COORDINATORS_GROUP } from '@mentoring/shared';
import { AuthStack } from '../lib/stacks/auth-stack';
import { resolveStage } from '../lib/stages';
import { cdkContext } from './synth';

describe('auth stack: coordinators', () => {
  it('creates the coordinators group in the stage’s pool, named as the API checks it', () => {
    const stage = resolveStage('dev', (cdkContext() as { stages: unknown }).stages);
    const auth = Template.fromStack(new AuthStack(new App(), 'Auth', { stage }));
    auth.resourceCountIs('AWS::Cognito::UserPoolGroup', 1);
    auth.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: COORDINATORS_GROUP, UserPoolId: { Ref: 'UserPool6BA7E5F2' } });
  });
});
