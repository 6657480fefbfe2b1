import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteDefinition } from '@mentoring/shared';
import { ApiStack } from '../lib/stacks/api-stack';
import { DataStack } from '../lib/stacks/data-stack';
import { resolveStage } from '../lib/stages';
import { testOutdir } from './synth';
import { cdkContext, templateWithNested, validationReport } from './synth';

const testRoute = ({ key, ...entry }: Pick<RouteDefinition, 'key' | 'handler' | 'auth'> & { needs?: RouteDefinition['needs'] }): RouteDefinition => {
  const [method, path] = key.split(' ') as [RouteDefinition['method'], RouteDefinition['path']];
  return { needs: {}, response: z.unknown(), ...entry, key, method, path };
};

describe('api stack table grants', () => {
  it('lets a function that queries a table with indexes query each of them too, and only with the named actions', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stage = resolveStage('dev', (cdkContext() as { stages: unknown }).stages);
    const data = new DataStack(app, 'Data', { stage });
    const route = testRoute({ key: 'GET /api/mentors', handler: 'http/health/get', auth: 'none', needs: { tables: { members: ['GetItem', 'Query'], feedback: ['PutItem'] } } });
    const stack = new ApiStack(app, 'Api', { stage, tables: data.tables, routes: [route] });
    const policies = Object.values(templateWithNested(stack).findResources('AWS::IAM::Policy'));
    const statements = policies.flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
    const members = statements.find((statement) => [statement.Action].flat().includes('dynamodb:Query'))!;
    expect([members.Action].flat().sort()).toEqual(['dynamodb:GetItem', 'dynamodb:Query']);
    const resources = JSON.stringify(members.Resource);
    expect(resources).toMatch(/MembersTable/);
    // Each index by name: exact, with no wildcard for cdk-nag to flag.
    expect(resources).toContain('/index/directory');
    expect(resources).toContain('/index/approvals');
    expect(resources).not.toContain('/index/*');
    // A table without indexes gets no index ARN.
    const feedback = statements.find((statement) => [statement.Action].flat().includes('dynamodb:PutItem'))!;
    expect(JSON.stringify(feedback.Resource)).toMatch(/FeedbackTable/);
    expect(JSON.stringify(feedback.Resource)).not.toContain('/index/');
  });

  it('grants no index to a function that only reads and writes items', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stage = resolveStage('dev', (cdkContext() as { stages: unknown }).stages);
    const data = new DataStack(app, 'Data', { stage });
    const route = testRoute({ key: 'PUT /api/profile/me', handler: 'http/health/get', auth: 'none', needs: { tables: { members: ['GetItem', 'PutItem'] } } });
    const stack = new ApiStack(app, 'Api', { stage, tables: data.tables, routes: [route] });
    const policies = JSON.stringify(templateWithNested(stack).findResources('AWS::IAM::Policy'));
    expect(policies).toContain('dynamodb:PutItem');
    expect(policies).not.toContain('/index/');
  });

  it('leaves cdk-nag nothing to flag in an index grant', () => {
    const app = new App({ outdir: testOutdir(), context: { 'aws:cdk:bundling-stacks': [] } });
    const stage = resolveStage('dev', (cdkContext() as { stages: unknown }).stages);
    const data = new DataStack(app, 'Data', { stage });
    const route = testRoute({ key: 'GET /api/mentors', handler: 'http/health/get', auth: 'none', needs: { tables: { members: ['GetItem', 'Query'] } } });
    new ApiStack(app, 'Api', { stage, tables: data.tables, routes: [route] });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    const assembly = app.synth();
    expect(validationReport(assembly.directory).pluginReports.flatMap((plugin) => plugin.violations)).toEqual([]);
  });
});

describe('api stack: e-mail links', () => {
  it('lets functions that send e-mail read the site address, and no other', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stage = resolveStage('dev', (cdkContext() as { stages: unknown }).stages);
    const data = new DataStack(app, 'Data', { stage });
    const mailing = testRoute({ key: 'POST /api/profile/me/submit', handler: 'http/health/get', auth: 'none', needs: { email: true } });
    const quiet = testRoute({ key: 'GET /api/health', handler: 'http/not-found', auth: 'none' });
    const functions = Object.values(templateWithNested(new ApiStack(app, 'Api', { stage, tables: data.tables, routes: [mailing, quiet] })).findResources('AWS::Lambda::Function'));
    const parameters = functions.map((fn) => (fn.Properties.Environment.Variables as Record<string, unknown>).SITE_URL_PARAMETER);
    expect(parameters.filter(Boolean)).toEqual(['/mentoring/dev/site-url']);
  });
});

describe('api stack: in-app notifications', () => {
  it('lets a function that e-mails members put (only put) notifications, and gives it the table', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stage = resolveStage('dev', (cdkContext() as { stages: unknown }).stages);
    const data = new DataStack(app, 'Data', { stage });
    const mailing = testRoute({ key: 'POST /api/mentorships', handler: 'http/health/get', auth: 'none', needs: { email: true } });
    const template = templateWithNested(new ApiStack(app, 'Api', { stage, tables: data.tables, routes: [mailing] }));
    const statements = Object.values(template.findResources('AWS::IAM::Policy')).flatMap(
      (policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[],
    );
    const onNotifications = statements.filter((statement) => JSON.stringify(statement.Resource).includes('NotificationsTable'));
    expect(onNotifications.flatMap((statement) => [statement.Action].flat())).toEqual(['dynamodb:PutItem']);
    expect(JSON.stringify(onNotifications.map((statement) => statement.Resource))).not.toContain('/index/');
    const variables = Object.values(template.findResources('AWS::Lambda::Function')).map((fn) => fn.Properties.Environment.Variables as Record<string, unknown>);
    const sender = variables.find((each) => 'MAIL_FROM' in each)!;
    expect(sender).toHaveProperty('NOTIFICATIONS_TABLE');
    // The $default route's function sends nothing and gets no table.
    expect(variables.filter((each) => 'NOTIFICATIONS_TABLE' in each)).toHaveLength(1);
  });
});
