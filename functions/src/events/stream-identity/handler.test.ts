import { createHmac } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { EventBridgeEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lambdaContext } from '#testing/events';
import { handler } from './handler';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);

const API_KEY = 'test-key';
const API_SECRET = 'test-secret-for-unit-tests';
const SUB = '3f1c2b7e-0000-4000-8000-000000000001';

interface Recorded {
  method: string;
  url: URL;
  authorization: string | null;
  body: unknown;
}
const requests: Recorded[] = [];
let answer: () => Response = () => HttpResponse.json({ users: {}, duration: '1ms' });

// The network boundary: Stream's API as the node SDK reaches it (global fetch), nothing below it mocked.
const stream = setupServer(
  http.all('https://chat.stream-io-api.com/*', async ({ request }) => {
    requests.push({ method: request.method, url: new URL(request.url), authorization: request.headers.get('authorization'), body: await request.json().catch(() => null) });
    return answer();
  }),
);

const busEvent = (detail: Record<string, unknown>): EventBridgeEvent<string, unknown> => ({
  version: '0',
  id: 'event-1',
  'detail-type': 'member.changed',
  source: 'mentoring',
  account: '123456789012',
  time: '2026-01-01T00:00:00Z',
  region: 'eu-west-1',
  resources: [],
  detail,
});

const verifyHs256 = (token: string, secret: string) => {
  const [header, payload, signature] = token.split('.');
  expect(createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url')).toBe(signature);
  return JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
};

beforeAll(() => stream.listen({ onUnhandledRequest: 'error' }));
afterAll(() => stream.close());
beforeEach(() => {
  requests.length = 0;
  answer = () => HttpResponse.json({ users: {}, duration: '1ms' });
  dynamo.reset();
  Object.assign(process.env, { MEMBERS_TABLE: 'members-test', STREAM_API_KEY: API_KEY, STREAM_API_SECRET: API_SECRET, SITE_URL: 'https://mentoring.example.org' });
});
afterEach(() => stream.resetHandlers());

describe('stream-identity consumer', () => {
  it("upserts the member's Stream user from the stored member: name, absolute photo URL, role and mentoring role", async () => {
    dynamo.on(GetCommand, { TableName: 'members-test', Key: { id: SUB } }).resolves({
      Item: { id: SUB, role: 'mentor', displayName: ' Grace Hopper ', photoKey: `photos/${SUB}/abc-400.webp` },
    });
    await handler(busEvent({ memberId: SUB, reason: 'photo' }), lambdaContext());

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.method).toBe('POST');
    expect(request!.url.pathname).toBe('/api/v2/users');
    expect(request!.url.searchParams.get('api_key')).toBe(API_KEY);
    expect(request!.body).toEqual({
      users: {
        [SUB]: {
          id: SUB,
          name: 'Grace Hopper',
          image: `https://mentoring.example.org/media/photos/${SUB}/abc-400.webp`,
          role: 'user',
          custom: { mentoringRole: 'mentor' },
        },
      },
    });
    // A server-side token signed with the API secret: the secret itself never travels.
    expect(verifyHs256(request!.authorization!, API_SECRET)).toMatchObject({ server: true });
    expect(JSON.stringify(request)).not.toContain(API_SECRET);
  });

  it('sends no image once the photo is gone, so Stream drops it too', async () => {
    dynamo.on(GetCommand).resolves({ Item: { id: SUB, role: 'mentee', displayName: 'Ada' } });
    await handler(busEvent({ memberId: SUB, reason: 'photo' }), lambdaContext());
    expect(requests[0]!.body).toEqual({ users: { [SUB]: { id: SUB, name: 'Ada', role: 'user', custom: { mentoringRole: 'mentee' } } } });
  });

  it("uses the member's Stream id, which is never the raw sub when Stream would refuse it", async () => {
    const odd = 'odd sub/with:chars';
    dynamo.on(GetCommand).resolves({ Item: { id: odd, role: 'mentee', displayName: 'Ada' } });
    await handler(busEvent({ memberId: odd, reason: 'profile' }), lambdaContext());
    const [id] = Object.keys((requests[0]!.body as { users: Record<string, unknown> }).users);
    expect(id).toMatch(/^m-[0-9a-f]{40}$/);
  });

  it('throws when Stream refuses, so the bus retries and then dead-letters the event', async () => {
    dynamo.on(GetCommand).resolves({ Item: { id: SUB, role: 'mentee', displayName: 'Ada' } });
    answer = () => HttpResponse.json({ code: 5, message: 'rate limited' }, { status: 429 });
    await expect(handler(busEvent({ memberId: SUB, reason: 'profile' }), lambdaContext())).rejects.toThrow(/rate limited/);
    answer = () => HttpResponse.error();
    await expect(handler(busEvent({ memberId: SUB, reason: 'profile' }), lambdaContext())).rejects.toThrow();
  });

  it('throws on a detail that is not a member.changed', async () => {
    await expect(handler(busEvent({ reason: 'photo' }), lambdaContext())).rejects.toThrow(/unexpected shape/);
    expect(requests).toHaveLength(0);
  });

  it('skips, without calling Stream, a member with no profile yet or no member at all', async () => {
    dynamo.on(GetCommand).resolvesOnce({}).resolvesOnce({ Item: { id: SUB } });
    await handler(busEvent({ memberId: SUB, reason: 'role' }), lambdaContext());
    await handler(busEvent({ memberId: SUB, reason: 'role' }), lambdaContext());
    expect(requests).toHaveLength(0);
  });

  it('skips, and says so, when Stream is not configured (a local stage without credentials)', async () => {
    delete process.env.STREAM_API_KEY;
    delete process.env.STREAM_API_SECRET;
    dynamo.on(GetCommand).resolves({ Item: { id: SUB, role: 'mentee', displayName: 'Ada' } });
    await expect(handler(busEvent({ memberId: SUB, reason: 'profile' }), lambdaContext())).resolves.toBeUndefined();
    expect(requests).toHaveLength(0);
  });
});
