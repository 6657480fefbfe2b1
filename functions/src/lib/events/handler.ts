import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { Context, EventBridgeEvent } from 'aws-lambda';
import type { z } from 'zod';
import { STREAM_EVENT_SOURCE } from '@mentoring/shared';
import { emitMetric } from '../metrics';
import { logger, metrics, tracer } from '../powertools';
import { resolveDetail } from './stored-detail';

export type StreamBusEvent = EventBridgeEvent<string, unknown>;

export interface ConsumerRequest<D> {
  /** The bus event as delivered: its `detail` may be a reference to a stored event. Read `detail` below. */
  event: StreamBusEvent;
  detailType: string;
  /** The event's detail, resolved from S3 when the bus carried a reference, and checked by the consumer's schema. */
  detail: D;
  context: Context;
}

/**
 * The plumbing every bus consumer shares: Powertools tracing (in Lambda), logging and metrics, and a validated detail.
 * A detail that does not fit the schema throws, so it ends in the rule's dead-letter queue for a look.
 */
export const eventHandler = <S extends z.ZodType>(schema: S, run: (request: ConsumerRequest<z.infer<S>>) => Promise<void>) => {
  const handler = middy<StreamBusEvent, void>();
  if (tracer) handler.use(captureLambdaHandler(tracer));
  return handler
    .use(injectLambdaContext(logger))
    .use(logMetrics(metrics))
    .handler(async (event, context) => {
      // The one place consumers get their detail: a large Stream event arrives as a reference to S3.
      const parsed = schema.safeParse(event.source === STREAM_EVENT_SOURCE ? await resolveDetail(event.detail) : event.detail);
      if (!parsed.success) {
        throw new Error(`Event ${event.id} (${event['detail-type']}) has an unexpected shape: ${JSON.stringify(parsed.error.issues)}`);
      }
      logger.appendKeys({ eventId: event.id, detailType: event['detail-type'] });
      try {
        await run({ event, detailType: event['detail-type'], detail: parsed.data, context });
        emitMetric('StreamEventConsumed', 1);
      } finally {
        logger.resetKeys();
      }
    });
};
