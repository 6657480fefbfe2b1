import { App, Stack, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schedules, type RouteDefinition, type ScheduleDefinition } from '@mentoring/shared';
import { ApiStack } from '../lib/stacks/api-stack';
import { AuthStack } from '../lib/stacks/auth-stack';
import { DataStack } from '../lib/stacks/data-stack';
import { EventsStack } from '../lib/stacks/events-stack';
import { MonitoringStack } from '../lib/stacks/monitoring-stack';
import { SchedulesStack } from '../lib/stacks/schedules-stack';
import { resolveStage } from '../lib/stages';
import { cdkContext, templateWithNested } from './synth';

// The real schedule kinds and their needs, each run by a module that exists on every branch (the stack only
// reads the path): what is tested is the wiring, not the handlers.
const kinds = Object.fromEntries(
  Object.entries(schedules as Record<string, ScheduleDefinition>).map(([kind, definition]) => [kind, { ...definition, handler: 'http/health/get' }]),
);
const route = (key: RouteDefinition['key'], handler: string, needs: RouteDefinition['needs']): RouteDefinition => {
  const [method, path] = key.split(' ') as [RouteDefinition['method'], RouteDefinition['path']];
  return { key, method, path, handler, auth: 'none', needs, response: z.unknown() };
};

const build = () => {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const stage = resolveStage('dev', (cdkContext() as { stages: unknown }).stages);
  const env = { region: stage.region };
  const data = new DataStack(app, 'Data', { env, stage });
  const events = new EventsStack(app, 'Events', { env, stage, tables: data.tables });
  const auth = new AuthStack(app, 'Auth', { env, stage });
  const scheduleStack = new SchedulesStack(app, 'Schedules', { env, stage, tables: data.tables, eventBus: events.bus, userPool: auth.userPool, buckets: events.buckets, kinds });
  const api = new ApiStack(app, 'Api', {
    env,
    stage,
    tables: data.tables,
    eventBus: events.bus,
    schedules: scheduleStack.targets,
    routes: [route('POST /api/requests', 'http/feedback/create', { schedules: true }), route('GET /api/things', 'http/health/get', {})],
  });
  api.addStackDependency(scheduleStack);
  // Wired as infra/lib/app.ts wires the stage's monitoring.
  const monitoring = new MonitoringStack(app, 'Monitoring', {
    env,
    stage,
    api: api.api,
    functions: [...api.functions, ...scheduleStack.functions],
    tables: Object.values(data.tables),
    deadLetterQueues: [scheduleStack.deadLetterQueue],
    extraAlarms: scheduleStack.lostInvocations,
  });
  return { app, scheduleStack, api, monitoring };
};

/** An Fn::Join-ed value as one string, with the pseudo parameters as cdk-nag prints them (<AWS::Region>). */
const flat = (value: unknown): string => {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (join) return join[1].map(flat).join(join[0]);
  const ref = (value as { Ref?: string }).Ref;
  return ref ? `<${ref}>` : JSON.stringify(value);
};

