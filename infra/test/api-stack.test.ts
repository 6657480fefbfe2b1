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
    const policies = JSON.stringify(api.findResources('AWS::IAM::Policy'));
    expect(policies).not.toContain('dynamodb:Scan');
  });

  it('throttles the default stage with the stage settings', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
    });
  });
});

describe('api stack: the Stream secret', () => {
  const { stacks } = synthStage('dev');
  const api = Template.fromStack(stacks.api);
  const functions = api.findResources('AWS::Lambda::Function');
  const byService = (service: string) =>
    Object.entries(functions).find(([, fn]) => fn.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME === service)!;

  it('gives the chat token function the secret ARN of its stage, and only that function', () => {
    const [, tokenFunction] = byService('http-chat-get-or-create-token');
    expect(JSON.stringify(tokenFunction.Properties.Environment.Variables.STREAM_SECRET_ARN)).toContain(':secret:mentoring/dev/stream');
    const others = Object.values(functions).filter((fn) => fn !== tokenFunction);
    for (const fn of others) expect(fn.Properties.Environment?.Variables?.STREAM_SECRET_ARN).toBeUndefined();
  });

  it('lets the chat token function read the secret and nothing more', () => {
    const [tokenId] = byService('http-chat-get-or-create-token');
    const policies = Object.values(api.findResources('AWS::IAM::Policy'));
    const secretStatements = policies.flatMap((policy) =>
      (policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[])
        .filter((statement) => JSON.stringify(statement.Action).includes('secretsmanager:'))
        .map((statement) => ({ statement, roles: JSON.stringify(policy.Properties.Roles) })),
    );
    expect(secretStatements).toHaveLength(1);
    const [{ statement, roles }] = secretStatements as [(typeof secretStatements)[number]];
    expect(roles).toContain(tokenId.replace(/Function.*$/, 'Function'));
    expect([statement.Action].flat().sort()).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
    expect(JSON.stringify(statement.Resource)).toContain(':secret:mentoring/dev/stream-??????');
  });
});
