import { testStreamCredentials } from './stream';

/** The same made-up credentials as the stage's environment: they reach no Stream server. */
export const streamTestCredentials = {
  STREAM_API_KEY: testStreamCredentials.apiKey,
  STREAM_API_SECRET: testStreamCredentials.apiSecret,
} as const;
