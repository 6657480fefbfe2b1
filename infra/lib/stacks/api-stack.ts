import { CfnOutput, NestedStack, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { CfnRoute, HttpApi, HttpIntegration, HttpIntegrationType, HttpMethod, HttpRouteKey, HttpStage, LogGroupLogDestination, PayloadFormatVersion } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
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

/**
 * The area of a route: the folder under functions/src/http its handler lives in ('http/mentorships/accept' ->
 * 'mentorships'). Each area's functions live in a nested stack of their own, named after the area alone: a new
 * route adds its route to the API stack and its function to its area's stack, and moves nothing already deployed.
 */
const routeArea = (handler: string) => handler.replace(/^http\//, '').split('/')[0]!;

/** The construct id of an area's nested stack (and so its logical ID). */
const areaStackId = (area: string) => `${functionId(area)}Routes`;

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

/**
 * The HTTP API, built from the shared route table: one function per route, `$default` answers 404. CloudFormation
 * takes at most 500 resources a stack, and a route brings six (function, role, policy, integration, permission,
 * route): this stack keeps the API and each route, and each area's functions, integrations and permissions are in
 * the area's nested stack (five resources a route; infra/test/limits.test.ts keeps every template at 400 or fewer).
 */
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
    // each would be one more resource per route, and costs nothing the shared one lacks.
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

    // Imported in each area's own stack, so its ARN is made from that stack's account and region.
    const secrets = new Map<string, ISecret>();
    const secretIn = (area: Construct) => (name: string) => {
      const key = `${area.node.id}/${name}`;
      if (!secrets.has(key)) {
        secrets.set(key, Secret.fromSecretNameV2(area, `${functionId(name)}Secret`, secretName(stage, name)));
      }
      return secrets.get(key)!;
    };

    // Functions of `optional` and `required` routes verify the ID token themselves
    // (functions/src/lib/http/authenticate.ts): API Gateway's JWT authorizer would answer 401 in its own
    // body, outside the documented error shape, and would accept access tokens too.
    const identityEnvironment: Record<string, string> = props.auth
      ? { COGNITO_USER_POOL_ID: props.auth.userPool.userPoolId, COGNITO_CLIENT_ID: props.auth.userPoolClient.userPoolClientId }
      : {};

    const importedBuckets = importBuckets(stage.name, props.buckets);

    const routes = props.routes ?? routeList();
    for (const route of routes) {
      if (route.auth !== 'none' && !props.auth) {
        throw new Error(`Route ${routeKey(route)} reads the caller's identity: pass the auth stack's user pool and client to the api stack.`);
      }
    }
    const areas = new Map<string, NestedStack>();
    const areaStack = (area: string) => {
      if (!areas.has(area)) areas.set(area, new NestedStack(this, areaStackId(area), { description: `Mentoring ${stage.name}: the API's ${area} functions` }));
      return areas.get(area)!;
    };

    for (const route of routes) {
      const area = areaStack(routeArea(route.handler));
      const fn = new AppFunction(area, `${functionId(route.handler)}Function`, {
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
        secret: secretIn(area),
        eventBus: props.eventBus,
        userPool: props.auth?.userPool,
        schedules: props.schedules,
      });
      this.functions.push(fn);
      // The integration and the permission go with the function; the route itself stays here, under its id of
      // old. A route's key is unique in its API, and CloudFormation makes a resource before it removes the one it
      // replaces: a route moved to another stack would be refused (409) on every stage deployed before the move.
      const integrationId = `${functionId(route.handler)}Integration`;
      const integration = new HttpIntegration(area, integrationId, {
        httpApi: this.api,
        integrationType: HttpIntegrationType.AWS_PROXY,
        integrationUri: fn.functionArn,
        payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
      });
      fn.addPermission(`${integrationId}-Permission`, {
        scope: integration,
        principal: new ServicePrincipal('apigateway.amazonaws.com'),
        sourceArn: Stack.of(area).formatArn({ service: 'execute-api', resource: this.api.apiId, resourceName: `*/*${route.path}` }),
      });
      // The same construct path (and so logical ID) as HttpApi.addRoutes gave it: `<api>/<METHOD><path>/Resource`.
      const created = new Construct(this.api, `${route.method}${route.path}`);
      new CfnRoute(created, 'Resource', {
        apiId: this.api.apiId,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]).key,
        target: `integrations/${integration.integrationId}`,
        authorizationType: 'NONE',
      });
      acknowledge(
        created,
        'AwsSolutions-APIG4',
        route.auth === 'none'
          ? `${routeKey(route)} is public by design (auth mode "none" in shared/src/routes.ts).`
          : `${routeKey(route)}: its function verifies the Cognito ID token itself (auth mode "${route.auth}"), so every refusal has the documented error shape.`,
      );
    }

    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint });
  }

}
