import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { DIRECTORY_ATTRIBUTES, ROSTER_ATTRIBUTES } from '@mentoring/shared';
import { DataStack } from '../lib/stacks/data-stack';
import { resolveStage } from '../lib/stages';
import { cdkContext, sharedStage, synthStage, templateWithNested } from './synth';

describe('data stack', () => {
  it('declares the feedback table with point-in-time recovery and encryption', () => {
    const data = Template.fromStack(sharedStage('dev').stacks.data);
    data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
      SSESpecification: { SSEEnabled: true },
      Replicas: [{ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true }, DeletionProtectionEnabled: false, Region: 'eu-west-1' }],
    });
  });

  it('creates each table’s global secondary indexes from the shared definitions', () => {
    const stage = resolveStage('dev', (cdkContext() as { stages: unknown }).stages);
    const data = Template.fromStack(new DataStack(new App(), 'Data', { stage }));
    data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      AttributeDefinitions: Match.arrayWith([
        { AttributeName: 'listed', AttributeType: 'S' },
        { AttributeName: 'approvalState', AttributeType: 'S' },
        { AttributeName: 'submittedAt', AttributeType: 'S' },
      ]),
      GlobalSecondaryIndexes: [
        {
          IndexName: 'directory',
          KeySchema: [
            { AttributeName: 'listed', KeyType: 'HASH' },
            { AttributeName: 'id', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: [...DIRECTORY_ATTRIBUTES] },
        },
        {
          IndexName: 'approvals',
          KeySchema: [
            { AttributeName: 'approvalState', KeyType: 'HASH' },
            { AttributeName: 'submittedAt', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
        {
          IndexName: 'roster',
          KeySchema: [
            { AttributeName: 'role', KeyType: 'HASH' },
            { AttributeName: 'createdAt', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: [...ROSTER_ATTRIBUTES] },
        },
      ],
    });
    // The directory never carries what other members must not see.
    expect(DIRECTORY_ATTRIBUTES).not.toContain('email');
  });

  it('retains and protects data in prod', () => {
    const data = Template.fromStack(sharedStage('prod').stacks.data);
    const [table] = Object.values(data.findResources('AWS::DynamoDB::GlobalTable'));
    expect(table).toMatchObject({ DeletionPolicy: 'Retain', Properties: { Replicas: [expect.objectContaining({ DeletionProtectionEnabled: true })] } });
  });
});

describe('stages', () => {
  it('refuses an unknown stage with a clear message', () => {
    expect(() => synthStage('qa')).toThrow('Unknown stage "qa": choose one of dev, staging, prod');
  });

  it('refuses malformed stage settings', () => {
    expect(() => synthStage('dev', { stages: { dev: { region: 'moon', alarmEmail: 'x' } } })).toThrow(/Invalid settings for stage "dev"/);
  });

  it('names stacks after the stage and tags every resource with it', () => {
    const { stacks } = sharedStage('staging');
    expect(stacks.api.stackName).toBe('Mentoring-staging-Api');
    const template = Template.fromStack(stacks.data);
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      Replicas: [Match.objectLike({ Tags: Match.arrayWith([{ Key: 'stage', Value: 'staging' }]) })],
    });
  });
});

describe('stage settings', () => {
  const withDev = (dev: Record<string, unknown>) => {
    const context = cdkContext() as { stages: Record<string, Record<string, unknown>> };
    return { stages: { ...context.stages, dev: { ...context.stages.dev, ...dev } } };
  };

  it('refuses a retention CloudWatch Logs does not offer', () => {
    expect(() => synthStage('dev', withDev({ logRetentionDays: 10 }))).toThrow(/must be a CloudWatch Logs retention in days: 1, 3, 5[\s\S]*at logRetentionDays/);
  });

  it('refuses a certificate outside us-east-1, which CloudFront cannot use', () => {
    const domain = { name: 'dev.example.org', certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc-123' };
    expect(() => synthStage('dev', withDev({ domain }))).toThrow(/must be an ACM certificate ARN in us-east-1/);
  });

  it('refuses a misspelt setting instead of ignoring it', () => {
    expect(() => synthStage('dev', withDev({ retainDate: true }))).toThrow(/Unrecognized key[\s\S]*retainDate/);
  });

  it('deletes stateful resources with the stack outside prod, and retains them in prod', () => {
    const logGroups = (stage: string) =>
      Object.values(templateWithNested(sharedStage(stage).stacks.api).findResources('AWS::Logs::LogGroup')).map((group) => group.DeletionPolicy);
    expect(new Set(logGroups('dev'))).toEqual(new Set(['Delete']));
    expect(new Set(logGroups('prod'))).toEqual(new Set(['Retain']));
    const prodBuckets = Object.values(Template.fromStack(sharedStage('prod').stacks.web).findResources('AWS::S3::Bucket'));
    expect(prodBuckets.map((bucket) => bucket.DeletionPolicy)).toEqual(['Retain', 'Retain']);
  });
});

describe('retention of recordings and transcripts (recordingRetentionDays)', () => {
  it.each([
    ['dev', 7],
    ['prod', 90],
  ] as const)('deletes the %s archive\'s calls/ objects after the stage\'s days, and their records through the calls table\'s TTL', (stage, days) => {
    const { stacks } = sharedStage(stage);
    Template.fromStack(stacks.events).hasResourceProperties('AWS::S3::Bucket', {
      VersioningConfiguration: { Status: 'Enabled' },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([Match.objectLike({ Id: 'RecordingRetention', Prefix: 'calls/', ExpirationInDays: days, Status: 'Enabled' })]),
      },
    });
    Template.fromStack(stacks.data).hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }],
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      Replicas: [Match.objectLike({ Tags: Match.arrayWith([{ Key: 'stage', Value: stage }]) })],
    });
    // Every function learns the period, for the records' expiry and the member's data export.
    Template.fromStack(stacks.events).hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ RECORDING_RETENTION_DAYS: String(days) }) },
    });
  });

  it('refuses a stage without a retention period', () => {
    const context = cdkContext() as { stages: Record<string, Record<string, unknown>> };
    const { recordingRetentionDays: _, ...dev } = context.stages.dev!;
    expect(() => synthStage('dev', { stages: { ...context.stages, dev } })).toThrow(/recordingRetentionDays/);
  });
});
