import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { CfnStage} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { notFoundRoute, routes, tables, type RouteDefinition, type TableKey } from '@mentoring/shared';
import { AppFunction } from '../constructs/app-function';
import { importStreamSecret } from '../constructs/stream-secret';
import type { StageConfig } from '../stages';

export interface ApiStackProps extends StackProps {
  stage: StageConfig;
  tables: Record<TableKey, TableV2>;
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

    let streamSecret: ISecret | undefined;
    for (const route of routes as readonly RouteDefinition[]) {
      const secrets = route.secrets?.includes('stream') ? [(streamSecret ??= importStreamSecret(this, stage.name))] : [];
      const fn = new AppFunction(this, `${functionId(route.handler)}Function`, {
        stage,
        handler: route.handler,
        memoryMiB: route.memoryMiB,
        timeoutSeconds: route.timeoutSeconds,
        environment: {
          ...Object.fromEntries(route.tables.map(({ table }) => [tables[table].envVar, props.tables[table].tableName])),
          ...(secrets[0] ? { STREAM_SECRET_ARN: secrets[0].secretArn } : {}),
        },
      });
      for (const secret of secrets) secret.grantRead(fn);
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
}
