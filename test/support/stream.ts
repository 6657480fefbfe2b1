import { createHmac } from 'node:crypto';

/** Made-up Stream credentials for the local stage the tests start; Stream itself is never reached. */
export const testStreamCredentials = { apiKey: 'local-test-key', apiSecret: 'local-test-secret-not-for-production' };

/** Stream's webhook signature: hex HMAC-SHA256 of the raw, uncompressed body. */
export const streamSignature = (body: Buffer | string, secret = testStreamCredentials.apiSecret) =>
  createHmac('sha256', secret).update(body).digest('hex');
