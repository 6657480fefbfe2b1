import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IRule } from 'aws-cdk-lib/aws-events';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { businessMetrics, METRICS_NAMESPACE, type BusinessMetricDefinition, type BusinessMetricName } from '@mentoring/shared';
import { acknowledge } from '../nag';
import type { StageConfig, StageName } from '../stages';

export { METRICS_NAMESPACE };

/**
 * The business metrics graph: every metric of the shared table (shared/src/metrics.ts), which lists only
 * what a handler emits. A metric with dimensions shows one line per value, the others their sum over services.
 */
export const businessMetricExpressions = () =>
  (Object.entries(businessMetrics) as [BusinessMetricName, BusinessMetricDefinition][]).map(([name, definition]) => {
    const dimensions = Object.keys(definition.dimensions ?? {});
    const schema = [METRICS_NAMESPACE, ...[...dimensions, 'service'].sort()].join(',');
    const search = `SEARCH('{${schema}} MetricName="${name}"', 'Sum', 300)`;
    return { name, unit: definition.unit, expression: dimensions.length ? search : `SUM(${search})` };
  });

const FIVE_MINUTES = Duration.minutes(5);

/** Business metrics whose every occurrence needs a human (an `alarm` in the shared table), under the one service they are published as. */
export const alarmedBusinessMetrics = () =>
  (Object.entries(businessMetrics) as [BusinessMetricName, BusinessMetricDefinition][]).flatMap(([name, definition]) =>
    definition.alarm
      ? [
          {
            name,
            description: definition.alarm,
            metric: new Metric({
              namespace: METRICS_NAMESPACE,
              metricName: name,
              dimensionsMap: { service: definition.emittedIn.replaceAll('/', '-') },
              statistic: 'Sum',
              period: FIVE_MINUTES,
            }),
          },
        ]
      : [],
  );

export interface MonitoringStackProps extends StackProps {
  stage: StageConfig;
  api: IHttpApi;
  /** Every Lambda function of the stage (API handlers, event consumers...). */
  functions: IFunction[];
  tables: ITableV2[];
  /** Dead-letter queues: any message in one needs a human. */
  deadLetterQueues?: IQueue[];
  /** EventBridge rules whose failed invocations need a human. */
  eventRules?: IRule[];
  /** Business alarms other stacks define (e.g. a failed call recording), raised through the same topic. */
  extraAlarms?: { id: string; metric: IMetric; description: string; /** Default 1: any occurrence. */ threshold?: number }[];
  distribution?: IDistribution;
}

/**
 * What each stage alarms on beyond what every stage has (the API's 5xx, the product's alarmed metrics, each
 * dead-letter queue, the scheduler's lost invocations and the alarms other stacks pass in). Each alarmed metric is
 * billed monthly whether or not anything happens, so a stage pays only for alarms someone there acts on: dev has
 * no one on call, and its SES sandbox refuses mail to the test members' made-up addresses, so NotificationFailed
 * there would be noise from every test run.
 */
export const stageAlarms: Record<StageName, { latency: boolean; refusals: boolean; quiet: readonly BusinessMetricName[] }> = {
  dev: { latency: false, refusals: false, quiet: ['NotificationFailed'] },
  staging: { latency: true, refusals: false, quiet: [] },
  prod: { latency: true, refusals: true, quiet: [] },
};

/** The 4xx alarm: this share of the API's answers, once there are at least this many requests in 5 minutes. */
export const API_4XX_SHARE_PERCENT = 25;
export const API_4XX_MIN_REQUESTS = 100;

/** Where operators live: one dashboard per stage, and alarms on what needs a human, mailed through SNS. */
export class MonitoringStack extends Stack {
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    const { stage, api } = props;
    const functions = props.functions;
    const queues = props.deadLetterQueues ?? [];
    const rules = props.eventRules ?? [];

