import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The token the coordinator's join hands to the client for the SFU. Stream signs it with a key of its own that
 * the client never reads; the stand-in does the same with a key made at start.
 */
export interface SfuGrant {
  user_id: string;
  call_cid: string;
  role: string;
  capabilities: string[];
  exp: number;
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export const createSfuTokens = (key = randomBytes(32)) => {
  const sign = (body: string) => createHmac('sha256', key).update(body).digest();
  return {
    issue(grant: Omit<SfuGrant, 'exp'>, validitySeconds = 6 * 3600): string {
      const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ ...grant, exp: Math.floor(Date.now() / 1000) + validitySeconds })}`;
      return `${body}.${sign(body).toString('base64url')}`;
    },
    verify(token: string): SfuGrant | undefined {
      const [header, payload, signature] = token.split('.');
      if (!header || !payload || !signature) return undefined;
      const expected = sign(`${header}.${payload}`);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      const grant = JSON.parse(Buffer.from(payload, 'base64url').toString()) as SfuGrant;
      return grant.exp * 1000 > Date.now() ? grant : undefined;
    },
  };
};
export type SfuTokens = ReturnType<typeof createSfuTokens>;
