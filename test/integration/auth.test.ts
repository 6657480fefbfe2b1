import { describe, expect, it } from 'vitest';
import { decodeJwt } from '../support/auth';
import { api, postJson } from './support/api';
import { bearer, newUser } from './support/auth';
import { countItems, getItem, tableName } from './support/db';

const feedback = { source: '/about', rating: 5, feedbackType: 'global', answers: ['Signed in'] };

describe('GET /api/me (auth: required)', () => {
  it('answers the caller of a valid ID token', async () => {
    const user = await newUser('Grace Hopper');
    const response = await api('/api/me', { headers: bearer(user.idToken) });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { id: string; email: string; name: string | null };
    expect(body).toMatchObject({ id: user.sub, email: user.email });
    // Cognito puts `name` in ID tokens; cognito-local does not, and the API then says null rather than guessing.
    expect([user.name, null]).toContain(body.name);
  });

  it('answers 401 without a token, with a malformed one and with a forged one', async () => {
    const user = await newUser();
    const [header, payload, signature] = user.idToken.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...decodeJwt(user.idToken), sub: 'someone-else' })).toString('base64url');
    for (const headers of [{}, { authorization: 'Bearer nonsense' }, { authorization: `Basic ${user.idToken}` }, bearer(`${header}.${forgedPayload}.${signature}`), bearer(`${header}.${payload}.`)]) {
      const response = await api('/api/me', { headers });
      expect(response.status, JSON.stringify(headers)).toBe(401);
    }
  });
});

describe('POST /api/feedback (auth: optional)', () => {
  it('stores the user id (sub) when a valid token comes with it', async () => {
    const user = await newUser();
    const response = await postJson('/api/feedback', feedback, bearer(user.idToken));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(await getItem(tableName('feedback'), { id })).toMatchObject({ id, userId: user.sub });
  });

  it('answers 401 to an invalid token instead of storing the message anonymously', async () => {
    const user = await newUser();
    const before = await countItems(tableName('feedback'));
    const response = await postJson('/api/feedback', feedback, bearer(`${user.idToken.slice(0, -4)}AAAA`));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: 'unauthenticated', message: expect.any(String) } });
    expect(await countItems(tableName('feedback'))).toBe(before);
  });
});
