import { Template } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { APP_EVENT_SOURCE, COORDINATORS_GROUP, ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER, STREAM_EVENT_SOURCE, TEST_MEMBERS_GROUP } from '@mentoring/shared';
import { STAGE_NAMES } from '../lib/stages';
import { cdkContext, synthAssembly, synthStage, templateWithNested, validationReport } from './synth';

/**
 * What each stage pays for by the month whether or not anyone uses it (docs/operating.md, What it costs when
 * idle, prices it line by line): a change here is a change to that bill, so it is made on purpose, here and there.
 */
const idleBudget = {
  dev: { alarms: 14, alarmMetrics: 14, dashboards: 1, secrets: 1, webAcls: 0, kmsKeys: 0, natGateways: 0, recurringSchedules: 3 },
  staging: { alarms: 16, alarmMetrics: 16, dashboards: 1, secrets: 1, webAcls: 0, kmsKeys: 0, natGateways: 0, recurringSchedules: 3 },
  prod: { alarms: 19, alarmMetrics: 20, dashboards: 1, secrets: 1, webAcls: 2, kmsKeys: 0, natGateways: 0, recurringSchedules: 2 },
} as const;

describe.each(STAGE_NAMES)('the %s stage', (stage) => {
  let synthesised: ReturnType<typeof synthAssembly>;
  beforeAll(() => {
    synthesised = synthAssembly(stage);
  }, 120_000);

  it('passes every validation plugin (cdk-nag AwsSolutions included) with nothing unacknowledged', () => {
    const report = validationReport(synthesised.assembly.directory);
    for (const plugin of report.pluginReports) {
      expect({ plugin: plugin.pluginName, violations: plugin.violations }).toEqual({ plugin: plugin.pluginName, violations: [] });
    }
  });

  it('synthesises without a warning or an error annotation', () => {
    const messages = synthesised.assembly.stacks.flatMap((artifact) =>
      artifact.messages.filter((message) => message.level !== 'info').map((message) => `${message.level} ${message.id}: ${String(message.entry.data)}`),
    );
    expect(messages).toEqual([]);
  });

  it('names its stacks after the stage (the us-east-1 edge stack only where WAF is on)', () => {
    const edge = synthesised.stage.waf ? ['Edge'] : [];
    expect(synthesised.assembly.stacks.map((artifact) => artifact.stackName).sort()).toEqual(
      ['Api', 'Auth', 'Data', ...edge, 'Events', 'Mail', 'Media', 'Monitoring', 'Schedules', 'Web'].map((name) => `Mentoring-${stage}-${name}`),
    );
  });

  // What a stage must keep, asserted per stage instead of a whole-template snapshot (which any route change rewrote).
  type Resource = { Type: string; Properties?: Record<string, unknown>; DeletionPolicy?: string };
  // Each stack with its nested stacks' resources (the API's functions are in nested stacks).
  const resources = (type: string, stack?: string) =>
    Object.values(synthesised.stacks)
      .filter((each): each is NonNullable<typeof each> => each !== undefined && (!stack || each.stackName.endsWith(`-${stack}`)))
      .flatMap((each) => Object.entries(templateWithNested(each).findResources(type) as Record<string, Resource>))
      .map(([id, resource]) => ({ id, ...resource, Properties: resource.Properties ?? {} }));

  it('grants no action by wildcard, and on every resource only X-Ray trace writes and the site deployment\'s CloudFront invalidation', () => {
    type Statement = { Action: string | string[]; Resource: unknown };
    const statements = [...resources('AWS::IAM::Policy'), ...resources('AWS::IAM::Role')].flatMap(({ Properties }) => [
      ...((Properties.PolicyDocument as { Statement: Statement[] } | undefined)?.Statement ?? []),
      ...((Properties.Policies as { PolicyDocument: { Statement: Statement[] } }[] | undefined) ?? []).flatMap((policy) => policy.PolicyDocument.Statement),
    ]);
    const actions = statements.flatMap((statement) => [statement.Action].flat());
    expect(actions.length).toBeGreaterThan(100);
    expect(actions.filter((action) => action === '*' || action.endsWith(':*'))).toEqual([]);
    const onEverything = new Set(statements.filter((statement) => [statement.Resource].flat().includes('*')).flatMap((statement) => [statement.Action].flat()));
    expect([...onEverything].sort()).toEqual(['cloudfront:CreateInvalidation', 'cloudfront:GetInvalidation', 'xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
  });

  it('alarms on what an operator acts on, not on each function or table, and every alarm notifies a topic', () => {
    const alarms = resources('AWS::CloudWatch::Alarm');
    expect(alarms.filter(({ Properties }) => ['AWS/Lambda', 'AWS/DynamoDB', 'AWS/Events'].includes(Properties.Namespace as string))).toEqual([]);
    expect(alarms.filter(({ Properties }) => !(Properties.AlarmActions as unknown[] | undefined)?.length)).toEqual([]);
    const names = alarms.flatMap(({ Properties }) => (Properties.Metrics as { MetricStat?: { Metric: { MetricName: string } } }[] | undefined)?.flatMap((query) => query.MetricStat?.Metric.MetricName ?? []) ?? [Properties.MetricName]);
    expect(names).toEqual(expect.arrayContaining(['5xx', 'AnswerContractMismatch', 'CallFeatureFailed', 'ApproximateNumberOfMessagesVisible', 'InvocationDroppedCount']));
  });

  it('keeps what it pays for by the month, idle, within its budget', () => {
    const alarms = resources('AWS::CloudWatch::Alarm');
    // CloudWatch bills an alarm by the metrics it reads: a metric-math alarm pays for each.
    const alarmMetrics = alarms.reduce((sum, { Properties }) => sum + ((Properties.Metrics as { MetricStat?: unknown }[] | undefined)?.filter((query) => query.MetricStat).length ?? 1), 0);
    const monthly = {
      alarms: alarms.length,
      alarmMetrics,
      dashboards: resources('AWS::CloudWatch::Dashboard').length,
      secrets: resources('AWS::SecretsManager::Secret').length,
      webAcls: resources('AWS::WAFv2::WebACL').length,
      kmsKeys: resources('AWS::KMS::Key').length,
      natGateways: resources('AWS::EC2::NatGateway').length,
      recurringSchedules: resources('AWS::Scheduler::Schedule').length,
    };
    expect(monthly).toEqual(idleBudget[stage]);
  });

  it(stage === 'prod' ? 'holds nothing of the full suite: no SES event destination, no bus event queue, no test group, no clean-up' : 'has what the full suite reads (SES events, the bus\'s events, the test group) and the daily clean-up of what a killed run left', () => {
    const destinations = resources('AWS::SES::ConfigurationSetEventDestination');
    const cleanups = resources('AWS::Scheduler::Schedule').filter(({ Properties }) => Properties.Name === 'test-members-cleanup');
    const groups = resources('AWS::Cognito::UserPoolGroup').map(({ Properties }) => Properties.GroupName);
    const [identity] = resources('AWS::SES::EmailIdentity');
    const busQueues = resources('AWS::SQS::Queue', 'Events').filter(({ Properties }) => Properties.QueueName === `mentoring-${stage}-bus-events`);
    const busCopies = resources('AWS::Events::Rule', 'Events').filter(({ Properties }) => JSON.stringify(Properties.Targets).includes('BusEvents'));
    if (stage === 'prod') {
      expect(busQueues).toEqual([]);
      expect(busCopies).toEqual([]);
      expect(destinations).toEqual([]);
      expect(resources('AWS::SES::ConfigurationSet')).toEqual([]);
      expect(cleanups).toEqual([]);
      expect(groups).toEqual([COORDINATORS_GROUP]);
      expect(identity!.Properties.ConfigurationSetAttributes).toBeUndefined();
      expect(resources('AWS::Lambda::Function').filter(({ Properties }) => JSON.stringify(Properties).includes('test-members-cleanup'))).toEqual([]);
      return;
    }
    // Every event of the bus, ours and Stream's, copied into the queue the suite reads.
    expect(busQueues).toHaveLength(1);
    expect(busCopies.map(({ Properties }) => (Properties.EventPattern as { source: string[] }).source.sort())).toEqual([[APP_EVENT_SOURCE, STREAM_EVENT_SOURCE].sort()]);
    expect(destinations).toHaveLength(1);
    const destination = destinations[0]!.Properties.EventDestination as { Enabled?: boolean; SnsDestination?: unknown; MatchingEventTypes: string[] };
    expect(destination.SnsDestination).toBeDefined();
    expect([...destination.MatchingEventTypes].sort()).toEqual(['bounce', 'complaint', 'delivery', 'deliveryDelay', 'reject', 'renderingFailure', 'send']);
    expect(identity!.Properties.ConfigurationSetAttributes).toEqual({ ConfigurationSetName: { Ref: expect.stringMatching(/^MailConfigurationSet/) } });
    expect(resources('AWS::SNS::Subscription', 'Mail').map(({ Properties }) => [Properties.Protocol, Properties.RawMessageDelivery])).toEqual([['sqs', true]]);
    expect(cleanups).toHaveLength(1);
    expect(cleanups[0]!.Properties).toMatchObject({ ScheduleExpression: 'cron(0 3 * * ? *)', Target: { Input: '{}' } });
    expect(groups.sort()).toEqual([COORDINATORS_GROUP, TEST_MEMBERS_GROUP].sort());
  });

  it('puts a web ACL before CloudFront and the user pool exactly when its settings say WAF', () => {
    const acls = resources('AWS::WAFv2::WebACL').map(({ Properties }) => Properties.Scope);
    const [distribution] = resources('AWS::CloudFront::Distribution');
    const webAclId = (distribution!.Properties.DistributionConfig as { WebACLId?: unknown }).WebACLId;
    if (synthesised.stage.waf) {
      expect(acls.sort()).toEqual(['CLOUDFRONT', 'REGIONAL']);
      expect(webAclId).toBeDefined();
      expect(resources('AWS::WAFv2::WebACLAssociation', 'Auth')).toHaveLength(1);
    } else {
      expect(acls).toEqual([]);
      expect(webAclId).toBeUndefined();
    }
  });

  it('keeps logs, recordings and data for the periods its settings give, and retains data only where they say so', () => {
    const { logRetentionDays, recordingRetentionDays, retainData } = synthesised.stage;
    const logGroups = resources('AWS::Logs::LogGroup');
    // The API's functions share one group; every other function has its own.
    expect(logGroups.length).toBeGreaterThan(10);
    expect(new Set(logGroups.map(({ Properties }) => Properties.RetentionInDays))).toEqual(new Set([logRetentionDays]));
    const rules = (bucket: string) => ((resources('AWS::S3::Bucket').find(({ id }) => id.startsWith(bucket))!.Properties.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules);
    expect(rules('AccessLogsBucket')).toContainEqual(expect.objectContaining({ ExpirationInDays: logRetentionDays }));
    expect(rules('ArchiveBucket')).toContainEqual(expect.objectContaining({ Id: 'RecordingRetention', Prefix: 'calls/', ExpirationInDays: recordingRetentionDays }));
    const told = resources('AWS::Lambda::Function').flatMap(({ Properties }) => (Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.RECORDING_RETENTION_DAYS ?? []);
    expect(told.length).toBeGreaterThan(70);
    expect(new Set(told)).toEqual(new Set([String(recordingRetentionDays)]));
    const stateful = [...resources('AWS::DynamoDB::GlobalTable'), ...resources('AWS::S3::Bucket'), ...resources('AWS::Cognito::UserPool'), ...resources('AWS::SecretsManager::Secret')];
    expect(new Set(stateful.map(({ DeletionPolicy }) => DeletionPolicy))).toEqual(new Set([retainData ? 'Retain' : 'Delete']));
    const tables = resources('AWS::DynamoDB::GlobalTable').flatMap(({ Properties }) => Properties.Replicas as { DeletionProtectionEnabled?: boolean; PointInTimeRecoverySpecification?: { PointInTimeRecoveryEnabled: boolean } }[]);
    expect(tables.every((replica) => replica.PointInTimeRecoverySpecification?.PointInTimeRecoveryEnabled)).toBe(true);
    expect(tables.every((replica) => Boolean(replica.DeletionProtectionEnabled) === retainData)).toBe(true);
  });

  it('generates its own origin secret, which CloudFront sends to the API origin only and every API function checks', () => {
    const [secret, ...others] = resources('AWS::SecretsManager::Secret', 'Api').filter(({ Properties }) => Properties.GenerateSecretString);
    expect(others).toEqual([]);
    const [distribution] = resources('AWS::CloudFront::Distribution');
    const origins = (distribution!.Properties.DistributionConfig as { Origins: { CustomOriginConfig?: unknown; OriginCustomHeaders?: { HeaderName: string }[] }[] }).Origins;
    expect(origins.filter((origin) => origin.OriginCustomHeaders).map((origin) => [Boolean(origin.CustomOriginConfig), origin.OriginCustomHeaders!.map((header) => header.HeaderName)])).toEqual([
      [true, [ORIGIN_VERIFY_HEADER]],
    ]);
    const apiFunctions = resources('AWS::Lambda::Function', 'Api');
    const checked = apiFunctions.filter(({ Properties }) => JSON.stringify((Properties.Environment as { Variables: Record<string, unknown> }).Variables[ORIGIN_VERIFY_ENV] ?? '').includes(secret!.id));
    expect(checked).toHaveLength(apiFunctions.length);
  });
});

describe('cdk-nag', () => {
  it('fails synth on an unacknowledged finding', () => {
    const { app, stacks } = synthStage('dev');
    new Bucket(stacks.data, 'CarelessBucket');
    expect(() => app.synth()).toThrow(/CarelessBucket[\s\S]*AwsSolutions-S1'[\s\S]*AwsSolutions-S10'/);
  });

  it('stays clean with a custom domain (TLS 1.2 enforced) and a pinned account', () => {
    const context = cdkContext() as { stages: Record<string, object> };
    const domain = { name: 'mentoring.example.org', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-0000-4000-8000-000000000000' };
    const { assembly, stacks } = synthAssembly('prod', {
      stages: { ...context.stages, prod: { ...context.stages.prod, account: '123456789012', domain } },
    });
    expect(validationReport(assembly.directory).pluginReports.flatMap((plugin) => plugin.violations)).toEqual([]);
    Template.fromStack(stacks.web).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        Aliases: ['mentoring.example.org'],
        ViewerCertificate: { AcmCertificateArn: domain.certificateArn, MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' },
      },
    });
    expect(stacks.web.url).toBe('https://mentoring.example.org');
  });
});
