// The token signer as @stream-io/node-sdk would do it: swapped into the handler bundle by the bench only.
import { StreamClient } from '@stream-io/node-sdk';

const ISSUED_AT_SKEW_SECONDS = 5;
export const USER_TOKEN_VALIDITY_SECONDS = 3600;

export const createUserToken = (userId: string, apiSecret: string) => {
  const iat = Math.floor(Date.now() / 1000) - ISSUED_AT_SKEW_SECONDS;
  return new StreamClient(process.env.STREAM_API_KEY ?? 'bench', apiSecret).generateUserToken({
    user_id: userId,
    iat,
    exp: iat + ISSUED_AT_SKEW_SECONDS + USER_TOKEN_VALIDITY_SECONDS,
  });
};
