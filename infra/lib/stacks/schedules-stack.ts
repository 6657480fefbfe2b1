import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { Aws, CfnOutput, type CfnResource, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { CfnSchedule, ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { recurrenceDescription, recurrenceExpression, routeList, schedules as scheduleTable, SCHEDULER_CONTEXT, type BucketKey, type ScheduleDefinition, type SecretName, type TableKey } from '@mentoring/shared';
import { AppFunction } from '../constructs/app-function';
import { acknowledge } from '../nag';
import { scheduleNames, scheduleTargets, type ScheduleTargets } from '../schedules';
import { removalPolicy, runsFullSuite, type StageConfig } from '../stages';
import { secretName } from './api-stack';
import { importBuckets } from './events-stack';

export interface SchedulesStackProps extends StackProps {
  stage: StageConfig;
  tables: Record<TableKey, TableV2>;
  /** The Stream event bus (events stack), for kinds that publish to it. */
  eventBus?: IEventBus;
  /** The user pool, for kinds that look members up (their e-mail address). */
  userPool?: IUserPool;
  /** The buckets (events and media stacks), for kinds that store objects: imported by their exported ARNs. */
  buckets?: Partial<Record<BucketKey, IBucket>>;
  /** The schedule table; tests pass their own. */
  kinds?: Record<string, ScheduleDefinition>;
}

const pascal = (name: string) =>
  name
    .split(/[/-]/)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/** How long Lambda keeps retrying a schedule's failing handler before the invocation goes to the dead letters. */
const MAX_EVENT_AGE = Duration.hours(6);

/**
 * What one-time schedules (shared/src/schedules.ts) need in AWS: the stage's schedule group, one function per
 * schedule kind, the role EventBridge Scheduler assumes to invoke exactly those functions, and one dead-letter
 * queue for invocations Scheduler could not deliver and for handlers that kept failing. The schedules themselves
 * are made at run time by functions whose needs say `schedules: true` (grantNeeds, with `targets`).
 */
export class SchedulesStack extends Stack {
  readonly targets: ScheduleTargets;
  readonly group: ScheduleGroup;
  readonly functions: AppFunction[] = [];
  readonly deadLetterQueue: Queue;
  /** For the monitoring stack: invocations Scheduler dropped, or could not even put in the dead-letter queue. */
  readonly lostInvocations: { id: string; metric: IMetric; description: string }[];

  constructor(scope: Construct, id: string, props: SchedulesStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const kinds = props.kinds ?? (scheduleTable as Record<string, ScheduleDefinition>);
    const names = scheduleNames(stage);
    this.targets = scheduleTargets(stage, Object.keys(kinds));

    this.group = new ScheduleGroup(this, 'ScheduleGroup', { scheduleGroupName: names.group, removalPolicy: removalPolicy(stage) });

    this.deadLetterQueue = new Queue(this, 'ScheduleDeadLetters', {
      queueName: names.deadLetterQueue,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(this.deadLetterQueue, 'AwsSolutions-SQS3', 'This queue is itself the dead-letter queue of the schedules and of their functions.');

    const role = new Role(this, 'SchedulerRole', {
      roleName: names.role,
      description: `EventBridge Scheduler invokes the schedule functions of ${stage.name} with this role`,
      // Only schedules of this account's group may use it (confused-deputy protection).
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com').withConditions({
        StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
        ArnEquals: { 'aws:SourceArn': this.group.scheduleGroupArn },
      }),
    });
    role.addToPolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.deadLetterQueue.queueArn] }));

    const secrets = new Map<SecretName, ISecret>();
    const secret = (name: SecretName) => {
      if (!secrets.has(name)) secrets.set(name, Secret.fromSecretNameV2(this, `${pascal(name)}Secret`, secretName(stage, name)));
      return secrets.get(name)!;
    };

    for (const [kind, definition] of Object.entries(kinds)) {
      const fn = new AppFunction(this, `${pascal(kind)}Schedule`, {
        stage,
        handler: definition.handler,
        memoryMiB: definition.memoryMiB,
        timeoutSeconds: definition.timeoutSeconds,
        functionName: names.function(kind),
      });
      fn.grantNeeds(definition.needs, { tables: props.tables, buckets: importBuckets(stage.name, props.buckets), eventBus: props.eventBus, userPool: props.userPool, secret, schedules: this.targets });
      // Scheduler invokes asynchronously: a handler that throws is retried twice by Lambda, then dead-lettered.
      fn.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: MAX_EVENT_AGE, onFailure: new SqsDestination(this.deadLetterQueue) });
      this.functions.push(fn);
      const expression = recurrenceExpression(definition);
      if (expression) {
        // A recurring kind's one schedule belongs to the deployment (the local stand-in makes the same one at start).
        new CfnSchedule(this, `${pascal(kind)}Recurring`, {
          name: kind,
          groupName: this.group.scheduleGroupName,
          description: `${recurrenceDescription(definition)}: ${kind}`,
          scheduleExpression: expression,
          scheduleExpressionTimezone: 'UTC',
          flexibleTimeWindow: { mode: 'OFF' },
          target: {
            arn: fn.functionArn,
            roleArn: role.roleArn,
            input: JSON.stringify({ kind, payload: {}, ...SCHEDULER_CONTEXT }),
            deadLetterConfig: { arn: this.deadLetterQueue.queueArn },
            retryPolicy: { maximumEventAgeInSeconds: MAX_EVENT_AGE.toSeconds(), maximumRetryAttempts: 3 },
          },
        }).addDependency(this.group.node.defaultChild as CfnResource);
      }
    }
    if (runsFullSuite(stage)) {
      // What a killed integration run left behind, removed as a member's own account deletion removes it (with that
      // route's grants, and listing the test group besides): a daily sweep, not one of the product's schedule kinds.
      const accountDeletion = routeList().find((route) => route.key === 'DELETE /api/me')!.needs;
      const cleanup = new AppFunction(this, 'TestMembersCleanup', { stage, handler: 'maintenance/test-members-cleanup', timeoutSeconds: 300, functionName: `mentoring-${stage.name}-test-members-cleanup` });
      cleanup.grantNeeds(
        { ...accountDeletion, userPool: [...(accountDeletion.userPool ?? []), 'ListUsersInGroup'] },
        { tables: props.tables, buckets: importBuckets(stage.name, props.buckets), eventBus: props.eventBus, userPool: props.userPool, secret, schedules: this.targets },
      );
      cleanup.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: MAX_EVENT_AGE, onFailure: new SqsDestination(this.deadLetterQueue) });
      this.functions.push(cleanup);
      new CfnSchedule(this, 'TestMembersCleanupDaily', {
        name: 'test-members-cleanup',
        groupName: this.group.scheduleGroupName,
        description: 'Every day: members of the integration suite\'s test group that a killed run left behind',
        scheduleExpression: 'cron(0 3 * * ? *)',
        scheduleExpressionTimezone: 'UTC',
        flexibleTimeWindow: { mode: 'OFF' },
        target: {
          arn: cleanup.functionArn,
          roleArn: role.roleArn,
          input: JSON.stringify({}),
          deadLetterConfig: { arn: this.deadLetterQueue.queueArn },
          retryPolicy: { maximumEventAgeInSeconds: MAX_EVENT_AGE.toSeconds(), maximumRetryAttempts: 3 },
        },
      }).addDependency(this.group.node.defaultChild as CfnResource);
    }
    // Exactly the kinds' functions, without their versions or aliases (grantInvoke would add `:*`).
    role.addToPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: this.functions.map((fn) => fn.functionArn) }));

    this.lostInvocations = [
      {
        id: 'ScheduleInvocationsDroppedAlarm',
        metric: this.group.metricDropped({ period: Duration.minutes(5), statistic: 'Sum' }),
        description: 'EventBridge Scheduler dropped invocations of a schedule (retries exhausted, no dead-letter queue)',
      },
      {
        id: 'ScheduleDeadLetterFailuresAlarm',
        metric: this.group.metricFailedToBeSentToDLQ(undefined, { period: Duration.minutes(5), statistic: 'Sum' }),
        description: 'EventBridge Scheduler could not put a failed invocation in the schedules dead-letter queue',
      },
    ];

    new CfnOutput(this, 'ScheduleGroupName', { value: this.group.scheduleGroupName });
    // The integration suite runs a schedule's target itself, with the event Scheduler would send (AWS has no clock to move).
    new CfnOutput(this, 'ScheduleTargets', {
      value: JSON.stringify(Object.fromEntries(Object.keys(kinds).map((kind) => [kind, names.function(kind)]))),
      description: 'Each schedule kind\'s function name, for the integration suite',
    });
  }
}
