import { Duration } from 'aws-cdk-lib';
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

/** The one way this project makes a Lambda function: same runtime, bundling, logging and tracing everywhere. */
export class AppFunction extends NodejsFunction {
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
        POWERTOOLS_METRICS_NAMESPACE: 'Mentoring',
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
    acknowledge(this, LAMBDA_BASIC_EXECUTION, 'Grants only CloudWatch Logs writes; the function logs to its own explicit log group with retention.');
    acknowledge(this, 'AwsSolutions-IAM5[Resource::*]', 'X-Ray PutTraceSegments/PutTelemetryRecords support no resource-level permissions.');
  }
}
