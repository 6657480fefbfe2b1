import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { HttpError } from '../lib/http/errors';
import { errorHandler } from '../lib/http/middlewares';

/** API Gateway's `$default` route: anything the route table does not name, answered in the documented shape. */
export const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
  .use(errorHandler())
  .handler(async (event) => {
    throw new HttpError('not_found', `No route for ${event.requestContext.http.method} ${event.rawPath}.`);
  });
