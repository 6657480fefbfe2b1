import { gunzipSync } from 'node:zlib';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { route } from '@mentoring/shared';
import { z } from 'zod';
import { publishStreamEvent } from '../../lib/event-bus';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { header } from '../../lib/http/middlewares';
import { emitMetric } from '../../lib/metrics';
import { logger } from '../../lib/powertools';
import { claimDelivery, releaseDelivery } from '../../lib/repositories/webhook-deliveries';
import { getStreamCredentials } from '../../lib/stream/credentials';
import { isValidWebhookSignature, safeEqual } from '../../lib/stream/webhook-signature';

/** EventBridge takes entries up to 256 KB; a larger body could never be published, so it is refused up front. */
export const MAX_WEBHOOK_BYTES = 256 * 1024;

const eventSchema = z.looseObject({ type: z.string().min(1).max(128) });

/** The bytes Stream signed: API Gateway may hand them over base64-encoded, and Stream may gzip them. */
const rawBody = (event: APIGatewayProxyEventV2) => {
  const received = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
  if (received.length > MAX_WEBHOOK_BYTES) throw new HttpError('payload_too_large', `The request body must be at most ${MAX_WEBHOOK_BYTES} bytes.`);
  if (header(event, 'content-encoding')?.trim().toLowerCase() !== 'gzip') return received;
  try {
    return gunzipSync(received, { maxOutputLength: MAX_WEBHOOK_BYTES });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new HttpError('payload_too_large', `The request body must be at most ${MAX_WEBHOOK_BYTES} bytes.`);
    }
    throw new HttpError('validation_failed', 'The request body is not valid gzip.');
  }
};

/**
 * Stream's webhook: authenticate the exact bytes first, then publish each delivery to the bus once.
 * Nothing else happens here, because Stream gives a delivery 6 s and the consumers do the work.
 */
export const handler = httpHandler(route('POST /api/webhooks/stream'), async ({ event }) => {
  const body = rawBody(event);
  const { apiKey, apiSecret } = await getStreamCredentials();
  if (!safeEqual(header(event, 'x-api-key'), apiKey) || !isValidWebhookSignature(body, header(event, 'x-signature'), apiSecret)) {
    throw new HttpError('unauthenticated', 'The webhook signature or API key is not valid.');
  }

  const text = body.toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError('validation_failed', 'The request body is not valid JSON.');
  }
  const result = eventSchema.safeParse(parsed);
  if (!result.success) throw new HttpError('validation_failed', 'The event has no type.', result.error.issues);
  const { type } = result.data;

  const deliveryId = header(event, 'x-webhook-id');
  if (deliveryId && !(await claimDelivery(deliveryId))) {
    emitMetric('WebhooksReceived', 1, { outcome: 'duplicate' });
    return { accepted: true, duplicate: true };
  }
  try {
    await publishStreamEvent(type, text);
  } catch (error) {
    logger.error('Publishing a Stream event failed', { type, deliveryId, error: error as Error });
    if (deliveryId) await releaseDelivery(deliveryId).catch((release: unknown) => logger.error('Releasing the delivery failed', { deliveryId, error: release as Error }));
    throw new HttpError('internal', 'The event could not be queued; please retry.');
  }
  emitMetric('WebhooksReceived', 1, { outcome: 'published' });
  return { accepted: true, duplicate: false };
});
