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

export interface ErrorBody {
  error: { code: ErrorCode; message: string; issues?: unknown[] };
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
