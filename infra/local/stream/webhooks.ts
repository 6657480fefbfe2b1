import { createHmac, randomUUID } from 'node:crypto';

export type StreamWebhookEvent = Record<string, unknown> & { type: string };

/** Stream gives a delivery a few seconds and retries a failure a few times; so does the stand-in. */
const ATTEMPTS = 3;
const RETRY_DELAY_MS = 500;
const TIMEOUT_MS = 6000;

/**
 * Sends events to the stage's /api/webhooks/stream as Stream does: a JSON body, `X-Signature` the hex
 * HMAC-SHA256 of the exact bytes with the API secret, `X-Api-Key`, and a fresh `X-Webhook-Id` per event
 * (kept across its retries, so the route's deduplication sees one delivery). Fire and forget, in order of sending;
 * `settled()` waits for the deliveries under way (tests, shutdown).
 */
export const createWebhookSender = ({
  apiKey,
  secret,
  url,
  log = (message: string) => console.error(message),
}: {
  apiKey: string;
  secret: string;
  /** Where to send; a function because the stage's URL is known only once it listens. Empty: nowhere. */
  url: () => string | undefined;
  log?: (message: string) => void;
}) => {
  const pending = new Set<Promise<void>>();
  const deliver = async (event: StreamWebhookEvent) => {
    const target = url();
    if (!target) return;
    const body = JSON.stringify({ created_at: new Date().toISOString(), ...event });
    const headers = {
      'content-type': 'application/json',
      'x-signature': createHmac('sha256', secret).update(body).digest('hex'),
      'x-api-key': apiKey,
      'x-webhook-id': randomUUID(),
      'x-webhook-attempt': '1',
    };
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        const response = await fetch(target, { method: 'POST', body, headers: { ...headers, 'x-webhook-attempt': String(attempt) }, signal: AbortSignal.timeout(TIMEOUT_MS) });
        if (response.ok) return;
        log(`[stream stand-in] webhook ${event.type} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
        if (response.status < 500) return;
      } catch (error) {
        log(`[stream stand-in] webhook ${event.type} failed: ${(error as Error).message}`);
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * attempt));
    }
  };
  return {
    send(event: StreamWebhookEvent) {
      const delivery = deliver(event).finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async settled() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
};

export type WebhookSender = ReturnType<typeof createWebhookSender>;
