import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { createUserToken } from './user-token';

describe('createUserToken', () => {
  it('signs HS256 with user_id, iat a few seconds in the past and exp an hour after issue', async () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    const token = createUserToken('user-1', 'secret', { now });
    const { payload } = await jwtVerify(token, new TextEncoder().encode('secret'), {
      algorithms: ['HS256'],
      currentDate: new Date(now),
    });
    expect(payload).toEqual({ user_id: 'user-1', iat: now / 1000 - 5, exp: now / 1000 + 3600 });
  });
});
