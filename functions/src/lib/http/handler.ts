import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import { logger, metrics } from '../powertools';
import type { AuthMode } from '@mentoring/shared';
import { HttpError } from './errors';
import { identityFromEvent, type Identity } from './identity';
import { errorHandler, jsonBody } from './middlewares';

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

interface HttpHandlerOptions<B extends z.ZodType | undefined> {
  /** The route table's auth mode: `required` answers 401 when no verified claims came with the request. */
  auth?: AuthMode;
  body?: B;
  maxBodyBytes?: number;
  /** Publish the Powertools metrics the handler adds, and a cold-start metric. */
  metrics?: boolean;
}

export interface HttpRequest<B> {
  event: APIGatewayProxyEventV2;
  context: Context;
  body: B;
  identity: Identity | null;
}

type BodyOf<B> = B extends z.ZodType ? z.infer<B> : undefined;

/**
 * The plumbing every HTTP handler shares: Powertools logging and metrics, body validation,
 * and the documented error shape. The feature code receives a validated body and returns a response.
 */
export const httpHandler = <B extends z.ZodType | undefined = undefined>(
  options: HttpHandlerOptions<B>,
  run: (request: HttpRequest<BodyOf<B>>) => Promise<APIGatewayProxyStructuredResultV2>,
) => {
  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
    .use(injectLambdaContext(logger))
    .use(errorHandler());
  if (options.metrics) handler.use(logMetrics(metrics, { captureColdStartMetric: true }));
  if (options.body) handler.use(jsonBody(options.body, { maxBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES }));
  return handler.handler((event, context) => {
    const identity = options.auth === 'none' ? null : identityFromEvent(event);
    if (options.auth === 'required' && !identity) throw new HttpError('unauthenticated', 'Sign in to continue.');
    return run({ event, context, body: (event as { parsedBody?: unknown }).parsedBody as BodyOf<B>, identity });
  });
};
