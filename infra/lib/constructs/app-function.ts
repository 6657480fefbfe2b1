import { Duration } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { METRICS_NAMESPACE, needsEnvironment, type BucketKey, type FunctionNeeds, type NeededResource, type SecretName, type TableKey } from '@mentoring/shared';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { join } from 'node:path';
import { functionsSrc, repoRoot } from '../paths';
import { acknowledge, LAMBDA_BASIC_EXECUTION } from '../nag';
import { removalPolicy, type StageConfig } from '../stages';

export interface AppFunctionProps {
  stage: StageConfig;
  /** Module under functions/src that exports `handler`, as the route and rule tables name it. */
  handler: string;
  memoryMiB?: number;
  timeoutSeconds?: number;
  environment?: Record<string, string>;
}

/** A bucket as a function's grant sees it: its name, and the ARN pattern of its objects. */
export interface BucketRef {
  bucketName: string;
  objectsArn: string;
  /** How cdk-nag prints `objectsArn` in its findings (`<Logical.Arn>/*` or an import's name). */
  nagResource: string;
}

/** The stage's resources that `grantNeeds` can grant from; each stack passes what it has. */
export interface NeedsResources {
  tables?: Partial<Record<TableKey, ITableV2>>;
  buckets?: Partial<Record<BucketKey, BucketRef>>;
  secret?: (name: SecretName) => ISecret;
  eventBus?: IEventBus;
}

const missing = (what: string, handler: string): never => {
  throw new Error(`${handler} needs ${what}, which its stack was not given.`);
};

/** The one way this project makes a Lambda function: same runtime, bundling, logging and tracing everywhere. */
export class AppFunction extends NodejsFunction {
  /** The handler module, for error messages. */
  private readonly handlerModule: string;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.stage.logRetentionDays,
      removalPolicy: removalPolicy(props.stage),
    });
    super(scope, id, {
      entry: join(functionsSrc, `${props.handler}.ts`),
      handler: 'handler',
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memoryMiB ?? 256,
      timeout: Duration.seconds(props.timeoutSeconds ?? 10),
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
        ...props.environment,
      },
      bundling: {
        format: OutputFormat.ESM,
        minify: true,
        sourceMap: true,
        target: 'node24',
        mainFields: ['module', 'main'],
        // Some dependencies still call require(); ESM bundles need it defined.
        banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
      },
    });
    this.handlerModule = props.handler;
    acknowledge(this, LAMBDA_BASIC_EXECUTION, 'Grants only CloudWatch Logs writes; the function logs to its own explicit log group with retention.');
    acknowledge(this, 'AwsSolutions-IAM5[Resource::*]', 'X-Ray PutTraceSegments/PutTelemetryRecords support no resource-level permissions.');
  }

  /**
   * Grants exactly what the route or rule table says the function needs (the named actions on the named
   * tables and buckets, secrets, the bus) and sets the environment through which it finds each of them.
   */
  grantNeeds(needs: FunctionNeeds, resources: NeedsResources) {
    const table = (key: TableKey) => resources.tables?.[key] ?? missing(`the ${key} table`, this.handlerModule);
    const bucket = (key: BucketKey) => resources.buckets?.[key] ?? missing(`the ${key} bucket`, this.handlerModule);
    const secret = (name: SecretName) => resources.secret?.(name) ?? missing(`the ${name} secret`, this.handlerModule);
    const eventBus = () => resources.eventBus ?? missing('the event bus', this.handlerModule);
    for (const [key, actions] of Object.entries(needs.tables ?? {}) as [TableKey, readonly string[]][]) {
      table(key).grant(this, ...actions.map((action) => `dynamodb:${action}`));
    }
    for (const [key, actions] of Object.entries(needs.buckets ?? {}) as [BucketKey, readonly string[]][]) {
      const ref = bucket(key);
      this.addToRolePolicy(new PolicyStatement({ actions: actions.map((action) => `s3:${action}`), resources: [ref.objectsArn] }));
      acknowledge(
        this,
        `AwsSolutions-IAM5[Resource::${ref.nagResource}]`,
        `Object keys of the ${key} bucket are made at run time; the statement allows only ${actions.join(', ')} on that one bucket.`,
      );
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
      }
    };
    for (const { envVar, resource } of needsEnvironment(needs)) this.addEnvironment(envVar, value(resource));
  }
}
