import { StreamClient } from '@stream-io/node-sdk';
import { inject } from 'vitest';
import { stageStreamCredentials } from './stream-secret';

/**
 * Stream's server API for the stage's own Stream app, with its key and secret (support/stream-secret.ts): what the
 * stage made there (users, channels, calls and their members) read back as Stream answers it, server-side as the
 * pipeline may. On AWS Stream's host; locally the stage's stand-in, reached by its URL alone.
 */
export const stageStream = async () => {
  const { apiKey, apiSecret } = await stageStreamCredentials();
  return new StreamClient(apiKey, apiSecret, { basePath: inject('streamBaseUrl'), timeout: 10_000 });
};
