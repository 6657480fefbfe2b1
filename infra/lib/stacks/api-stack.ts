import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { CfnStage} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { notFoundRoute, routes, tables, type RouteDefinition, type TableKey } from '@mentoring/shared';
import { AppFunction } from '../constructs/app-function';
import type { StageConfig } from '../stages';

export interface ApiStackProps extends StackProps {
  stage: StageConfig;
  tables: Record<TableKey, TableV2>;
  /** The pool whose ID tokens the API accepts, and the SPA's client (the tokens' audience). */
  auth: { userPool: IUserPool; userPoolClient: IUserPoolClient };
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

    // API Gateway verifies the ID token of `required` routes before any function runs (JWT authorizer).
    const authorizer = new HttpUserPoolAuthorizer('CognitoAuthorizer', props.auth.userPool, {
      userPoolClients: [props.auth.userPoolClient],
    });
    // `optional` routes verify a token themselves (functions/src/lib/http/authenticate.ts).
    const identityEnvironment = {
      COGNITO_USER_POOL_ID: props.auth.userPool.userPoolId,
      COGNITO_CLIENT_ID: props.auth.userPoolClient.userPoolClientId,
    };

    for (const route of routes as readonly RouteDefinition[]) {
      const fn = new AppFunction(this, `${functionId(route.handler)}Function`, {
        stage,
        handler: route.handler,
        memoryMiB: route.memoryMiB,
        timeoutSeconds: route.timeoutSeconds,
        environment: {
          ...Object.fromEntries(route.tables.map(({ table }) => [tables[table].envVar, props.tables[table].tableName])),
          ...(route.auth === 'none' ? {} : identityEnvironment),
        },
      });
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
        ...(route.auth === 'required' && { authorizer }),
      });
    }

    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint });
  }
}
