// The token signer with jose: swapped into the handler bundle by the bench only.
import { SignJWT } from 'jose';

const ISSUED_AT_SKEW_SECONDS = 5;
export const USER_TOKEN_VALIDITY_SECONDS = 3600;

export const createUserToken = (userId: string, apiSecret: string) => {
  const iat = Math.floor(Date.now() / 1000) - ISSUED_AT_SKEW_SECONDS;
  return new SignJWT({ user_id: userId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + ISSUED_AT_SKEW_SECONDS + USER_TOKEN_VALIDITY_SECONDS)
    .sign(new TextEncoder().encode(apiSecret));
};
