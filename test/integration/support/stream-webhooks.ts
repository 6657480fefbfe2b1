import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { inject } from 'vitest';
import { streamSignature } from '../../support/stream';
import { stageStreamCredentials } from './stream-secret';

/** Where a webhook goes and the credentials Stream would sign it with. */
export interface WebhookTarget {
  url: string;
  apiKey: string;
  apiSecret: string;
}

/** The shared stage of the integration run (global-setup.ts), signed with its Stream secret. */
const sharedStage = async (): Promise<WebhookTarget> => ({ url: inject('baseUrl'), ...(await stageStreamCredentials()) });

export interface WebhookDelivery {
  /** A stage of the test's own; the shared stage by default. */
  target?: WebhookTarget;
  id?: string;
  gzip?: boolean;
  /** Overrides the signature made with the target's secret, to test refusals. */
  signature?: string;
  apiKey?: string;
}

/** Posts `payload` (an object, or a raw body, string or bytes, as it is) to the webhook route as Stream does, signed over the uncompressed body. */
export const deliverWebhook = async (payload: unknown, { target: given, id = randomUUID(), gzip = false, signature, apiKey: givenKey }: WebhookDelivery = {}) => {
  const target = given ?? (await sharedStage());
  const apiKey = givenKey ?? target.apiKey;
  const raw = Buffer.from(Buffer.isBuffer(payload) || typeof payload === 'string' ? payload : JSON.stringify(payload));
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-webhook-id': id,
    'x-api-key': apiKey,
    'x-signature': signature ?? streamSignature(raw, target.apiSecret),
  };
  if (gzip) headers['content-encoding'] = 'gzip';
  return fetch(`${target.url}/api/webhooks/stream`, { method: 'POST', headers, body: gzip ? gzipSync(raw) : raw });
};

/** An event a local bus took, and what each of its rules did with it (its own log: a stage of a test's own). */
export interface LoggedBusEvent {
  event: { id: string; source: string; 'detail-type': string; detail: { call_cid?: string; cid?: string; egress_id?: string; storedDetail?: { key: string } } };
  /** `error`: the last attempt's, while one failed. */
  deliveries: { rule: string; status: string; attempts: number; error?: string }[];
}

/** Every event a local stage's bus has taken so far, from its own log: for stages a test starts; the shared stage's are read through support/bus-events.ts. */
export const localBusLog = async (endpoint: string) => ((await (await fetch(`${endpoint}/_local/events`)).json()) as { events: LoggedBusEvent[] }).events;
