import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { routes } from '@mentoring/shared';
import { synthStage } from './synth';

describe('api stack', () => {
  const { stacks } = synthStage('dev');
  const api = Template.fromStack(stacks.api);

  it('declares one HTTP API route per route table entry, plus $default', () => {
    for (const route of routes) {
      api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: `${route.method} ${route.path}` });
    }
    api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: '$default' });
    api.resourceCountIs('AWS::ApiGatewayV2::Route', routes.length + 1);
  });

  it('runs every function on the newest Node runtime, ARM64, traced', () => {
    const functions = api.findResources('AWS::Lambda::Function');
    expect(Object.keys(functions)).toHaveLength(routes.length + 1);
    for (const fn of Object.values(functions)) {
      expect(fn.Properties).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'], TracingConfig: { Mode: 'Active' } });
    }
  });

  it('gives the feedback function its table name and write access only', () => {
    api.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ FEEDBACK_TABLE: Match.anyValue(), POWERTOOLS_SERVICE_NAME: 'http-feedback-create' }) },
    });
    api.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Action: Match.arrayWith(['dynamodb:PutItem']), Effect: 'Allow' }),
        ]),
      },
    });
    const feedbackPolicies = Object.entries(api.findResources('AWS::IAM::Policy')).filter(([id]) => id.startsWith('HttpFeedbackCreate'));
    expect(feedbackPolicies).toHaveLength(1);
    expect(JSON.stringify(feedbackPolicies)).not.toContain('dynamodb:Scan');
    expect(JSON.stringify(feedbackPolicies)).not.toContain('dynamodb:GetItem');
  });

  it('throttles the default stage with the stage settings', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
    });
  });
});
