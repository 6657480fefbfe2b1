import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { streamSignature } from '../support/stream';
import { api } from './support/api';
import { getItem, tableName } from './support/db';
import { busEventsOf } from './support/bus-events';
import { stageStreamCredentials } from './support/stream-secret';
import { deliverWebhook as deliver } from './support/stream-webhooks';
import { waitFor } from './support/wait-for';

const newCid = () => `default:${randomUUID()}`;
const at = (offsetSeconds = 0) => new Date(Date.now() + offsetSeconds * 1000).toISOString();

describe('Stream webhooks into the bus (through its copy into the suite\'s queue, and the Stream secret from Secrets Manager)', () => {
  const started = (cid: string) => ({ type: 'call.recording_started', call_cid: cid, created_at: at() });

  it.each([
    ['a wrong signature', { signature: 'ab'.repeat(32) }],
    ['a signature of another secret', { signature: streamSignature('{}', 'another-secret') }],
    ['a malformed signature', { signature: 'not-hex' }],
    ['a wrong API key', { apiKey: 'someone-else' }],
  ])('answers 401 to %s and publishes nothing', async (_name, options) => {
    const cid = newCid();
    const response = await deliver(started(cid), options);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unauthenticated');
    expect(await busEventsOf(cid)).toEqual([]);
  });

  it('answers 401 to a delivery without a signature', async () => {
    const cid = newCid();
    const response = await api('/api/webhooks/stream', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': (await stageStreamCredentials()).apiKey },
      body: JSON.stringify(started(cid)),
    });
    expect(response.status).toBe(401);
    expect(await busEventsOf(cid)).toEqual([]);
  });

  it('answers 400 to signed malformed JSON and to an event without a type', async () => {
    const malformed = await deliver('{"type": "call.created",');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
    expect((await deliver({ call_cid: newCid() })).status).toBe(400);
  });

  it('processes the same delivery twice only once', async () => {
    const cid = newCid();
    const id = randomUUID();
    const first = await deliver(started(cid), { id });
    const second = await deliver(started(cid), { id });
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(await second.json()).toEqual({ accepted: true, duplicate: true });
    // Its consumer has run once it stored the call; by then the bus has copied whatever it took.
    await waitFor(() => getItem(tableName('calls'), { pk: `CALL#${cid}`, sk: 'META' }), 'the call-status consumer');
    expect(await getItem(tableName('calls'), { pk: `CALL#${cid}`, sk: 'META' })).toMatchObject({ recording: true });
    await waitFor(async () => ((await busEventsOf(cid)).length ? true : undefined), 'the event');
    expect((await busEventsOf(cid)).map((event) => event['detail-type'])).toEqual(['call.recording_started']);
  });

  it('verifies a gzip body against the signature of its uncompressed bytes', async () => {
    const cid = newCid();
    const response = await deliver(started(cid), { gzip: true });
    expect(response.status).toBe(202);
    const events = await waitFor(async () => ((await busEventsOf(cid)).length ? busEventsOf(cid) : undefined), 'the event');
    expect(events[0]).toMatchObject({ source: 'getstream.io', 'detail-type': 'call.recording_started', detail: { call_cid: cid } });
  });
});
