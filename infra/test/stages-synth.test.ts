import { Template } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAGE_NAMES } from '../lib/stages';
import { cdkContext, normaliseAssetHashes, synthAssembly, synthStage, validationReport } from './synth';

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

  it('matches its snapshot (asset hashes normalised)', () => {
    const templates = Object.fromEntries(
      synthesised.assembly.stacks.map((artifact) => [artifact.stackName, normaliseAssetHashes(artifact.template)]),
    );
    expect(templates).toMatchSnapshot();
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
