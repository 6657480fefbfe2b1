import type { RecordedRequest } from '../../functions/testing/stream-recorder';

/** What the local stage's stand-in for Stream's server API (STREAM_BASE_URL) has recorded so far. */
export const streamRequests = async (endpoint: string) =>
  ((await (await fetch(`${endpoint}/_recorded`)).json()) as { requests: RecordedRequest[] }).requests;
