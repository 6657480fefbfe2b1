import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { CfnStage} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { buckets, notFoundRoute, routes, tables, type BucketKey, type RouteDefinition, type TableKey } from '@mentoring/shared';
import { AppFunction } from '../constructs/app-function';
import type { StageConfig } from '../stages';

export interface ApiStackProps extends StackProps {
  stage: StageConfig;
  tables: Record<TableKey, TableV2>;
  /** The Stream event bus (events stack), for routes that publish to it. */
  eventBus: IEventBus;
  buckets: Record<BucketKey, IBucket>;
}

const functionId = (handler: string) =>
  handler
    .split(/[/-]/)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/** The HTTP API, built from the shared route table: one function per route, `$default` answers 404. */
export class ApiStack extends Stack {
  readonly api: HttpApi;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { stage } = props;

    const notFound = new AppFunction(this, 'NotFoundFunction', { stage, handler: notFoundRoute.handler, memoryMiB: 128 });
    this.api = new HttpApi(this, 'HttpApi', {
      description: `Mentoring platform API (${stage.name})`,
      defaultIntegration: new HttpLambdaIntegration('NotFound', notFound),
    });
    const defaultStage = this.api.defaultStage?.node.defaultChild as CfnStage;
    defaultStage.defaultRouteSettings = {
      throttlingRateLimit: stage.throttle.rateLimit,
      throttlingBurstLimit: stage.throttle.burstLimit,
    };

    for (const route of routes as readonly RouteDefinition[]) {
      const fn = new AppFunction(this, `${functionId(route.handler)}Function`, {
        stage,
        handler: route.handler,
        memoryMiB: route.memoryMiB,
        timeoutSeconds: route.timeoutSeconds,
        environment: {
          ...Object.fromEntries(route.tables.map(({ table }) => [tables[table].envVar, props.tables[table].tableName])),
          ...Object.fromEntries((route.buckets ?? []).map(({ bucket }) => [buckets[bucket].envVar, props.buckets[bucket].bucketName])),
          ...(route.publishesEvents ? { EVENT_BUS_NAME: props.eventBus.eventBusName } : {}),
        },
      });
      for (const { bucket, access } of route.buckets ?? []) {
        const target = props.buckets[bucket];
        if (access === 'read') target.grantRead(fn);
        else if (access === 'write') target.grantPut(fn);
        else target.grantReadWrite(fn);
      }
      if (route.publishesEvents) props.eventBus.grantPutEventsTo(fn);
      if (route.secrets?.includes('stream')) {
        const secret = this.streamSecret(stage.name);
        secret.grantRead(fn);
        fn.addEnvironment('STREAM_SECRET_ARN', secret.secretArn);
      }
      for (const { table, access } of route.tables) {
        const target = props.tables[table];
        if (access === 'read') target.grantReadData(fn);
        else if (access === 'write') target.grantWriteData(fn);
        else target.grantReadWriteData(fn);
      }
      this.api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${functionId(route.handler)}Integration`, fn),
      });
    }

    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint });
  }

  /** Stream's key and secret, JSON {"apiKey","apiSecret"}, created by hand once per stage (never in git). */
  private streamSecret(stageName: string) {
    const existing = this.node.tryFindChild('StreamSecret') as ReturnType<typeof Secret.fromSecretNameV2> | undefined;
    return existing ?? Secret.fromSecretNameV2(this, 'StreamSecret', `mentoring/${stageName}/stream`);
  }
}
