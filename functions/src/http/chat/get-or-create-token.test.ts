import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiEvent, lambdaContext } from '#testing/events';
import { useTestIdentity } from '#testing/tokens';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createGuestInvitation } from '../../calls/guest-invitation';
import { createUserToken } from '../../lib/stream/user-token';
import { handler } from './get-or-create-token';

const API_KEY = 'test-api-key';
const API_SECRET = 'test-api-secret-that-is-long-enough';
const GUEST_ID = 'guest-0b7f3c1e-5d2a-4c8e-9f61-2a3b4c5d6e7f';
const SUB = '5f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

const identity = useTestIdentity({ beforeAll, afterAll });

// Stream's API at the network boundary (the node SDK's fetch): the guest's user upsert lands here.
const streamRequests: { path: string; body: unknown }[] = [];
const stream = setupServer(
  http.all('https://chat.stream-io-api.com/*', async ({ request: sent }) => {
    const body = (await sent.json().catch(() => null)) as { users?: unknown } | null;
    streamRequests.push({ path: new URL(sent.url).pathname, body });
    return HttpResponse.json({ users: body?.users ?? {}, duration: '1ms' }, { status: 201 });
  }),
);
beforeAll(() => stream.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  stream.resetHandlers();
  streamRequests.length = 0;
});
afterAll(() => stream.close());

const request = async ({
  query,
  claims,
  headers = {},
}: {
  query?: Record<string, string>;
  claims?: Record<string, string>;
  headers?: Record<string, string>;
}) => {
  const event = apiEvent({ method: 'GET', path: '/api/chat/getOrCreateToken', query, headers: claims ? { ...identity.bearer(claims), ...headers } : headers });
  const response = (await handler(event, lambdaContext())) as APIGatewayProxyStructuredResultV2;
  return { status: response.statusCode, body: JSON.parse(response.body!) };
};

const verify = (token: string) => jwtVerify(token, new TextEncoder().encode(API_SECRET), { algorithms: ['HS256'] });

const member = { sub: SUB, email: 'ada@example.org', name: 'Ada Lovelace' };

