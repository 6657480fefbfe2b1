import { App, Stack } from 'aws-cdk-lib';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { businessMetrics, eventRules, type BusinessMetricName } from '@mentoring/shared';
import { functionsSrc } from '../lib/paths';
import { MonitoringStack } from '../lib/stacks/monitoring-stack';
import { resolveStage } from '../lib/stages';
import { cdkContext, sharedStage, synthStage } from './synth';

const dashboardBody = (template: Template) => {
  const [dashboard] = Object.values(template.findResources('AWS::CloudWatch::Dashboard'));
  return JSON.stringify(dashboard!.Properties.DashboardBody);
};

/** An alarm's metric, whether CloudFormation holds it plainly or as a single metric query (labelled metrics). */
const alarmedMetrics = (template: Template) =>
  Object.values(template.findResources('AWS::CloudWatch::Alarm')).map(({ Properties: alarm }) => {
    const stat = alarm.Metrics?.length === 1 ? alarm.Metrics[0].MetricStat : undefined;
    return {
      name: (stat?.Metric.MetricName ?? alarm.MetricName) as string | undefined,
      namespace: (stat?.Metric.Namespace ?? alarm.Namespace) as string | undefined,
      statistic: (stat?.Stat ?? alarm.ExtendedStatistic ?? alarm.Statistic) as string | undefined,
      threshold: alarm.Threshold as number,
      periods: alarm.EvaluationPeriods as number,
    };
  });

