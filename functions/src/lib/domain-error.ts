import type { ConflictReason, ErrorCode } from '@mentoring/shared';

/** The codes a rule of the domain refuses with; the HTTP layer gives each its status (shared/src/errors.ts). */
export type DomainErrorCode = Extract<ErrorCode, 'validation_failed' | 'forbidden' | 'not_found' | 'conflict'>;

/**
 * Thrown by services when a rule refuses a change: what kind of refusal (`code`), the words a member reads,
 * and for a conflict which guard failed (`reason`). Services know nothing of HTTP; the error middleware
 * (lib/http/middlewares.ts) answers it as `{"error":{"code","message","reason"}}` with the code's status.
 */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly reason?: ConflictReason,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** A conflict with the guard that failed. */
export const conflict = (reason: ConflictReason, message: string) => new DomainError('conflict', message, reason);
