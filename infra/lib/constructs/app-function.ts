import { Duration, Stack } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { bundleDefines, DEFAULT_TIMEOUT_SECONDS, grantedNeeds, METRICS_NAMESPACE, needsEnvironment, STORED_EVENT_PREFIX, tables, type BucketKey, type FunctionNeeds, type NeededResource, type SecretName, type TableDefinition, type TableKey } from '@mentoring/shared';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { join } from 'node:path';
import { functionsSrc, repoRoot } from '../paths';
import { acknowledge, LAMBDA_BASIC_EXECUTION } from '../nag';
import type { ScheduleTargets } from '../schedules';
import { mailEventNames, mailFrom, mailIdentity, removalPolicy, runsFullSuite, type StageConfig } from '../stages';

/** Where the web stack publishes the site's public origin for functions that need it (`needs.siteUrl`). */
export const siteUrlParameterName = (stage: Pick<StageConfig, 'name'>) => `/mentoring/${stage.name}/site-url`;

export interface AppFunctionProps {
  stage: StageConfig;
  /** Module under functions/src that exports `handler`, as the route and rule tables name it. */
  handler: string;
  memoryMiB?: number;
  timeoutSeconds?: number;
  /** Concurrency reserved for and capped at this (the route table's `reservedConcurrency`). */
  reservedConcurrency?: number;
  environment?: Record<string, string>;
  /** A fixed name, for a function other resources find by ARN before it exists (schedule targets). */
  functionName?: string;
  /** Packages with native code, installed for linux-arm64 beside the bundle rather than bundled. */
  nodeModules?: readonly string[];
  /** What the bundle leaves out (bundleDefines of its route); without it, as for a function that serves no route. */
  define?: Record<string, string>;
  /** The log group it writes to, shared with the other functions of its stack; without one, a group of its own. */
  logGroup?: ILogGroup;
}

/** A bucket as a function's grant sees it: its name and ARN, from which the ARNs of its objects are made. */
export interface BucketRef {
  bucketName: string;
  arn: string;
  /** How cdk-nag prints `arn` in its findings (`<Logical.Arn>` or an import's name). */
  nagArn: string;
}

/** The stage's resources that `grantNeeds` can grant from; each stack passes what it has. */
export interface NeedsResources {
  tables?: Partial<Record<TableKey, ITableV2>>;
  buckets?: Partial<Record<BucketKey, BucketRef>>;
  secret?: (name: SecretName) => ISecret;
  eventBus?: IEventBus;
  /** The stage's schedule group, Scheduler's role and the kinds' functions (infra/lib/schedules.ts). */
  schedules?: ScheduleTargets;
  /** The stage's Cognito user pool, for `needs.userPool`. */
  userPool?: IUserPool;
}

const missing = (what: string, handler: string): never => {
  throw new Error(`${handler} needs ${what}, which its stack was not given.`);
};

/** The module under functions/src a function's bundle starts from. */
export const appFunctionEntry = (handler: string) => join(functionsSrc, `${handler}.ts`);

/**
 * How AppFunction has NodejsFunction bundle a function. Exported, and kept on each instance, so that
 * infra/test/bundling.test.ts builds every function from exactly these options, without a bundling synth.
 */
export const appFunctionBundling = (props: Pick<AppFunctionProps, 'define' | 'nodeModules'>): BundlingOptions => ({
  format: OutputFormat.ESM,
  minify: true,
  sourceMap: true,
  target: 'node24',
  mainFields: ['module', 'main'],
  define: props.define ?? bundleDefines(),
  // Some dependencies still call require(); ESM bundles need it defined.
  banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  ...(props.nodeModules?.length
    ? {
        nodeModules: [...props.nodeModules],
        // npm installs them on this machine, whatever it is: these make it pick the Lambda's prebuilt
        // binaries (sharp's @img/sharp-linux-arm64 and its libvips), as optional packages, without Docker.
        environment: { npm_config_os: 'linux', npm_config_cpu: 'arm64', npm_config_libc: 'glibc' },
      }
    : {}),
});

