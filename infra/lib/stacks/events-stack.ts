import { CfnOutput, Duration, Fn, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction, SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership, type CfnBucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import {
  APP_EVENT_SOURCE,
  businessMetrics,
  DASHBOARD_SNAPSHOT_PREFIX,
  eventRules,
  METRICS_NAMESPACE,
  ruleSource,
  STORED_EVENT_PREFIX,
  STREAM_EVENT_SOURCE,
  type BucketKey,
  type EventRuleDefinition,
  type TableKey,
} from '@mentoring/shared';
import { AppFunction, type BucketRef } from '../constructs/app-function';
import { scheduleTargets } from '../schedules';
import { busEventNames, runsFullSuite, secretName, type StageConfig } from '../stages';

export interface EventsStackProps extends StackProps {
  stage: StageConfig;
  tables: Record<TableKey, TableV2>;
}

const pascal = (name: string) =>
  name
    .split(/[/-]/)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/** How long EventBridge and Lambda keep trying one event before it goes to the rule's dead-letter queue. */
const MAX_EVENT_AGE = Duration.hours(6);

/** A named export, so that the api stack's grants read the same in cdk-nag findings on every synth. */
export const bucketArnExportName = (stageName: string, bucket: BucketKey) => `Mentoring-${stageName}-${bucket}-bucket-arn`;

/** Another stack's buckets as its functions' grants name them: the ARN through its named export, so the grant and its cdk-nag finding read the same on every synth. */
export const importBuckets = (stageName: string, buckets: Partial<Record<BucketKey, IBucket>> = {}): Partial<Record<BucketKey, BucketRef>> =>
  Object.fromEntries(
    Object.entries(buckets).map(([key, bucket]) => {
      const exportName = bucketArnExportName(stageName, key as BucketKey);
      return [key, { bucketName: bucket.bucketName, arn: Fn.importValue(exportName), nagArn: exportName }];
    }),
  );

/**
 * Stream's call events: the custom bus the webhook ingress publishes to, an archive for replay, one rule and
 * consumer per entry of the shared rule table (each with a DLQ and retries), the private archive bucket for
 * recordings and transcripts, and alarms on everything that fails.
 */
export class EventsStack extends Stack {
  readonly bus: EventBus;
  readonly buckets: Partial<Record<BucketKey, IBucket>>;
  /** For the monitoring stack's dashboard. */
  readonly consumers: AppFunction[] = [];
  readonly deadLetterQueues: Queue[] = [];
  readonly rules: Rule[] = [];
  /** docs/product-spec.md, point 4: every failed recording, transcription, captioning or broadcast needs a human (monitoring stack). */
  readonly callFeatureFailed = new Metric({
    namespace: METRICS_NAMESPACE,
    metricName: 'CallFeatureFailed' satisfies keyof typeof businessMetrics,
    // Powertools' service name of the emitting function (AppFunction's POWERTOOLS_SERVICE_NAME).
    dimensionsMap: { service: businessMetrics.CallFeatureFailed.emittedIn.replaceAll('/', '-') },
    statistic: 'Sum',
    period: Duration.minutes(1),
  });

  constructor(scope: Construct, id: string, props: EventsStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const retain = stage.retainData;

    this.bus = new EventBus(this, 'StreamEventBus', { eventBusName: `mentoring-${stage.name}-stream` });
    this.bus.archive('StreamEventArchive', {
      description: 'Every Stream event, for replay after a consumer fix',
      eventPattern: { source: [STREAM_EVENT_SOURCE] },
      retention: Duration.days(retain ? 365 : 30),
    });


    const accessLogs = new Bucket(this, 'ArchiveAccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(retain ? 365 : 30) }],
      removalPolicy: retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !retain,
    });
    Validations.of(accessLogs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This bucket receives the archive bucket\'s access logs; logging it too would recurse.',
    });
    const archive = new Bucket(this, 'ArchiveBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'archive/',
      // Presigned links are the access control; the sessions page reads transcripts with fetch().
      cors: [{ allowedMethods: [HttpMethods.GET, HttpMethods.HEAD], allowedOrigins: ['*'], allowedHeaders: ['*'], maxAge: 3000 }],
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1), noncurrentVersionExpiration: Duration.days(30) },
        // Recordings and transcripts are deleted after the stage's retention period (their records expire with them,
        // through the calls table's TTL); the delete markers' hidden versions go a day later, not 30.
        { id: 'RecordingRetention', prefix: 'calls/', expiration: Duration.days(stage.recordingRetentionDays), noncurrentVersionExpiration: Duration.days(1) },
        // Large Stream events the bus carries by reference: kept as long as the bus archive keeps the reference, for replays.
        { prefix: STORED_EVENT_PREFIX, expiration: Duration.days(retain ? 365 : 30), noncurrentVersionExpiration: Duration.days(1) },
        // The coordinator dashboard's snapshot, replaced every few minutes: its older versions are of no use.
        { prefix: DASHBOARD_SNAPSHOT_PREFIX, noncurrentVersionExpiration: Duration.days(1) },
      ],
      removalPolicy: retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !retain,
    });
    this.buckets = { archive };
    new CfnOutput(this, 'ArchiveBucketArn', { value: archive.bucketArn, exportName: bucketArnExportName(stage.name, 'archive') });

    for (const rule of eventRules) this.addConsumer(stage, rule, props.tables);
    if (runsFullSuite(stage)) this.addSuiteQueue(stage);
  }

  /**
   * On the stages the full integration suite runs against: a copy of every event the bus takes, in a queue the
   * suite reads (what a webhook published, and that a refused one published nothing). Prod has none.
   */
  private addSuiteQueue(stage: StageConfig) {
    const queue = new Queue(this, 'BusEvents', {
      queueName: busEventNames(stage).queue,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // A run reads its events within minutes; what nobody read is of no use a day later.
      retentionPeriod: Duration.days(1),
    });
    Validations.of(queue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'The suite reads and deletes these events; one that no run reads expires with the queue\'s retention, and a dead-letter queue would only hold more of them.',
    });
    new Rule(this, 'BusEventsToSuite', {
      eventBus: this.bus,
      description: 'Every event of the bus → the integration suite\'s queue (dev and staging only)',
      eventPattern: { source: [STREAM_EVENT_SOURCE, APP_EVENT_SOURCE] },
      targets: [new SqsQueue(queue)],
    });
    new CfnOutput(this, 'BusEventsQueueUrl', { value: queue.queueUrl, description: 'Every event of the stage\'s bus, for the integration suite' });
  }

  private readonly secrets = new Map<string, ISecret>();

  private secret(stage: StageConfig, name: string) {
    if (!this.secrets.has(name)) this.secrets.set(name, Secret.fromSecretNameV2(this, `${pascal(name)}Secret`, secretName(stage, name)));
    return this.secrets.get(name)!;
  }

  private addConsumer(stage: StageConfig, rule: EventRuleDefinition, tableConstructs: Record<TableKey, TableV2>) {
    const name = pascal(rule.name);
    const deadLetters = new Queue(this, `${name}DeadLetters`, {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(deadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself the dead-letter queue of an EventBridge target and its Lambda.',
    });

    const fn = new AppFunction(this, `${name}Consumer`, {
      stage,
      handler: rule.handler,
      memoryMiB: rule.memoryMiB,
      timeoutSeconds: rule.timeoutSeconds,
    });
    fn.grantNeeds(rule.needs, {
      tables: tableConstructs,
      buckets: Object.fromEntries(
        Object.entries(this.buckets).map(([key, bucket]) => [
          key,
          { bucketName: bucket.bucketName, arn: bucket.bucketArn, nagArn: `<${this.getLogicalId(bucket.node.defaultChild as CfnBucket)}.Arn>` },
        ]),
      ),
      secret: (name) => this.secret(stage, name),
      // By name, not by reference: the schedules stack reads this stack's bus and buckets (scheduleTargets).
      schedules: scheduleTargets(stage),
    });
    // EventBridge invokes Lambda asynchronously: its DLQ catches events it cannot deliver, and the function's
    // own failure destination catches events whose handler kept throwing. Both end in the same queue.
    fn.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: MAX_EVENT_AGE, onFailure: new SqsDestination(deadLetters) });
    this.consumers.push(fn);
    this.deadLetterQueues.push(deadLetters);
    const eventRule = new Rule(this, `${name}Rule`, {
      eventBus: this.bus,
      description: `${ruleSource(rule) === STREAM_EVENT_SOURCE ? 'Stream' : 'App'} ${rule.detailTypes.join(', ')} → ${rule.handler}`,
      eventPattern: { source: [ruleSource(rule)], detailType: [...rule.detailTypes] },
      targets: [new LambdaFunction(fn, { deadLetterQueue: deadLetters, retryAttempts: 8, maxEventAge: MAX_EVENT_AGE })],
    });
    // Its dead letters, errors and failed deliveries are alarmed by the monitoring stack, through one topic.
    this.rules.push(eventRule);
  }
}
