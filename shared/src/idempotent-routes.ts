/**
 * The creates (and the accept, which answers a repeat with the mentorship it made) a client may safely retry. Sent with an Idempotency-Key, such a request runs once per caller and
 * key, and a retry gets the first answer again (functions/src/lib/http/idempotency.ts); the record a keyed create
 * stores has an id derived from the key, so even a first try that timed out after its write is not stored twice.
 * Plain keys with no zod, so the SPA reads this too: its API client sends a key on these routes and retries
 * them once when the answer was lost (a dropped connection, 503, 504).
 */
export const IDEMPOTENT_ROUTES = [
  'POST /api/feedback',
  'POST /api/mentorships',
  'POST /api/mentorships/{id}/accept',
  'POST /api/mentorships/{id}/sessions',
  'POST /api/mentorships/{id}/action-items',
  'POST /api/reports',
  'POST /api/coordinator/reports/{id}/notes',
] as const;

export const isIdempotentRoute = (key: string) => (IDEMPOTENT_ROUTES as readonly string[]).includes(key);
