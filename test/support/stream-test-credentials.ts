/** Stream credentials for local test stages only: made up, they reach no Stream server. */
export const streamTestCredentials = {
  STREAM_API_KEY: 'local-test-api-key',
  STREAM_API_SECRET: 'local-test-api-secret-0123456789abcdef',
} as const;
