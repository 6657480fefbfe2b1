import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { MiddlewareObj } from '@middy/core';
import { IdempotencyConfig } from '@aws-lambda-powertools/idempotency';
import { makeHandlerIdempotent } from '@aws-lambda-powertools/idempotency/middleware';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { sdkClientConfig } from '../aws-clients';
import { tableName } from '../dynamo';
import { traced } from '../powertools';

/** How long a key is remembered: a client retrying a create does so within minutes, not days. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

/** Powertools' idempotency middleware over the idempotency table, keyed by the scope ./idempotency.ts puts on the event. */
export const powertoolsIdempotency = (): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> =>
  makeHandlerIdempotent({
    persistenceStore: new DynamoDBPersistenceLayer({
      tableName: tableName('idempotency'),
      awsSdkV3Client: traced(new DynamoDBClient(sdkClientConfig())),
    }),
    config: new IdempotencyConfig({
      eventKeyJmesPath: 'idempotency.scope',
      payloadValidationJmesPath: 'idempotency.body',
      expiresAfterSeconds: IDEMPOTENCY_TTL_SECONDS,
      throwOnNoIdempotencyKey: true,
    }),
  });