describe('GET /api/chat/getOrCreateToken', () => {
  beforeEach(() => {
    process.env.STREAM_API_KEY = API_KEY;
    process.env.STREAM_API_SECRET = API_SECRET;
  });
  afterEach(() => {
    delete process.env.STREAM_API_KEY;
    delete process.env.STREAM_API_SECRET;
  });

  describe('guest', () => {
    const CID = 'default:m-call-1';
    const invite = (options: { cid?: string; now?: number; ttlSeconds?: number; secret?: string } = {}) =>
      createGuestInvitation(options.secret ?? API_SECRET, { cid: options.cid ?? CID, by: SUB, now: options.now, ttlSeconds: options.ttlSeconds }).invitation;

    it('answers a call token for the invited call only, with the guest role, signed with the Stream secret', async () => {
      const before = Math.floor(Date.now() / 1000);
      const { status, body } = await request({ query: { streamChatUuid: GUEST_ID, isGuest: 'true', invitation: invite() } });
      expect(status).toBe(200);
      expect(Object.keys(body).sort()).toEqual(['apiKey', 'callCid', 'token']);
      expect(body.apiKey).toBe(API_KEY);
      expect(body.callCid).toBe(CID);
      const { payload, protectedHeader } = await verify(body.token);
      expect(protectedHeader.alg).toBe('HS256');
      expect(payload.user_id).toBe(GUEST_ID);
      expect(payload.call_cids).toEqual([CID]);
      expect(payload.role).toBe('guest');
      expect(payload.exp! - before).toBeGreaterThan(55 * 60);
      expect(payload.exp! - before).toBeLessThanOrEqual(60 * 60 + 5);
    });

    it("makes the guest's Stream user with the guest role and the name Guest User before answering", async () => {
      await request({ query: { streamChatUuid: GUEST_ID, isGuest: 'true', invitation: invite() } });
      expect(streamRequests).toHaveLength(1);
      expect(streamRequests[0]!.body).toEqual({
        users: { [GUEST_ID]: { id: GUEST_ID, name: 'Guest User', role: 'guest', custom: { invitedTo: CID } } },
      });
    });

    it.each([
      ['no invitation', () => undefined, 'A guest needs an invitation'],
      ['an expired invitation', () => invite({ now: Date.now() - 25 * 60 * 60 * 1000 }), 'expired'],
      ['an invitation signed with another secret', () => invite({ secret: 'another-secret' }), 'not valid'],
      ['an invitation whose call was changed', () => {
        const [version, payload, signature] = invite().split('.') as [string, string, string];
        const changed = { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), cid: 'default:someone-elses-call' };
        return `${version}.${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${signature}`;
      }, 'not valid'],
      ['an invitation whose expiry was pushed back', () => {
        const [version, payload, signature] = invite({ now: Date.now() - 25 * 60 * 60 * 1000 }).split('.') as [string, string, string];
        const changed = { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), exp: Math.floor(Date.now() / 1000) + 3600 };
        return `${version}.${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${signature}`;
      }, 'not valid'],
      ['a Stream user token in place of an invitation', () => createUserToken(GUEST_ID, API_SECRET), 'not valid'],
      ['garbage', () => 'v1.e30.AAAA', 'not valid'],
    ])('answers 401 and issues nothing for %s', async (_case, invitation, message) => {
      const value = invitation();
      const { status, body } = await request({ query: { streamChatUuid: GUEST_ID, isGuest: 'true', ...(value === undefined ? {} : { invitation: value }) } });
      expect(status).toBe(401);
      expect(body.error.code).toBe('unauthenticated');
      expect(body.error.message).toContain(message);
      expect(body.token).toBeUndefined();
      expect(streamRequests).toHaveLength(0);
    });

    it.each([
      ['a missing guest id', { isGuest: 'true' }],
      ['an id without the guest prefix', { isGuest: 'true', streamChatUuid: '0b7f3c1e-5d2a-4c8e-9f61-2a3b4c5d6e7f' }],
      ['a guest prefix without a UUID', { isGuest: 'true', streamChatUuid: 'guest-ada' }],
      ['a member id passed as guest', { isGuest: 'true', streamChatUuid: SUB }],
      ['a missing isGuest', { streamChatUuid: GUEST_ID }],
      ['an isGuest that is not a boolean', { streamChatUuid: GUEST_ID, isGuest: 'yes' }],
    ])('answers 400 for %s', async (_case, query) => {
      const { status, body } = await request({ query: { ...query, invitation: invite() } });
      expect(status).toBe(400);
      expect(body.error.code).toBe('validation_failed');
    });

    it('answers 400 without any query', async () => {
      expect((await request({})).status).toBe(400);
    });
  });

  describe('signed in', () => {
    it('answers a token for the member, with the identity from the verified token', async () => {
      const { status, body } = await request({
        query: { isGuest: 'false', userId: SUB, userName: 'Someone Else', email: 'someone@example.org' },
        claims: member,
      });
      expect(status).toBe(200);
      expect(body.apiKey).toBe(API_KEY);
      expect(body.user).toEqual({ streamChatUuid: SUB, id: SUB, name: 'Ada Lovelace', email: 'ada@example.org' });
      const { payload } = await verify(body.token);
      expect(payload.user_id).toBe(body.user.streamChatUuid);
      expect(payload.exp! - payload.iat!).toBeGreaterThan(60 * 60);
      expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(60 * 60 + 30);
    });

    it('gives the same member the same streamChatUuid every time', async () => {
      const first = await request({ query: { isGuest: 'false' }, claims: member });
      const second = await request({ query: { isGuest: 'false' }, claims: member });
      expect(first.body.user.streamChatUuid).toBe(second.body.user.streamChatUuid);
    });

    it('never gives a member an id that looks like a guest id', async () => {
      const { body } = await request({ query: { isGuest: 'false' }, claims: { ...member, sub: GUEST_ID } });
      expect(body.user.streamChatUuid.startsWith('guest-')).toBe(false);
      expect(body.user.streamChatUuid).toMatch(/^[\w@-]+$/);
      expect((await verify(body.token)).payload.user_id).toBe(body.user.streamChatUuid);
    });

    it('names a member without a name claim after the e-mail', async () => {
      const { body } = await request({ query: { isGuest: 'false' }, claims: { sub: SUB, email: 'grace@example.org' } });
      expect(body.user.name).toBe('grace');
    });

    it('answers 403 when userId names someone else', async () => {
      const { status, body } = await request({ query: { isGuest: 'false', userId: 'someone-else' }, claims: member });
      expect(status).toBe(403);
      expect(body.error.code).toBe('forbidden');
    });

    it('answers 401 without a token', async () => {
      const { status, body } = await request({ query: { isGuest: 'false', userId: SUB } });
      expect(status).toBe(401);
      expect(body.error.code).toBe('unauthenticated');
    });

    it('answers 401 for a token that did not verify', async () => {
      const { status } = await request({ query: { isGuest: 'false' }, headers: { authorization: 'Bearer not-a-jwt' } });
      expect(status).toBe(401);
    });
  });

  it('answers 500 without leaking details when Stream is not configured', async () => {
    delete process.env.STREAM_API_SECRET;
    const { status, body } = await request({ query: { isGuest: 'false' }, claims: member });
    expect(status).toBe(500);
    expect(JSON.stringify(body)).not.toContain('STREAM');
  });
});