describe('schedules stack', () => {
  const { app, scheduleStack, api, monitoring } = build();
  const template = Template.fromStack(scheduleStack);
  const apiTemplate = templateWithNested(api);
  const kindNames = Object.keys(kinds);

  it('makes the stage\'s schedule group', () => {
    template.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'mentoring-dev' });
  });

  it('makes one function per kind, named for its target ARN, retried twice by Lambda and then dead-lettered', () => {
    const functions = Object.values(template.findResources('AWS::Lambda::Function')).filter((fn) => String(fn.Properties.FunctionName ?? '').includes('-schedule-'));
    expect(functions.map((fn) => fn.Properties.FunctionName).sort()).toEqual(kindNames.map((kind) => `mentoring-dev-schedule-${kind}`).sort());
    for (const fn of functions) expect(fn.Properties).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'] });
    // Dev's daily clean-up of test members is dead-lettered the same way (stages-synth.test.ts: only dev and staging have it).
    template.resourceCountIs('AWS::Lambda::EventInvokeConfig', kindNames.length + 1);
    template.allResourcesProperties('AWS::Lambda::EventInvokeConfig', {
      MaximumRetryAttempts: 2,
      MaximumEventAgeInSeconds: 6 * 3600,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [Match.stringLikeRegexp('ScheduleDeadLetters'), 'Arn'] } } },
    });
  });

  it('makes the one recurring schedule of each weekly or every-few-minutes kind from its shared definition (the local stand-in reads the same)', () => {
    const recurring = Object.entries(kinds).filter(([, definition]) => definition.weekly || definition.everyMinutes);
    expect(recurring.map(([kind]) => kind).sort()).toEqual(['dashboard-snapshot', 'weekly-digest']);
    const names = Object.values(template.findResources('AWS::Scheduler::Schedule')).map(({ Properties }) => Properties.Name as string);
    expect(names.filter((name) => name !== 'test-members-cleanup').sort()).toEqual(recurring.map(([kind]) => kind).sort());
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      Name: 'dashboard-snapshot',
      ScheduleExpression: 'rate(5 minutes)',
      Target: Match.objectLike({ Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('DashboardSnapshotSchedule'), 'Arn'] } }),
    });
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      Name: 'weekly-digest',
      GroupName: 'mentoring-dev',
      ScheduleExpression: 'cron(0 7 ? * MON *)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: {
        Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('WeeklyDigestSchedule'), 'Arn'] },
        RoleArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('SchedulerRole'), 'Arn'] },
        Input: Match.serializedJson({ kind: 'weekly-digest', payload: {}, scheduledTime: '<aws.scheduler.scheduled-time>', scheduleArn: '<aws.scheduler.schedule-arn>', executionId: '<aws.scheduler.execution-id>', attemptNumber: '<aws.scheduler.attempt-number>' }),
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('ScheduleDeadLetters'), 'Arn'] } },
      },
    });
  });

  it('keeps undeliverable invocations in an encrypted, SSL-only dead-letter queue named for the ARN the functions get', () => {
    template.resourceCountIs('AWS::SQS::Queue', 1);
    template.hasResourceProperties('AWS::SQS::Queue', { QueueName: 'mentoring-dev-schedule-dead-letters', SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    expect(JSON.stringify(template.findResources('AWS::SQS::QueuePolicy'))).toContain('"aws:SecureTransport":"false"');
  });

  it('gives Scheduler a role it alone, from this account\'s group, may assume, to invoke exactly the kinds\' functions (and dev\'s clean-up)', () => {
    const roles = Object.entries(template.findResources('AWS::IAM::Role')).filter(([, role]) => role.Properties.RoleName === 'mentoring-dev-eu-west-1-scheduler');
    expect(roles).toHaveLength(1);
    const [roleId, role] = roles[0]!;
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      {
        Action: 'sts:AssumeRole',
        Effect: 'Allow',
        Principal: { Service: 'scheduler.amazonaws.com' },
        Condition: {
          StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
          ArnEquals: { 'aws:SourceArn': { 'Fn::GetAtt': [expect.stringMatching(/^ScheduleGroup/), 'Arn'] } },
        },
      },
    ]);
    const policies = Object.values(template.findResources('AWS::IAM::Policy')).filter((policy) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: roleId }]));
    const statements = policies.flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: unknown; Resource: unknown }[]);
    const functionIds = Object.entries(template.findResources('AWS::Lambda::Function'))
      .filter(([, fn]) => /-schedule-|-test-members-cleanup$/.test(String(fn.Properties.FunctionName ?? '')))
      .map(([id]) => id);
    expect(functionIds).toHaveLength(kindNames.length + 1);
    expect(statements).toEqual([
      { Action: 'sqs:SendMessage', Effect: 'Allow', Resource: { 'Fn::GetAtt': [expect.stringMatching(/^ScheduleDeadLetters/), 'Arn'] } },
      { Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: functionIds.map((id) => ({ 'Fn::GetAtt': [id, 'Arn'] })) },
    ]);
  });

  it('lets a function whose needs say schedules set them in the group, pass that role only, and find every target', () => {
    const functions = Object.entries(apiTemplate.findResources('AWS::Lambda::Function'));
    const [setterId, setter] = functions.find(([, fn]) => fn.Properties.Environment?.Variables?.SCHEDULE_GROUP_NAME)!;
    const variables = setter.Properties.Environment.Variables as Record<string, unknown>;
    expect(variables.SCHEDULE_GROUP_NAME).toBe('mentoring-dev');
    expect(flat(variables.SCHEDULER_ROLE_ARN)).toBe('arn:<AWS::Partition>:iam::<AWS::AccountId>:role/mentoring-dev-eu-west-1-scheduler');
    expect(flat(variables.SCHEDULE_DEAD_LETTER_ARN)).toBe('arn:<AWS::Partition>:sqs:<AWS::Region>:<AWS::AccountId>:mentoring-dev-schedule-dead-letters');
    expect(JSON.parse(flat(variables.SCHEDULE_TARGETS))).toEqual(
      Object.fromEntries(kindNames.map((kind) => [kind, `arn:<AWS::Partition>:lambda:<AWS::Region>:<AWS::AccountId>:function:mentoring-dev-schedule-${kind}`])),
    );

    const statements = Object.values(apiTemplate.findResources('AWS::IAM::Policy'))
      .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(setterId.replace(/[0-9A-F]{8}$/, '')))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: unknown; Resource: unknown; Condition?: unknown }[]);
    const scheduler = statements.find((statement) => JSON.stringify(statement.Action).includes('scheduler:'))!;
    expect(scheduler.Action).toEqual(['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule']);
    expect(flat(scheduler.Resource)).toBe('arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/mentoring-dev/*');
    const passRole = statements.find((statement) => statement.Action === 'iam:PassRole')!;
    expect(flat(passRole.Resource)).toBe(flat(variables.SCHEDULER_ROLE_ARN));
    expect(passRole.Condition).toEqual({ StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } });
  });

  it('gives nothing of it to a function whose needs do not say schedules', () => {
    const functions = Object.values(apiTemplate.findResources('AWS::Lambda::Function'));
    expect(functions.filter((fn) => fn.Properties.Environment?.Variables?.SCHEDULE_TARGETS)).toHaveLength(1);
    const policies = JSON.stringify(apiTemplate.findResources('AWS::IAM::Policy'));
    expect(policies.match(/scheduler:CreateSchedule/g)).toHaveLength(1);
    expect(policies.match(/iam:PassRole/g)).toHaveLength(1);
  });

  it('builds ARNs that name the resources it made, so nothing refers across stacks', () => {
    // The names in the ARNs the API functions get are the names of the schedules stack's resources.
    expect(scheduleStack.targets.groupName).toBe('mentoring-dev');
    expect(Object.keys(scheduleStack.targets.targets).sort()).toEqual([...kindNames].sort());
    expect(JSON.stringify(apiTemplate.toJSON())).not.toContain('Fn::ImportValue');
    expect(Stack.of(api).dependencies).toContain(scheduleStack);
  });

  it('alarms on its dead letters, where each schedule function\'s failures end, and on invocations Scheduler lost', () => {
    const alarms = Template.fromStack(monitoring).findResources('AWS::CloudWatch::Alarm');
    /** The one metric an alarm watches, whether CloudFormation has it inline or under Metrics (a labelled metric). */
    const watched = (pattern: RegExp) =>
      Object.entries(alarms)
        .filter(([id]) => pattern.test(id))
        .map(([, { Properties: alarm }]) => {
          const metric = alarm.Metrics?.[0]?.MetricStat?.Metric ?? alarm;
          return { namespace: metric.Namespace, metricName: metric.MetricName, dimensions: (metric.Dimensions ?? []).map((dimension: { Name: string }) => dimension.Name), threshold: alarm.Threshold };
        });
    expect(watched(/^ScheduleDeadLettersDepthAlarm/)).toEqual([{ namespace: 'AWS/SQS', metricName: 'ApproximateNumberOfMessagesVisible', dimensions: ['QueueName'], threshold: 1 }]);
    // A schedule function that kept failing ends in that queue (its EventInvokeConfig, tested above), so its errors need no alarm of their own.
    expect(watched(/./).filter(({ namespace }) => namespace === 'AWS/Lambda')).toEqual([]);
    expect(watched(/^ScheduleInvocationsDroppedAlarm/)).toEqual([{ namespace: 'AWS/Scheduler', metricName: 'InvocationDroppedCount', dimensions: ['ScheduleGroup'], threshold: 1 }]);
    expect(watched(/^ScheduleDeadLetterFailuresAlarm/)).toEqual([
      { namespace: 'AWS/Scheduler', metricName: 'InvocationsFailedToBeSentToDeadLetterCount', dimensions: ['ScheduleGroup'], threshold: 1 },
    ]);
  });

  it('passes cdk-nag with only the reasoned acknowledgements', () => {
    expect(() => app.synth()).not.toThrow();
  });

  it("lets the dashboard's snapshot function write objects of the archive bucket, and read nothing there", () => {
    const policies = Object.values(template.findResources('AWS::IAM::Policy')) as { Properties: { PolicyName: string; PolicyDocument: { Statement: { Action: string | string[]; Resource: unknown }[] } } }[];
    const s3Statements = policies.flatMap((policy) => policy.Properties.PolicyDocument.Statement.filter((statement) => [statement.Action].flat().some((action) => action.startsWith('s3:'))));
    expect(s3Statements.map((statement) => [statement.Action].flat())).toEqual([['s3:PutObject']]);
    expect(JSON.stringify(s3Statements[0]!.Resource)).toContain('archive-bucket-arn');
  });
});
