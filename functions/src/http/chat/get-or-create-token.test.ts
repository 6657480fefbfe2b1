import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiEvent, lambdaContext } from '../../../testing/events';
import { useTestIdentity } from '../../../testing/tokens';
import { handler } from './get-or-create-token';

const API_KEY = 'test-api-key';
const API_SECRET = 'test-api-secret-that-is-long-enough';
const GUEST_ID = 'guest-0b7f3c1e-5d2a-4c8e-9f61-2a3b4c5d6e7f';
const SUB = '5f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

const identity = useTestIdentity({ beforeAll, afterAll });

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
    it('answers a token for the guest id, signed with the Stream secret, and the api key only', async () => {
      const before = Math.floor(Date.now() / 1000);
      const { status, body } = await request({ query: { streamChatUuid: GUEST_ID, isGuest: 'true' } });
      const after = Math.ceil(Date.now() / 1000);
      expect(status).toBe(200);
      expect(Object.keys(body).sort()).toEqual(['apiKey', 'token']);
      expect(body.apiKey).toBe(API_KEY);
      const { payload, protectedHeader } = await verify(body.token);
      expect(protectedHeader.alg).toBe('HS256');
      expect(payload.user_id).toBe(GUEST_ID);
      expect(payload.iat).toBeLessThan(before);
      expect(payload.iat).toBeGreaterThanOrEqual(before - 30);
      expect(payload.exp! - before).toBeGreaterThan(55 * 60);
      // One hour from the moment of signing, which lies between `before` and `after`.
      expect(payload.exp! - after).toBeLessThanOrEqual(60 * 60);
    });

    it('refuses a token signed with another secret', async () => {
      const { body } = await request({ query: { streamChatUuid: GUEST_ID, isGuest: 'true' } });
      await expect(jwtVerify(body.token, new TextEncoder().encode('another-secret'))).rejects.toThrow();
    });

    it.each([
      ['a missing guest id', { isGuest: 'true' }],
      ['an id without the guest prefix', { isGuest: 'true', streamChatUuid: '0b7f3c1e-5d2a-4c8e-9f61-2a3b4c5d6e7f' }],
      ['a guest prefix without a UUID', { isGuest: 'true', streamChatUuid: 'guest-ada' }],
      ['a member id passed as guest', { isGuest: 'true', streamChatUuid: SUB }],
      ['a missing isGuest', { streamChatUuid: GUEST_ID }],
      ['an isGuest that is not a boolean', { streamChatUuid: GUEST_ID, isGuest: 'yes' }],
    ])('answers 400 for %s', async (_case, query) => {
      const { status, body } = await request({ query });
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
    const { status, body } = await request({ query: { streamChatUuid: GUEST_ID, isGuest: 'true' } });
    expect(status).toBe(500);
    expect(JSON.stringify(body)).not.toContain('STREAM');
  });
});
