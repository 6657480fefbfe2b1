import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isValidWebhookSignature } from '../../../functions/src/lib/stream/webhook-signature';
import { callFeatureEvents } from '@mentoring/shared';
import { consumedStreamEvents } from './server';
import { videoWebhookEvents } from './video/coordinator';
import { createWebhookSender } from './webhooks';

const received: { headers: IncomingMessage['headers']; body: Buffer }[] = [];
let status = 200;
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks) });
    res.writeHead(status).end();
  });
});

describe('the stand-in’s webhooks', () => {
  afterEach(() => {
    received.length = 0;
    status = 200;
    server.close();
  });

  const start = async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return createWebhookSender({ apiKey: 'key-1', secret: 'secret-1', url: () => `http://127.0.0.1:${port}/api/webhooks/stream`, log: () => undefined });
  };

  it('signs the exact body as the product’s webhook route checks it, with the API key and a delivery id', async () => {
    const sender = await start();
    sender.send({ type: 'call.session_started', call_cid: 'default:c1' });
    await sender.settled();
    expect(received).toHaveLength(1);
    const [{ headers, body }] = received as [(typeof received)[0]];
    expect(isValidWebhookSignature(body, headers['x-signature'] as string, 'secret-1')).toBe(true);
    expect(isValidWebhookSignature(body, headers['x-signature'] as string, 'another-secret')).toBe(false);
    expect(headers['x-api-key']).toBe('key-1');
    expect(headers['x-webhook-id']).toMatch(/^[\w.:-]{1,128}$/);
    expect(JSON.parse(body.toString())).toMatchObject({ type: 'call.session_started', call_cid: 'default:c1', created_at: expect.any(String) });
  });

  it('retries a failing delivery under the same delivery id, so the route deduplicates it', async () => {
    status = 503;
    const sender = await start();
    sender.send({ type: 'call.ended' });
    await sender.settled();
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => r.headers['x-webhook-id'])).size).toBe(1);
  });

  it('sends only the events the product’s rules consume (shared/src/event-rules.ts)', () => {
    expect(consumedStreamEvents.has('call.session_started')).toBe(true);
    expect(consumedStreamEvents.has('call.recording_ready')).toBe(true);
    expect(consumedStreamEvents.has('message.new')).toBe(true);
    expect(consumedStreamEvents.has('typing.start')).toBe(false);
  });

  it('makes, as webhooks, every call event the product’s rules consume, but RTMP broadcasting’s (not imitated)', () => {
    const notMade = [...consumedStreamEvents].filter((type) => type.startsWith('call.') && !videoWebhookEvents.has(type));
    const rtmp = callFeatureEvents.broadcasting.filter((type: string) => type.startsWith('call.rtmp_'));
    expect(rtmp.length).toBeGreaterThan(0);
    expect(notMade.filter((type) => !rtmp.includes(type))).toEqual([]);
    for (const failed of ['call.recording_failed', 'call.transcription_failed', 'call.closed_captions_failed']) expect(videoWebhookEvents.has(failed)).toBe(true);
  });
});