    this.topic = new Topic(this, 'AlarmTopic', { displayName: `Mentoring ${stage.name} alarms`, enforceSSL: true });
    this.topic.addSubscription(new EmailSubscription(stage.alarmEmail));
    acknowledge(this.topic, 'AwsSolutions-SNS2', 'Alarm notifications carry only alarm names and states; a customer managed key would add cost and a CloudWatch key policy for no protected data.');
    const action = new SnsAction(this.topic);
    const alarm = (name: string, metric: IMetric, threshold: number, description: string, evaluationPeriods = 1) => {
      const created = new Alarm(this, name, {
        metric,
        alarmDescription: `${description} (${stage.name})`,
        threshold,
        evaluationPeriods,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(action);
      created.addOkAction(action);
      this.alarms.push(created);
      return created;
    };

    const api5xx = api.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' });
    const api4xx = api.metricClientError({ period: FIVE_MINUTES, statistic: 'Sum' });
    const requests = api.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' });
    const latency = (statistic: string) => api.metricLatency({ period: FIVE_MINUTES, statistic, label: `latency ${statistic}` });
    const level = stageAlarms[stage.name];
    // A handler that threw or timed out answers 5xx through the API, so this one alarm stands for every API function.
    alarm('Api5xxAlarm', api5xx, 5, 'The API answered 5 or more 5xx in 5 minutes');
    if (level.latency) alarm('ApiLatencyAlarm', latency('p99'), 3000, 'API p99 latency was 3 s or more for 15 minutes', 3);
    if (level.refusals) {
      // A spike of refusals (429 from the stage's throttle, 401/403 from probing, 400 from a broken client): a share,
      // so a busy day does not page, counted only once there is traffic enough to mean something.
      alarm(
        'Api4xxSpikeAlarm',
        new MathExpression({
          expression: `IF(requests >= ${API_4XX_MIN_REQUESTS}, 100 * errors / requests, 0)`,
          usingMetrics: { errors: api4xx, requests },
          label: '4xx share (%)',
          period: FIVE_MINUTES,
        }),
        API_4XX_SHARE_PERCENT,
        `${API_4XX_SHARE_PERCENT}% or more of ${API_4XX_MIN_REQUESTS}+ API requests in 5 minutes were refused (4xx, 429 included)`,
      );
    }

    // Graphed, not alarmed: a function's errors and throttles, a table's throttles and a rule's failed deliveries each
    // end in a 5xx or a dead letter, which are alarmed once for all of them; an alarm each cost 10 cents a month apiece.
    const fnLabel = (fn: IFunction) => fn.node.id.replace(/Function$/, '');
    const tableThrottles = props.tables.map((table, index) => {
      const metric = (metricName: string) =>
        new Metric({ namespace: 'AWS/DynamoDB', metricName, dimensionsMap: { TableName: table.tableName }, period: FIVE_MINUTES, statistic: 'Sum' });
      return new MathExpression({
        // Ids must differ between tables: one graph shows them all.
        expression: `reads${index} + writes${index}`,
        usingMetrics: { [`reads${index}`]: metric('ReadThrottleEvents'), [`writes${index}`]: metric('WriteThrottleEvents') },
        label: `${table.node.id} throttles`,
        period: FIVE_MINUTES,
      });
    });
    // An event or schedule whose function kept failing (an error, a timeout, a throttle past the event's age) or that
    // EventBridge could not deliver ends in one of these queues: their depth stands for every asynchronous function.
    const dlqDepth = queues.map((queue) => queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum', label: queue.node.id }));
    dlqDepth.forEach((metric, index) => alarm(`${queues[index]!.node.id}DepthAlarm`, metric, 1, `Messages are waiting in ${queues[index]!.node.id}`));
    const failedInvocations = rules.map(
      (rule) =>
        new Metric({
          namespace: 'AWS/Events',
          metricName: 'FailedInvocations',
          dimensionsMap: { RuleName: rule.ruleName },
          period: FIVE_MINUTES,
          statistic: 'Sum',
          label: rule.node.id,
        }),
    );
    for (const extra of props.extraAlarms ?? []) alarm(extra.id, extra.metric, extra.threshold ?? 1, extra.description);
    for (const { name, metric, description } of alarmedBusinessMetrics()) {
      if (!level.quiet.includes(name)) alarm(`${name}Alarm`, metric, 1, description);
    }

    // Powertools publishes with a `service` dimension (and function_name for cold starts), so graphs SEARCH for them.
    const business = (unit: 'counts' | 'bytes') =>
      businessMetricExpressions()
        .filter((metric) => (metric.unit === 'Count') === (unit === 'counts'))
        .map(({ name, expression }) => new MathExpression({ expression, label: name, period: FIVE_MINUTES, searchRegion: stage.region }));
    const perFunction = (metric: (fn: IFunction) => IMetric) => functions.map(metric);

    this.dashboard = new Dashboard(this, 'Dashboard', { dashboardName: `Mentoring-${stage.name}`, defaultInterval: Duration.hours(6) });
    const graph = (title: string, left: IMetric[], width = 8) => new GraphWidget({ title, left, width, height: 6 });
    this.dashboard.addWidgets(
      new TextWidget({
        markdown: `# Mentoring ${stage.name}\nAlarms mail **${stage.alarmEmail}** through SNS. Logs: one log group per function, API access logs in JSON.`,
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(
      graph('API requests', [requests]),
      graph('API 4xx / 5xx', [api4xx, api5xx]),
      graph('API latency p50 / p99 (ms)', [latency('p50'), latency('p99')]),
    );
    this.dashboard.addWidgets(
      graph('Function errors', perFunction((fn) => fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum', label: fnLabel(fn) })), 6),
      graph('Function throttles', perFunction((fn) => fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum', label: fnLabel(fn) })), 6),
      graph('Function duration p99 (ms)', perFunction((fn) => fn.metricDuration({ period: FIVE_MINUTES, statistic: 'p99', label: fnLabel(fn) })), 6),
      graph('Cold starts', [
        new MathExpression({
          expression: `SEARCH('{${METRICS_NAMESPACE},function_name,service} MetricName="ColdStart"', 'Sum', 300)`,
          label: 'cold starts',
          period: FIVE_MINUTES,
        }),
      ], 6),
    );
    this.dashboard.addWidgets(
      graph('DynamoDB throttles', tableThrottles, 6),
      graph('EventBridge failed invocations', failedInvocations, 6),
      graph('Dead-letter queue depth', dlqDepth, 6),
      // Bytes on their own axis, so they do not flatten the counts.
      new GraphWidget({ title: 'Business metrics', left: business('counts'), right: business('bytes'), width: 6, height: 6 }),
    );
    // Each alarmed metric has one alarm for all functions; this shows which function it came from.
    this.dashboard.addWidgets(
      graph(
        'Alarmed metrics by function',
        alarmedBusinessMetrics().map(
          ({ name }) =>
            new MathExpression({
              expression: `SEARCH('{${METRICS_NAMESPACE},function,service} MetricName="${name}"', 'Sum', 300)`,
              label: name,
              period: FIVE_MINUTES,
              searchRegion: stage.region,
            }),
        ),
        24,
      ),
    );
    if (props.distribution) {
      const cdn = (metricName: string, statistic: string) =>
        new Metric({
          namespace: 'AWS/CloudFront',
          metricName,
          dimensionsMap: { DistributionId: props.distribution!.distributionId, Region: 'Global' },
          region: 'us-east-1',
          period: FIVE_MINUTES,
          statistic,
        });
      this.dashboard.addWidgets(
        graph('CloudFront requests', [cdn('Requests', 'Sum')], 12),
        graph('CloudFront error rates (%)', [cdn('4xxErrorRate', 'Average'), cdn('5xxErrorRate', 'Average')], 12),
      );
    }

    new CfnOutput(this, 'DashboardUrl', {
      value: `https://${stage.region}.console.aws.amazon.com/cloudwatch/home?region=${stage.region}#dashboards:name=${this.dashboard.dashboardName}`,
    });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.topic.topicArn });
  }
}
