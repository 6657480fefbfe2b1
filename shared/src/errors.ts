/** The one error shape every endpoint answers with: {"error":{"code","message"}} and a status that fits the code. */
export type ErrorCode =
  | 'validation_failed'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'too_many_requests'
  | 'internal'
  | 'unavailable'
  | 'gateway_timeout';

/**
 * Which guard refused a change, on a 409 (`error.reason`): the message says it in words, the reason lets a
 * client act on it (link to the existing request, suggest another mentor) without a second request to guess.
 */
export const CONFLICT_REASONS = [
  /** A live request or mentorship between the two already exists. */
  'already_requested',
  /** The mentee has as many open requests as the programme allows. */
  'request_limit',
  /** The mentee already has a mentor (or, for a request, was matched with another one meanwhile). */
  'already_matched',
  /** Every place of the mentor's is taken. */
  'no_places_left',
  /** One of the two has blocked the other. */
  'blocked',
  /** The mentor is paused, suspended or otherwise not taking requests. */
  'not_accepting',
  /** A member of the change is not (or no longer) an approved member of the programme. */
  'not_eligible',
  /** The request expired without an answer. */
  'expired',
  /** The mentee withdrew the request. */
  'withdrawn',
  /** The request was declined. */
  'declined',
  /** The mentorship is still a request or proposal waiting for an answer. */
  'pending',
  /** The mentorship is already active (or this side already accepted). */
  'already_active',
  /** A coordinator suspended the mentorship. */
  'suspended',
  /** The mentorship or session is over: completed, ended, cancelled or already started. */
  'ended',
  /** One of the two already has a session at that time. */
  'time_taken',
  /** A survey asked for before it is due, or a second time. */
  'not_due',
  /** Another change came first: reload and try again. */
  'changed_meanwhile',
] as const;
export type ConflictReason = (typeof CONFLICT_REASONS)[number];

export interface ErrorBody {
  error: { code: ErrorCode; message: string; reason?: ConflictReason; issues?: unknown[] };
}

export const errorStatus: Record<ErrorCode, number> = {
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  internal: 500,
  /** A dependency (DynamoDB, S3, Cognito...) did not answer in time, from inside the function: retry later. */
  unavailable: 503,
  /** The function itself ran past its route's timeout (the gateway's own limit). */
  gateway_timeout: 504,
};
