import { errorStatus, type ConflictReason, type ErrorBody, type ErrorCode } from '@mentoring/shared';

/** Thrown anywhere in a handler; the error middleware turns it into the documented error shape. */
export class HttpError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: unknown[],
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = errorStatus[code];
  }
}

export const errorBody = (code: ErrorCode, message: string, issues?: unknown[], reason?: ConflictReason): ErrorBody => ({
  error: { code, message, ...(reason ? { reason } : {}), ...(issues ? { issues } : {}) },
});