describe('monitoring stack', () => {
  const { stacks } = sharedStage('staging');
  const monitoring = Template.fromStack(stacks.monitoring);

  it('mails alarms to the stage address through an SSL-only SNS topic', () => {
    monitoring.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops-staging@example.org' });
    monitoring.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  it('alarms once for everything a failure reaches (API 5xx, each dead-letter queue), never per function or table, all to the topic', () => {
    const alarms = Object.values(monitoring.findResources('AWS::CloudWatch::Alarm'));
    const alarmedBusiness = Object.values(businessMetrics).filter((definition) => 'alarm' in definition).length;
    // API 5xx and latency (staging); per event rule its dead-letter depth; the schedules' dead-letter depth and their
    // two lost-invocation alarms; the failed call feature alarm; the alarmed business metrics.
    expect(alarms).toHaveLength(2 + eventRules.length + 1 + 2 + 1 + alarmedBusiness);
    for (const alarm of alarms) {
      expect(alarm.Properties.AlarmActions).toEqual([{ Ref: expect.stringMatching(/^AlarmTopic/) }]);
      expect(alarm.Properties.TreatMissingData).toBe('notBreaching');
    }
    const metrics = alarmedMetrics(monitoring);
    expect(metrics).toContainEqual({ name: '5xx', namespace: 'AWS/ApiGateway', statistic: 'Sum', threshold: 5, periods: 1 });
    expect(metrics).toContainEqual({ name: 'Latency', namespace: 'AWS/ApiGateway', statistic: 'p99', threshold: 3000, periods: 3 });
    expect(metrics.filter(({ namespace }) => namespace === 'AWS/Lambda' || namespace === 'AWS/DynamoDB' || namespace === 'AWS/Events')).toEqual([]);
    expect(alarms.filter((alarm) => JSON.stringify(alarm).includes('ThrottleEvents'))).toEqual([]);
  });

  it('alarms on fewer things on dev, and on API refusals only in prod', () => {
    const names = (stage: string) => alarmedMetrics(Template.fromStack(sharedStage(stage).stacks.monitoring)).map(({ name }) => name ?? 'metric math');
    const dev = names('dev');
    const staging = names('staging');
    const prod = names('prod');
    expect(dev).not.toContain('Latency');
    expect(dev).not.toContain('NotificationFailed');
    expect(staging).toEqual(expect.arrayContaining(['Latency', 'NotificationFailed', 'AnswerContractMismatch', '5xx']));
    expect(staging).not.toContain('metric math');
    expect(prod).toContain('metric math');
    expect(dev.length).toBeLessThan(staging.length);
    expect(staging.length).toBeLessThan(prod.length);
  });

  it('graphs requests, errors, latency, function health, cold starts and the business metrics', () => {
    const body = dashboardBody(monitoring);
    for (const expected of ['API requests', 'API 4xx / 5xx', 'p50', 'p99', 'Function errors', 'Function throttles', 'Function duration p99', 'ColdStart', 'DynamoDB throttles', 'EventBridge failed invocations', 'Dead-letter queue depth', 'CloudFront']) {
      expect(body).toContain(expected);
    }
    const graphed = [...body.matchAll(/\{Mentoring,([\w,]+)\} MetricName=\\+"(\w+)\\+"/g)].map(([, schema, name]) => ({ schema, name }));
    const byFunction = graphed.filter(({ schema }) => schema!.split(',').includes('function'));
    expect(graphed.filter((metric) => !byFunction.includes(metric)).map(({ name }) => name).filter((name) => name !== 'ColdStart').sort()).toEqual(Object.keys(businessMetrics).sort());
    expect(graphed).toContainEqual({ schema: 'kind,service', name: 'TokensMinted' });
    expect(byFunction.map(({ name }) => name).sort()).toEqual(Object.entries(businessMetrics).filter(([, definition]) => 'alarm' in definition).map(([name]) => name).sort());
  });

  it('graphs only business metrics that a handler emits', () => {
    const body = dashboardBody(monitoring);
    // ColdStart is Powertools' own (captureColdStartMetric); every other graphed name must be emitted where the table says.
    const graphed = [...body.matchAll(/MetricName=\\+"(\w+)\\+"/g)].map(([, name]) => name!).filter((name) => name !== 'ColdStart');
    expect(graphed.length).toBeGreaterThan(0);
    for (const name of graphed) {
      expect(Object.keys(businessMetrics), `${name} is graphed but not in shared/src/metrics.ts`).toContain(name);
      const emitter = businessMetrics[name as BusinessMetricName].emittedIn;
      const source = readFileSync(join(functionsSrc, `${emitter}.ts`), 'utf8');
      expect(source, `${name} is graphed but ${emitter} never emits it`).toMatch(new RegExp(`emit(?:Alarmed)?Metric\\(\\s*'${name}'`));
    }
  });

  it('alarms on an API answer that broke its contract, under the one service every function publishes it as', () => {
    const alarm = Object.values(monitoring.findResources('AWS::CloudWatch::Alarm')).find(({ Properties }) => Properties.MetricName === 'AnswerContractMismatch');
    expect(alarm?.Properties).toMatchObject({
      Namespace: 'Mentoring',
      Dimensions: [{ Name: 'service', Value: 'lib-http-handler' }],
      Statistic: 'Sum',
      Threshold: 1,
      AlarmActions: [{ Ref: expect.stringMatching(/^AlarmTopic/) }],
    });
  });

  it('alarms on the dead-letter queues other stacks pass in, and graphs their EventBridge rules\' failed deliveries (which end in those queues)', () => {
    const app = new App();
    const stage = resolveStage('dev', (cdkContext() as { stages: unknown }).stages);
    const events = new Stack(app, 'Events');
    const deadLetters = new Queue(events, 'ConsumerDlq');
    const rule = new Rule(events, 'CallEndedRule', { eventBus: new EventBus(events, 'Bus'), eventPattern: { source: ['getstream.io'] } });
    rule.addTarget(new SqsQueue(new Queue(events, 'Target')));
    const stack = new MonitoringStack(app, 'Monitoring', {
      stage,
      api: new HttpApi(events, 'Api'),
      functions: [],
      tables: [],
      deadLetterQueues: [deadLetters],
      eventRules: [rule],
    });
    const template = Template.fromStack(stack);
    const metrics = alarmedMetrics(template);
    expect(metrics).toContainEqual({ name: 'ApproximateNumberOfMessagesVisible', namespace: 'AWS/SQS', statistic: 'Maximum', threshold: 1, periods: 1 });
    expect(metrics.filter(({ namespace }) => namespace === 'AWS/Events')).toEqual([]);
    expect(dashboardBody(template)).toContain('ConsumerDlq');
    expect(dashboardBody(template)).toContain('FailedInvocations');
  });
});

describe('monitoring stack without the API functions (-c monitorApiFunctions=false)', () => {
  /** The API stack's exports the monitoring stack imports. */
  const apiImports = (template: Template) => [...new Set(JSON.stringify(template.toJSON()).match(/Mentoring-dev-Api:ExportsOutput\w+/g) ?? [])];

  it('imports no export of an API function, so the API stack can move or drop its functions', () => {
    const { stacks } = sharedStage('dev');
    const usual = apiImports(Template.fromStack(stacks.monitoring));
    expect(usual.filter((name) => name.includes('Function')).length).toBeGreaterThanOrEqual(stacks.api.functions.length);
    const without = apiImports(Template.fromStack(synthStage('dev', { monitorApiFunctions: 'false' }).stacks.monitoring));
    expect(without.filter((name) => name.includes('Function'))).toEqual([]);
    // The API's own metrics (requests, errors, latency) stay, by the export of its id.
    expect(without.length).toBeGreaterThan(0);
    expect(without.every((name) => usual.includes(name))).toBe(true);
  });
});
