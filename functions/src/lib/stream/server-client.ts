import type { StreamClient } from '@stream-io/node-sdk';
import { getStreamCredentials } from './credentials';

/** Stream answers in well under a second; a stuck call should fail and be retried by the bus, not eat the timeout. */
const TIMEOUT_MS = 5000;

let cached: { apiKey: string; client: StreamClient } | undefined;

/**
 * The server-side Stream client, one per container (rebuilt if the key rotates). STREAM_BASE_URL points it at
 * another host: the local stage's Stream stand-in, or a test's recorder; never set in AWS. The SDK is loaded on
 * first use: the token route installs it beside its bundle (its entry's `nodeModules`), so members' tokens, which
 * never need it, do not pay for loading it.
 */
export const streamServerClient = async () => {
  const { apiKey, apiSecret } = await getStreamCredentials();
  if (cached?.apiKey !== apiKey) {
    const { StreamClient } = await import('@stream-io/node-sdk');
    cached = { apiKey, client: new StreamClient(apiKey, apiSecret, { timeout: TIMEOUT_MS, basePath: process.env.STREAM_BASE_URL || undefined }) };
  }
  return cached.client;
};
