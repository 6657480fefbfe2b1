import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { routeIn, streamRoutes } from '@mentoring/shared';
import { z } from 'zod';
import { publishStreamEvent } from '../../lib/event-bus';
import { busDetail } from '../../lib/events/stored-detail';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { header } from '../../lib/http/middlewares';
import { emitMetric } from '../../lib/metrics';
import { logger } from '../../lib/powertools';
import { claimDelivery, releaseDelivery } from '../../calls';
import { getStreamCredentials } from '../../lib/stream/credentials';
import { isValidWebhookSignature, safeEqual } from '../../lib/stream/webhook-signature';

/**
 * The largest body taken in. Up to this, an event that does not fit a bus entry with its source and type
 * (256 KB in all) travels through S3 (publishStreamEvent); larger ones are refused before any work.
 */
export const MAX_WEBHOOK_BYTES = 256 * 1024;

const eventSchema = z.looseObject({ type: z.string().min(1).max(128), created_at: z.iso.datetime({ offset: true }) });

/**
 * X-Webhook-Id becomes a DynamoDB key (at most 2048 bytes): Stream sends a UUID, so anything longer than
 * that or outside a plain charset is refused before it reaches the table. '#' is left out because payload
 * markers in the same table use it.
 */
const WEBHOOK_ID = /^[\w.:-]{1,128}$/;

/**
 * The replay window: a signed body whose event is older than this is not published, however it arrives.
 * Stream retries a delivery within minutes; an hour leaves room for a slow retry while staying far inside
 * the payload markers' life (MARKER_TTL_SECONDS), so every replay is either stale or already seen.
 */
export const STALE_AFTER_SECONDS = 60 * 60;
/** Stream's clock and ours may disagree a little; an event "from the future" beyond this is refused as well. */
const FUTURE_SKEW_SECONDS = 5 * 60;

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
 * Stream's webhook: authenticate the exact bytes first, refuse stale events, then publish each delivery to
 * the bus once, by its webhook id and by the digest of its bytes.
 * Nothing else happens here, because Stream gives a delivery 6 s and the consumers do the work.
 */
export const handler = httpHandler(routeIn(streamRoutes, 'POST /api/webhooks/stream'), async ({ event }) => {
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
  if (!result.success) throw new HttpError('validation_failed', 'The event needs a type and a created_at time.', result.error.issues);
  const { type } = result.data;

  const deliveryId = header(event, 'x-webhook-id');
  if (deliveryId !== undefined && !WEBHOOK_ID.test(deliveryId)) {
    throw new HttpError('validation_failed', 'X-Webhook-Id must be 1 to 128 letters, digits, ".", ":", "_" or "-".');
  }

  // Answered 2xx on purpose: the signature is good, so this is Stream's own event (or a copy of it), and no
  // retry can make it fresh; a 4xx or 5xx would only have Stream retry it until it gives up.
  const ageSeconds = (Date.now() - Date.parse(result.data.created_at)) / 1000;
  if (ageSeconds > STALE_AFTER_SECONDS || ageSeconds < -FUTURE_SKEW_SECONDS) {
    logger.warn('Ignored a stale Stream event', { type, deliveryId, createdAt: result.data.created_at });
    emitMetric('WebhooksReceived', 1, { outcome: 'stale' });
    return { accepted: false, duplicate: false, stale: true };
  }

  const delivery = { id: deliveryId, digest: createHash('sha256').update(body).digest('hex') };
  const claim = await claimDelivery(delivery);
  if (claim !== 'claimed') {
    emitMetric('WebhooksReceived', 1, { outcome: 'duplicate' });
    return { accepted: true, duplicate: true };
  }
  try {
    await publishStreamEvent(type, await busDetail(type, text, delivery.digest));
  } catch (error) {
    logger.error('Publishing a Stream event failed', { type, deliveryId, error: error as Error });
    await releaseDelivery(delivery).catch((release: unknown) => logger.error('Releasing the delivery failed', { deliveryId, error: release as Error }));
    throw new HttpError('internal', 'The event could not be queued; please retry.');
  }
  emitMetric('WebhooksReceived', 1, { outcome: 'published' });
  return { accepted: true, duplicate: false };
});
