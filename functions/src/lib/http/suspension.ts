import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { SUSPENDED_MESSAGE } from '@mentoring/shared';
import { documentClient, tableName } from '../dynamo';
import type { AuthenticatedEvent } from './authenticate';
import { HttpError } from './errors';

/**
 * Refuses a suspended member (403) before the route's own work. One eventually consistent read of the one
 * attribute (half a read unit): a suspension takes effect within a second, and no write route pays more.
 * The route table grants every such route GetItem on the members table (routeList in shared/src/routes.ts).
 */
export const refuseSuspended = (): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> => ({
  before: async ({ event }) => {
    const identity = (event as AuthenticatedEvent).identity;
    if (!identity) return;
    const read = await documentClient.send(
      new GetCommand({ TableName: tableName('members'), Key: { id: identity.sub }, ProjectionExpression: 'suspended' }),
    );
    if (read?.Item?.suspended === true) throw new HttpError('forbidden', SUSPENDED_MESSAGE);
  },
});
