import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { synthStage } from './synth';

describe('data stack', () => {
  it('declares the feedback table with point-in-time recovery and encryption', () => {
    const data = Template.fromStack(synthStage('dev').stacks.data);
    data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
      SSESpecification: { SSEEnabled: true },
      Replicas: [{ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true }, DeletionProtectionEnabled: false, Region: 'eu-west-1' }],
    });
  });

  it('retains and protects data in prod', () => {
    const data = Template.fromStack(synthStage('prod').stacks.data);
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
    const { stacks } = synthStage('staging');
    expect(stacks.api.stackName).toBe('Mentoring-staging-Api');
    const template = Template.fromStack(stacks.data);
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      Replicas: [Match.objectLike({ Tags: Match.arrayWith([{ Key: 'stage', Value: 'staging' }]) })],
    });
  });
});
