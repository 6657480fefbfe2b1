import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import { logger, metrics } from '../powertools';
import { errorHandler, jsonBody } from './middlewares';
import { resolveIdentity, type Identity } from './identity';

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

interface HttpHandlerOptions<B extends z.ZodType | undefined> {
  /** As the route table says; defaults to 'none'. */
  auth?: 'none' | 'optional' | 'required';
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
  return handler.handler(async (event, context) =>
    run({
      event,
      context,
      body: (event as { parsedBody?: unknown }).parsedBody as BodyOf<B>,
      identity: resolveIdentity(event, options.auth ?? 'none'),
    }),
  );
};
