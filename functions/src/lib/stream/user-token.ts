import { createHmac } from 'node:crypto';

/** Clocks drift; a token issued "now" can look like it comes from the future to Stream. */
const ISSUED_AT_SKEW_SECONDS = 5;
export const USER_TOKEN_VALIDITY_SECONDS = 60 * 60;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

/**
 * A Stream user token: an HS256 JWT signed with the app secret, with the `user_id` claim.
 * A few lines of node:crypto instead of a Stream server SDK: see test/bench/benches/chat-token.ts.
 */
export const createUserToken = (
  userId: string,
  apiSecret: string,
  { now = Date.now(), validitySeconds = USER_TOKEN_VALIDITY_SECONDS }: { now?: number; validitySeconds?: number } = {},
) => {
  const iat = Math.floor(now / 1000) - ISSUED_AT_SKEW_SECONDS;
  const payload = base64url(JSON.stringify({ user_id: userId, iat, exp: iat + ISSUED_AT_SKEW_SECONDS + validitySeconds }));
  const signature = createHmac('sha256', apiSecret).update(`${HEADER}.${payload}`).digest('base64url');
  return `${HEADER}.${payload}.${signature}`;
};