/** The one way this project makes a Lambda function: same runtime, bundling, logging and tracing everywhere. */
export class AppFunction extends NodejsFunction {
  /** The handler module (error messages; the bundling test finds a route's function by it). */
  readonly handlerModule: string;
  /** The module its bundle starts from and the options it is bundled with, as NodejsFunction was given them. */
  readonly entry: string;
  readonly bundling: BundlingOptions;
  private readonly stage: StageConfig;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    const logGroup =
      props.logGroup ??
      new LogGroup(scope, `${id}Logs`, {
        retention: props.stage.logRetentionDays,
        removalPolicy: removalPolicy(props.stage),
      });
    const entry = appFunctionEntry(props.handler);
    const bundling = appFunctionBundling(props);
    super(scope, id, {
      entry,
      handler: 'handler',
      functionName: props.functionName,
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memoryMiB ?? 256,
      timeout: Duration.seconds(props.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS),
      reservedConcurrentExecutions: props.reservedConcurrency,
      tracing: Tracing.ACTIVE,
      logGroup,
      projectRoot: repoRoot,
      depsLockFilePath: join(repoRoot, 'package-lock.json'),
      environment: {
        STAGE: props.stage.name,
        APP_VERSION: props.stage.version,
        POWERTOOLS_SERVICE_NAME: props.handler.replaceAll('/', '-'),
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
        POWERTOOLS_LOG_LEVEL: props.stage.name === 'prod' ? 'INFO' : 'DEBUG',
        NODE_OPTIONS: '--enable-source-maps',
        // Its AWS SDK clients time out before the function does (functions/src/lib/aws-clients.ts).
        FUNCTION_TIMEOUT_SECONDS: String(props.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS),
        // What the archive writes as its records' expiry and what a member's data export states.
        RECORDING_RETENTION_DAYS: String(props.stage.recordingRetentionDays),
        ...props.environment,
      },
      bundling,
    });
    this.handlerModule = props.handler;
    this.entry = entry;
    this.bundling = bundling;
    this.stage = props.stage;
    acknowledge(this, LAMBDA_BASIC_EXECUTION, 'Grants only CloudWatch Logs writes; the function logs to its own explicit log group with retention.');
    acknowledge(this, 'AwsSolutions-IAM5[Resource::*]', 'X-Ray PutTraceSegments/PutTelemetryRecords support no resource-level permissions.');
  }

  /**
   * Grants exactly what the route or rule table says the function needs (the named actions on the named
   * tables and buckets, secrets, the bus) and sets the environment through which it finds each of them.
   */
  grantNeeds(given: FunctionNeeds, resources: NeedsResources) {
    const needs = grantedNeeds(given);
    const table = (key: TableKey) => resources.tables?.[key] ?? missing(`the ${key} table`, this.handlerModule);
    const bucket = (key: BucketKey) => resources.buckets?.[key] ?? missing(`the ${key} bucket`, this.handlerModule);
    const secret = (name: SecretName) => resources.secret?.(name) ?? missing(`the ${name} secret`, this.handlerModule);
    const eventBus = () => resources.eventBus ?? missing('the event bus', this.handlerModule);
    const userPool = () => resources.userPool ?? missing('the user pool', this.handlerModule);
    const scheduleTargets = () => resources.schedules ?? missing('the schedule group', this.handlerModule);
    for (const [key, actions] of Object.entries(needs.tables ?? {}) as [TableKey, readonly string[]][]) {
      const target = table(key);
      const indexes = (tables[key] as TableDefinition).globalIndexes ?? [];
      if (indexes.length) {
        // TableV2.grant would add `<table>/index/*` to every action; name each index instead, and only for
        // the actions that read indexes, so the grant stays exact and needs no wildcard.
        const readsIndexes = actions.some((action) => action === 'Query' || action === 'Scan');
        this.addToRolePolicy(
          new PolicyStatement({
            actions: actions.map((action) => `dynamodb:${action}`),
            resources: [target.tableArn, ...(readsIndexes ? indexes.map((index) => `${target.tableArn}/index/${index.name}`) : [])],
          }),
        );
      } else {
        target.grant(this, ...actions.map((action) => `dynamodb:${action}`));
      }
    }
    for (const [key, actions] of Object.entries(needs.buckets ?? {}) as [BucketKey, readonly string[]][]) {
      const ref = bucket(key);
      this.addToRolePolicy(new PolicyStatement({ actions: actions.map((action) => `s3:${action}`), resources: [`${ref.arn}/*`] }));
      acknowledge(
        this,
        `AwsSolutions-IAM5[Resource::${ref.nagArn}/*]`,
        `Object keys of the ${key} bucket are made at run time; the statement allows only ${actions.join(', ')} on that one bucket.`,
      );
    }
    if (needs.storedEvents) {
      const ref = bucket('archive');
      this.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [`${ref.arn}/${STORED_EVENT_PREFIX}*`] }));
      acknowledge(
        this,
        `AwsSolutions-IAM5[Resource::${ref.nagArn}/${STORED_EVENT_PREFIX}*]`,
        'Stored events are named by their digest at run time; the statement allows only reading them, not the recordings and transcripts beside them.',
      );
    }
    if (needs.schedules) {
      const schedules = scheduleTargets();
      this.addToRolePolicy(
        new PolicyStatement({
          actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule'],
          resources: [schedules.schedulesArn],
        }),
      );
      acknowledge(
        this,
        `AwsSolutions-IAM5[Resource::${schedules.nagSchedulesResource}]`,
        `Schedule names are made at run time (one per request or session); the statement allows only creating, replacing and deleting schedules of the stage's group ${schedules.groupName}.`,
      );
      // Scheduler invokes the targets with this role: the function may hand it to Scheduler, and to nothing else.
      this.addToRolePolicy(
        new PolicyStatement({
          actions: ['iam:PassRole'],
          resources: [schedules.roleArn],
          conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
        }),
      );
    }
    if (needs.email) {
      // The identity is named in the stage's settings (the mail stack creates it), so no stack reference is needed.
      const identity = mailIdentity(this.stage);
      const identityArn = Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: identity.name });
      // SES also authorises the configuration set a message goes out with: the identity's default one, where the stage has it.
      const configurationSetArns = runsFullSuite(this.stage)
        ? [Stack.of(this).formatArn({ service: 'ses', resource: 'configuration-set', resourceName: mailEventNames(this.stage).configurationSet })]
        : [];
      this.addToRolePolicy(new PolicyStatement({ actions: ['ses:SendEmail'], resources: [identityArn, ...configurationSetArns] }));
    }
    if (needs.userPool?.length) userPool().grant(this, ...needs.userPool.map((action) => `cognito-idp:${action}`));
    // E-mails link to the page where the member acts, so whatever sends mail knows the site's address too.
    if (needs.siteUrl || needs.email) {
      const parameterArn = Stack.of(this).formatArn({ service: 'ssm', resource: 'parameter', resourceName: siteUrlParameterName(this.stage).slice(1) });
      this.addToRolePolicy(new PolicyStatement({ actions: ['ssm:GetParameter'], resources: [parameterArn] }));
    }
    for (const name of needs.secrets ?? []) secret(name).grantRead(this);
    if (needs.eventBus) eventBus().grantPutEventsTo(this);
    // The variable names come from the shared mapping the local stage also reads, so both runtimes agree.
    const value = (resource: NeededResource): string => {
      switch (resource.kind) {
        case 'table':
          return table(resource.key).tableName;
        case 'bucket':
          return bucket(resource.key).bucketName;
        case 'secret':
          return secret(resource.name).secretArn;
        case 'eventBus':
          return eventBus().eventBusName;
        case 'mail':
          return mailFrom(this.stage);
        case 'userPool':
          return userPool().userPoolId;
        case 'siteUrl':
          return siteUrlParameterName(this.stage);
        case 'schedules': {
          const targets = scheduleTargets();
          const values = { groupName: targets.groupName, roleArn: targets.roleArn, deadLetterArn: targets.deadLetterArn, targets: Stack.of(this).toJsonString(targets.targets) };
          return values[resource.part];
        }
      }
    };
    for (const { envVar, resource } of needsEnvironment(needs)) this.addEnvironment(envVar, value(resource));
  }
}
