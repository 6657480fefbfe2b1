import { randomUUID } from 'node:crypto';
import { jwtVerify, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { createGuestInvitation } from '../../functions/src/calls/guest-invitation';
import { api } from './support/api';
import { bearer, newUser } from './support/auth';
import { stageStreamCredentials } from './support/stream-secret';

const tokenPath = (query: Record<string, string>) => `/api/chat/getOrCreateToken?${new URLSearchParams(query)}`;

describe('GET /api/chat/getOrCreateToken', () => {
  // The test signs the invitation with the stage's Stream secret (from Secrets Manager where the stage is reached as
  // deployed); security.test.ts gets one from a member through the API.
  it('answers an invited guest a Stream call token for that call, with the guest role', async () => {
    const guestId = `guest-${randomUUID()}`;
    const cid = `default:${randomUUID()}`;
    const { apiKey, apiSecret } = await stageStreamCredentials();
    const { invitation } = createGuestInvitation(apiSecret, { cid, by: 'a-member' });
    const response = await api(tokenPath({ streamChatUuid: guestId, isGuest: 'true', invitation }));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { token: string; apiKey: string; callCid: string };
    expect(Object.keys(body).sort()).toEqual(['apiKey', 'callCid', 'token']);
    const claims = decodeJwt(body.token);
    expect(claims).toMatchObject({ user_id: guestId, call_cids: [cid], role: 'guest' });
    expect(claims.exp! * 1000).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(body.apiKey).toBe(apiKey);
    const secret = new TextEncoder().encode(apiSecret);
    await expect(jwtVerify(body.token, secret, { algorithms: ['HS256'] })).resolves.toBeDefined();
  });

  it('answers 401 to a guest without an invitation', async () => {
    const response = await api(tokenPath({ streamChatUuid: `guest-${randomUUID()}`, isGuest: 'true' }));
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unauthenticated');
  });

  it.each([
    ['a missing guest id', { isGuest: 'true' }],
    ['a guest id that is not guest-<uuid>', { isGuest: 'true', streamChatUuid: 'guest-mallory' }],
    ['no isGuest at all', { streamChatUuid: `guest-${randomUUID()}` }],
  ])('answers 400 for %s', async (_case, query) => {
    const response = await api(tokenPath(query));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
  });

  it('answers 401 to a member request without a token', async () => {
    const response = await api(tokenPath({ isGuest: 'false', userId: randomUUID(), userName: 'Ada', email: 'ada@example.org' }));
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unauthenticated');
  });

  it('answers 401 to a member request with a token that does not verify', async () => {
    const response = await api(tokenPath({ isGuest: 'false' }), { headers: { authorization: 'Bearer forged.token.value' } });
    expect(response.status).toBe(401);
  });

  it('answers a signed-in member a token for the identity of the verified ID token', async () => {
    const member = await newUser('Grace Mentor');
    // The spec's client sends userId, userName and email too; only the token decides who this is.
    const response = await api(tokenPath({ isGuest: 'false', userId: member.sub, userName: 'Someone Else', email: 'else@example.org' }), {
      headers: bearer(member.idToken),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string; apiKey: string; user: { streamChatUuid: string; id: string; name: string; email: string } };
    expect(body.user).toMatchObject({ id: member.sub, email: member.email });
    expect(body.user.streamChatUuid).not.toMatch(/^guest-/);
    expect(decodeJwt(body.token).user_id).toBe(body.user.streamChatUuid);
    const again = (await (await api(tokenPath({ isGuest: 'false' }), { headers: bearer(member.idToken) })).json()) as typeof body;
    expect(again.user.streamChatUuid).toBe(body.user.streamChatUuid);
  });

  it('answers 403 when a member asks for someone else\'s token', async () => {
    const member = await newUser();
    const response = await api(tokenPath({ isGuest: 'false', userId: randomUUID() }), { headers: bearer(member.idToken) });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('forbidden');
  });
});

describe('GET /config.json', () => {
  it('says Stream is configured without carrying any secret', async () => {
    const response = await api('/config.json');
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ stream: { configured: true } });
    expect(text).not.toContain((await stageStreamCredentials()).apiSecret);
    expect(text).not.toMatch(/secret/i);
  });
});
