import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { z } from 'zod';
import { routeList, type RouteDefinition } from '@mentoring/shared';
import { ApiStack } from '../lib/stacks/api-stack';
import { DataStack } from '../lib/stacks/data-stack';
import { resolveStage } from '../lib/stages';
import { cdkContext, sharedStage, synthStage, templateWithNested } from './synth';

const routes = routeList();

/** A route of a test's own table: what the stack reads of an entry. */
const testRoute = ({ key, ...entry }: Pick<RouteDefinition, 'key' | 'handler' | 'auth'> & { needs?: RouteDefinition['needs'] }): RouteDefinition => {
  const [method, path] = key.split(' ') as [RouteDefinition['method'], RouteDefinition['path']];
  return { needs: {}, response: z.unknown(), ...entry, key, method, path };
};

describe('api stack', () => {
  const { stacks } = sharedStage('dev');
  const api = templateWithNested(stacks.api);

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
    // It may read a mentorship (match feedback names one), but on its own table it only puts.
    const statements = (feedbackPolicies[0]![1].Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]).filter(
      (statement) => JSON.stringify(statement.Resource).includes('FeedbackTable'),
    );
    expect(statements.map((statement) => statement.Action)).toEqual(['dynamodb:PutItem']);
  });

  it('throttles the default stage with the stage settings', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
    });
  });

  it('writes one JSON access-log line per request to a log group with the stage retention', () => {
    const [stage] = Object.values(api.findResources('AWS::ApiGatewayV2::Stage'));
    const format = JSON.parse(stage!.Properties.AccessLogSettings.Format as string) as Record<string, string>;
    expect(format).toMatchObject({ requestId: '$context.requestId', status: '$context.status', routeKey: '$context.routeKey', latencyMs: '$context.responseLatency' });
    expect(stage!.Properties.AccessLogSettings.DestinationArn).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^AccessLogs/), 'Arn'] });
    api.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 14 });
  });

  it("logs every function to the API's one log group with the stage retention, and gives each the Powertools environment", () => {
    const functions = Object.values(api.findResources('AWS::Lambda::Function'));
    for (const fn of functions) {
      expect(fn.Properties.LoggingConfig.LogGroup).toEqual({ Ref: expect.stringMatching(/^FunctionLogs/) });
      expect(fn.Properties.Environment.Variables).toMatchObject({
        POWERTOOLS_METRICS_NAMESPACE: 'Mentoring',
        POWERTOOLS_LOG_LEVEL: 'DEBUG',
        STAGE: 'dev',
        APP_VERSION: '0.1.0',
        NODE_OPTIONS: '--enable-source-maps',
      });
    }
    // The functions' group and the access logs.
    expect(Object.keys(api.findResources('AWS::Logs::LogGroup', { Properties: { RetentionInDays: 14 } }))).toHaveLength(2);
  });

  it('takes the pipeline version from -c version=...', () => {
    const versioned = templateWithNested(synthStage('dev', { version: 'abc1234' }).stacks.api);
    versioned.hasResourceProperties('AWS::Lambda::Function', { Environment: { Variables: Match.objectLike({ APP_VERSION: 'abc1234' }) } });
  });
});

describe('api stack identity', () => {
  const guarded = testRoute({ key: 'GET /api/me', handler: 'http/feedback/create', auth: 'required' });
  const open = testRoute({ key: 'GET /api/health', handler: 'http/health/get', auth: 'none' });

  it('refuses a signed-in route without the user pool its function must trust', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stage = resolveStage('dev', (cdkContext() as { stages: unknown }).stages);
    const data = new DataStack(app, 'Data', { stage });
    expect(() => new ApiStack(app, 'Api', { stage, tables: data.tables, routes: [guarded, open] })).toThrow(
      "Route GET /api/me reads the caller's identity",
    );
  });
});

describe('api stack secrets', () => {
  it('lets a route that names the Stream secret read it, and tells it where it is', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    const stage = resolveStage('dev', (cdkContext() as { stages: unknown }).stages);
    const data = new DataStack(app, 'Data', { stage });
    const route = testRoute({ key: 'GET /api/chat/token', handler: 'http/health/get', auth: 'none', needs: { secrets: ['stream'] } });
    const stack = new ApiStack(app, 'Api', { stage, tables: data.tables, routes: [route] });
    const template = templateWithNested(stack);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ STREAM_SECRET_ARN: Match.objectLike({ 'Fn::Join': Match.arrayWith([Match.arrayWith([':secret:mentoring/dev/stream'])]) }) }) },
    });
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Action: ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'] })]) },
    });
    expect(() => app.synth()).not.toThrow();
  });
});

describe('api stack: the Stream secret', () => {
  const { stacks } = sharedStage('dev');
  const api = templateWithNested(stacks.api);
  const functions = api.findResources('AWS::Lambda::Function');
  const service = (fn: (typeof functions)[string]) => String(fn.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME);
  // The routes that name the secret in the route table: the chat token and the webhook ingress.
  const readers = routes.filter((route) => route.needs.secrets?.includes('stream')).map((route) => route.handler.replaceAll('/', '-'));

  it('gives the functions of routes that name it the secret ARN of their stage, and no other function', () => {
    expect(readers).toEqual(expect.arrayContaining(['http-chat-get-or-create-token', 'http-webhooks-stream']));
    for (const fn of Object.values(functions)) {
      const arn = fn.Properties.Environment?.Variables?.STREAM_SECRET_ARN;
      if (readers.includes(service(fn))) expect(JSON.stringify(arn)).toContain(':secret:mentoring/dev/stream');
      else expect(arn).toBeUndefined();
    }
  });

  it('lets exactly those functions read the secret, and nothing more', () => {
    const policies = Object.values(api.findResources('AWS::IAM::Policy'));
    const secretStatements = policies.flatMap((policy) =>
      (policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[])
        .filter((statement) => JSON.stringify(statement.Action).includes('secretsmanager:'))
        .map((statement) => ({ statement, roles: JSON.stringify(policy.Properties.Roles) })),
    );
    expect(secretStatements).toHaveLength(readers.length);
    for (const { statement } of secretStatements) {
      expect([statement.Action].flat().sort()).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
      expect(JSON.stringify(statement.Resource)).toContain(':secret:mentoring/dev/stream-??????');
    }
  });
});
