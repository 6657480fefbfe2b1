import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { bundleDefines, ORIGIN_VERIFY_ENV, notFoundRoute, routeKey, routeList, type BucketKey, type RouteDefinition, type TableKey } from '@mentoring/shared';
import { AppFunction } from '../constructs/app-function';
import type { ScheduleTargets } from '../schedules';
import { acknowledge } from '../nag';
import { importBuckets } from './events-stack';
import { removalPolicy, secretName, type StageConfig } from '../stages';

export interface ApiStackProps extends StackProps {
  stage: StageConfig;
  tables: Record<TableKey, TableV2>;
  /** The route table; tests pass their own. */
  routes?: readonly RouteDefinition[];
  /** The pool whose ID tokens the API accepts, and the SPA's client (the tokens' audience). */
  auth?: { userPool: IUserPool; userPoolClient: IUserPoolClient };
  /** The Stream event bus (events stack), for routes that publish to it. */
  eventBus?: IEventBus;
  buckets?: Partial<Record<BucketKey, IBucket>>;
  /** The schedules stack's group, role and targets, for routes that set schedules. */
  schedules?: ScheduleTargets;
}

export { secretName } from '../stages';

const functionId = (handler: string) =>
  handler
    .split(/[/-]/)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/** One JSON line per request, with what an operator needs to follow a request into the function's logs. */
const accessLogFormat = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    time: '$context.requestTime',
    ip: '$context.identity.sourceIp',
    method: '$context.httpMethod',
    path: '$context.path',
    routeKey: '$context.routeKey',
    status: '$context.status',
    latencyMs: '$context.responseLatency',
    integrationLatencyMs: '$context.integrationLatency',
    integrationError: '$context.integrationErrorMessage',
    userAgent: '$context.identity.userAgent',
  }),
);

/** The HTTP API, built from the shared route table: one function per route, `$default` answers 404. */
export class ApiStack extends Stack {
  readonly api: HttpApi;
  /** Every function of the API, for the monitoring stack. */
  readonly functions: AppFunction[] = [];
  /** The origin-verify header's value, for CloudFront's origin (web stack). */
  readonly originSecret: Secret;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { stage } = props;

    // One log group for every function of the API (Powertools' `service` field names the handler in each line): a group
    // each put this stack past CloudFormation's 500 resources (543 at 77 routes), and costs nothing the shared one lacks.
    const functionLogs = new LogGroup(this, 'FunctionLogs', {
      retention: stage.logRetentionDays,
      removalPolicy: removalPolicy(stage),
    });
    const notFound = new AppFunction(this, 'NotFoundFunction', { stage, handler: notFoundRoute.handler, memoryMiB: 128, logGroup: functionLogs });
    this.functions.push(notFound);
    this.api = new HttpApi(this, 'HttpApi', {
      description: `Mentoring platform API (${stage.name})`,
      defaultIntegration: new HttpLambdaIntegration('NotFound', notFound),
      createDefaultStage: false,
    });
    acknowledge(this.api, 'AwsSolutions-APIG4', 'The $default route only answers 404 and needs no caller identity.');

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: stage.logRetentionDays,
      removalPolicy: removalPolicy(stage),
    });
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: stage.throttle.rateLimit, burstLimit: stage.throttle.burstLimit },
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: accessLogFormat },
    });

    // The value CloudFront adds in the origin-verify header (web stack) and every API function checks
    // (functions/src/lib/http/origin.ts): generated per stage, never in git. Functions get it as a dynamic
    // reference resolved at deploy time, so no function reads Secrets Manager per cold start.
    this.originSecret = new Secret(this, 'OriginVerifySecret', {
      description: `Mentoring ${stage.name}: the header value CloudFront sends the API with`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: removalPolicy(stage),
    });
    acknowledge(this.originSecret, 'AwsSolutions-SMG4', 'Rotating it needs CloudFront and the functions updated together: a redeploy with a new secret (README, Security).');
    const originSecretValue = this.originSecret.secretValue.unsafeUnwrap();
    notFound.addEnvironment(ORIGIN_VERIFY_ENV, originSecretValue);

    const secrets = new Map<string, ISecret>();
    const secret = (name: string) => {
      if (!secrets.has(name)) {
        secrets.set(name, Secret.fromSecretNameV2(this, `${functionId(name)}Secret`, secretName(stage, name)));
      }
      return secrets.get(name)!;
    };

    // Functions of `optional` and `required` routes verify the ID token themselves
    // (functions/src/lib/http/authenticate.ts): API Gateway's JWT authorizer would answer 401 in its own
    // body, outside the documented error shape, and would accept access tokens too.
    const identityEnvironment: Record<string, string> = props.auth
      ? { COGNITO_USER_POOL_ID: props.auth.userPool.userPoolId, COGNITO_CLIENT_ID: props.auth.userPoolClient.userPoolClientId }
      : {};

    const importedBuckets = importBuckets(stage.name, props.buckets);

    for (const route of props.routes ?? routeList()) {
      const fn = new AppFunction(this, `${functionId(route.handler)}Function`, {
        stage,
        handler: route.handler,
        memoryMiB: route.memoryMiB,
        timeoutSeconds: route.timeoutSeconds,
        reservedConcurrency: route.reservedConcurrency,
        nodeModules: route.nodeModules,
        define: bundleDefines(route),
        logGroup: functionLogs,
        environment: { ...(route.auth === 'none' ? {} : identityEnvironment), [ORIGIN_VERIFY_ENV]: originSecretValue },
      });
      fn.grantNeeds(route.needs, {
        tables: props.tables,
        buckets: importedBuckets,
        secret,
        eventBus: props.eventBus,
        userPool: props.auth?.userPool,
        schedules: props.schedules,
      });
      this.functions.push(fn);
      if (route.auth !== 'none' && !props.auth) {
        throw new Error(`Route ${routeKey(route)} reads the caller's identity: pass the auth stack's user pool and client to the api stack.`);
      }
      const [created] = this.api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${functionId(route.handler)}Integration`, fn),
      });
      acknowledge(
        created!,
        'AwsSolutions-APIG4',
        route.auth === 'none'
          ? `${routeKey(route)} is public by design (auth mode "none" in shared/src/routes.ts).`
          : `${routeKey(route)}: its function verifies the Cognito ID token itself (auth mode "${route.auth}"), so every refusal has the documented error shape.`,
      );
    }

    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint });
  }

}
