import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { eventRules } from '@mentoring/shared';
import { sharedStage, templateWithNested } from './synth';

describe('events stack', () => {
  const { stacks } = sharedStage('dev');
  const events = Template.fromStack(stacks.events);
  const api = templateWithNested(stacks.api);

  it('declares the custom Stream bus with an archive of every Stream event', () => {
    events.resourceCountIs('AWS::Events::EventBus', 1);
    events.hasResourceProperties('AWS::Events::EventBus', { Name: 'mentoring-dev-stream' });
    events.hasResourceProperties('AWS::Events::Archive', {
      SourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('StreamEventBus'), 'Arn'] },
      EventPattern: { source: ['getstream.io'] },
      RetentionDays: 30,
    });
  });

  it('declares one rule per rule-table entry, matching its detail-types from its source, on the custom bus', () => {
    // And on dev (a full-suite stage) the suite's copy of every event (stages-synth.test.ts).
    events.resourceCountIs('AWS::Events::Rule', eventRules.length + 1);
    for (const rule of eventRules) {
      events.hasResourceProperties('AWS::Events::Rule', {
        EventBusName: { Ref: Match.stringLikeRegexp('StreamEventBus') },
        EventPattern: { source: [rule.source ?? 'getstream.io'], 'detail-type': [...rule.detailTypes] },
      });
    }
    events.hasResourceProperties('AWS::Events::Rule', { EventPattern: { source: ['mentoring'], 'detail-type': ['member.changed'] } });
  });

  it("lets the Stream identity consumer read members, the Stream secret and the site's URL parameter, and nothing more", () => {
    const consumer = Object.entries(events.findResources('AWS::Lambda::Function')).find(
      ([, fn]) => fn.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME === 'events-stream-identity-handler',
    );
    expect(consumer).toBeDefined();
    expect(consumer![1].Properties.Environment.Variables).toMatchObject({
      MEMBERS_TABLE: expect.anything(),
      STREAM_SECRET_ARN: expect.anything(),
      SITE_URL_PARAMETER: '/mentoring/dev/site-url',
    });
    const policies = Object.entries(events.findResources('AWS::IAM::Policy')).filter(([id]) => id.startsWith('StreamIdentityConsumer'));
    const statements = policies.flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
    const actions = statements.flatMap((statement) => [statement.Action].flat());
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'secretsmanager:GetSecretValue', 'ssm:GetParameter']));
    expect(actions.filter((action) => /^(dynamodb|s3|ses|ssm):/.test(action)).sort()).toEqual(['dynamodb:GetItem', 'ssm:GetParameter']);
    expect(JSON.stringify(statements.find((statement) => statement.Action === 'ssm:GetParameter')!.Resource)).toContain(':parameter/mentoring/dev/site-url');
  });

  it('gives every target a dead-letter queue and a retry policy, and every consumer a failure destination', () => {
    // The suite's copy of every event into its queue is no consumer: what it misses, a run misses.
    const isSuiteCopy = (resource: Record<string, unknown>) => JSON.stringify(resource.Properties).includes('BusEvents');
    const rules = Object.values(events.findResources('AWS::Events::Rule')).filter((rule) => !isSuiteCopy(rule));
    expect(rules).toHaveLength(eventRules.length);
    for (const rule of rules) {
      const [target] = rule.Properties.Targets as Record<string, unknown>[];
      expect(target).toMatchObject({
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [expect.stringMatching(/DeadLetters/), 'Arn'] } },
        RetryPolicy: { MaximumRetryAttempts: 8, MaximumEventAgeInSeconds: 6 * 3600 },
      });
    }
    const queues = Object.entries(events.findResources('AWS::SQS::Queue'));
    const deadLetterQueues = queues.filter(([id]) => !id.startsWith('BusEvents'));
    expect(deadLetterQueues).toHaveLength(eventRules.length);
    for (const [, queue] of deadLetterQueues) expect(queue.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    expect(queues.filter(([id]) => id.startsWith('BusEvents')).map(([, queue]) => queue.Properties)).toEqual([
      expect.objectContaining({ QueueName: 'mentoring-dev-bus-events', SqsManagedSseEnabled: true, MessageRetentionPeriod: 24 * 3600 }),
    ]);
    events.resourceCountIs('AWS::Lambda::EventInvokeConfig', eventRules.length);
    events.allResourcesProperties('AWS::Lambda::EventInvokeConfig', {
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [Match.stringLikeRegexp('DeadLetters'), 'Arn'] } } },
    });
  });

  it('keeps the archive bucket private, encrypted, SSL-only and logged', () => {
    events.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      VersioningConfiguration: { Status: 'Enabled' },
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'archive/' }),
    });
    const policies = JSON.stringify(events.findResources('AWS::S3::BucketPolicy'));
    expect(policies).toContain('"aws:SecureTransport":"false"');
    for (const bucket of Object.values(events.findResources('AWS::S3::Bucket'))) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicAcls: true, RestrictPublicBuckets: true });
    }
  });

  it('raises no alarms of its own: the monitoring stack alarms on its dead letters, consumers and failed call features', () => {
    events.resourceCountIs('AWS::CloudWatch::Alarm', 0);
    events.resourceCountIs('AWS::SNS::Topic', 0);
    const monitoring = Template.fromStack(stacks.monitoring);
    monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'CallFeatureFailed',
      Namespace: 'Mentoring',
      Dimensions: [{ Name: 'service', Value: 'events-call-status-handler' }],
      Threshold: 1,
      AlarmActions: [{ Ref: Match.stringLikeRegexp('^AlarmTopic') }],
    });
    const dlqAlarms = Object.values(monitoring.findResources('AWS::CloudWatch::Alarm')).filter((alarm) =>
      JSON.stringify(alarm).includes('ApproximateNumberOfMessagesVisible'),
    );
    // One per rule, and the schedules' own dead-letter queue.
    expect(dlqAlarms).toHaveLength(eventRules.length + 1);
  });


  it('lets only the archive consumer write to the archive bucket, with the bucket and table in its environment', () => {
    events.hasResourceProperties('AWS::Lambda::Function', {
      MemorySize: 512,
      Timeout: 900,
      Environment: { Variables: Match.objectLike({ ARCHIVE_BUCKET: Match.anyValue(), CALLS_TABLE: Match.anyValue(), POWERTOOLS_SERVICE_NAME: 'events-call-archive-handler' }) },
    });
    const withBucket = Object.values(events.findResources('AWS::Lambda::Function')).filter(
      (fn) => (fn.Properties.Environment?.Variables as Record<string, unknown> | undefined)?.ARCHIVE_BUCKET,
    );
    // The archive consumer, and every other Stream consumer (call status, membership, session record, missed call, chat
    // messages), which read large events stored there.
    expect(withBucket).toHaveLength(6);
    const statements = Object.values(events.findResources('AWS::IAM::Policy')).flatMap(
      (policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[] }[],
    );
    const writes = statements.filter((statement) => [statement.Action].flat().some((action) => action.startsWith('s3:PutObject')));
    expect(writes).toHaveLength(1);
  });

  it('lets the Stream consumers read only the stored events of the archive bucket, and the app consumers nothing there', () => {
    const s3Resources = (consumer: string) =>
      Object.entries(events.findResources('AWS::IAM::Policy'))
        .filter(([id]) => id.startsWith(consumer))
        .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[])
        .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('s3:')))
        .map((statement) => ({ actions: [statement.Action].flat(), resource: JSON.stringify(statement.Resource) }));
    for (const consumer of ['CallStatusConsumer', 'CallMembershipConsumer', 'SessionRecordConsumer', 'MissedCallConsumer', 'MessageNotificationsConsumer']) {
      expect(s3Resources(consumer), consumer).toEqual([{ actions: ['s3:GetObject'], resource: expect.stringContaining('/webhook-events/*') }]);
    }
    expect(s3Resources('ArchiveArtifactsConsumer').map(({ actions, resource }) => [actions, resource.includes('/webhook-events/*')])).toEqual([
      [['s3:PutObject', 's3:AbortMultipartUpload'], false],
      [['s3:GetObject'], true],
    ]);
    for (const consumer of ['MentorshipChannelConsumer', 'StreamIdentityConsumer']) expect(s3Resources(consumer), consumer).toEqual([]);
  });

  it('expires stored large events with the bus archive, so a replay still finds them', () => {
    events.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: { Rules: Match.arrayWith([Match.objectLike({ Prefix: 'webhook-events/', ExpirationInDays: 30, Status: 'Enabled' })]) },
    });
    events.hasResourceProperties('AWS::Events::Archive', { RetentionDays: 30 });
  });

  it('lets the webhook ingress publish to the bus and read the Stream secret, and the artifacts route read the bucket', () => {
    api.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          POWERTOOLS_SERVICE_NAME: 'http-webhooks-stream',
          EVENT_BUS_NAME: Match.anyValue(),
          STREAM_SECRET_ARN: Match.anyValue(),
          WEBHOOK_DELIVERIES_TABLE: Match.anyValue(),
        }),
      },
    });
    api.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Action: 'events:PutEvents', Effect: 'Allow' })]) },
    });
    api.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ POWERTOOLS_SERVICE_NAME: 'http-calls-artifacts', ARCHIVE_BUCKET: Match.anyValue() }) },
    });
  });

  it('keeps the archive and its bucket in prod', () => {
    const prod = Template.fromStack(sharedStage('prod').stacks.events);
    prod.hasResourceProperties('AWS::Events::Archive', { RetentionDays: 365 });
    const buckets = Object.values(prod.findResources('AWS::S3::Bucket'));
    expect(buckets.every((bucket) => bucket.DeletionPolicy === 'Retain')).toBe(true);
  });
});
