import { App, Stack } from 'aws-cdk-lib';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { businessMetrics, eventRules, routeList, schedules, type BusinessMetricName } from '@mentoring/shared';
import { functionsSrc } from '../lib/paths';
import { MonitoringStack } from '../lib/stacks/monitoring-stack';
import { resolveStage } from '../lib/stages';
import { cdkContext, sharedStage } from './synth';

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

const routes = routeList();

describe('monitoring stack', () => {
  const { stacks } = sharedStage('staging');
  const monitoring = Template.fromStack(stacks.monitoring);

  it('mails alarms to the stage address through an SSL-only SNS topic', () => {
    monitoring.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops-staging@example.org' });
    monitoring.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  it('alarms on API 5xx and latency, each function error and throttle, and table throttles, all to the topic', () => {
    const alarms = Object.values(monitoring.findResources('AWS::CloudWatch::Alarm'));
    const functionCount = routes.length + 1 + eventRules.length + Object.keys(schedules).length;
    const tableCount = Object.keys(stacks.data.tables).length;
    // API 5xx, 4xx share and latency; errors and throttles per function; throttles per table; per event rule its DLQ depth and failed deliveries;
    // the schedules' dead-letter depth and its two lost-invocation alarms; the failed call feature alarm; and the answer contract alarm.
    expect(alarms).toHaveLength(3 + functionCount * 2 + tableCount + eventRules.length * 2 + 1 + 2 + 1 + 1);
    for (const alarm of alarms) {
      expect(alarm.Properties.AlarmActions).toEqual([{ Ref: expect.stringMatching(/^AlarmTopic/) }]);
      expect(alarm.Properties.TreatMissingData).toBe('notBreaching');
    }
    const metrics = alarmedMetrics(monitoring);
    expect(metrics).toContainEqual({ name: '5xx', namespace: 'AWS/ApiGateway', statistic: 'Sum', threshold: 5, periods: 1 });
    expect(metrics).toContainEqual({ name: 'Latency', namespace: 'AWS/ApiGateway', statistic: 'p99', threshold: 3000, periods: 3 });
    const tableAlarms = alarms.filter((alarm) => JSON.stringify(alarm.Properties.Metrics ?? '').includes('WriteThrottleEvents'));
    expect(tableAlarms).toHaveLength(tableCount);
    const functionAlarms = alarms.filter((alarm) => alarm.Properties.Namespace === 'AWS/Lambda');
    expect(functionAlarms.map((alarm) => alarm.Properties.MetricName).sort()).toEqual(
      [...Array<string>(functionCount).fill('Errors'), ...Array<string>(functionCount).fill('Throttles')],
    );
  });

  it('graphs requests, errors, latency, function health, cold starts and the business metrics', () => {
    const body = dashboardBody(monitoring);
    for (const expected of ['API requests', 'API 4xx / 5xx', 'p50', 'p99', 'Function errors', 'Function throttles', 'Function duration p99', 'ColdStart', 'DynamoDB throttles', 'EventBridge failed invocations', 'Dead-letter queue depth', 'CloudFront']) {
      expect(body).toContain(expected);
    }
    const graphed = [...body.matchAll(/\{Mentoring,([\w,]+)\} MetricName=\\+"(\w+)\\+"/g)].map(([, schema, name]) => ({ schema, name }));
    expect(graphed.map(({ name }) => name).filter((name) => name !== 'ColdStart').sort()).toEqual(Object.keys(businessMetrics).sort());
    expect(graphed).toContainEqual({ schema: 'kind,service', name: 'TokensMinted' });
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

  it('watches the dead-letter queues and EventBridge rules other stacks pass in', () => {
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
    expect(metrics).toContainEqual({ name: 'FailedInvocations', namespace: 'AWS/Events', statistic: 'Sum', threshold: 1, periods: 1 });
    expect(dashboardBody(template)).toContain('ConsumerDlq');
  });
});
