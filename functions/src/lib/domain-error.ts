import type { ConflictReason, ErrorCode } from '@mentoring/shared';

/**
 * The codes a rule of the domain refuses with; the HTTP layer gives each its status (shared/src/errors.ts).
 * `payload_too_large` and `unsupported_media_type` are the photo rules' (a photo's size is the spec's, whichever way
 * it arrives; its bytes must be an image whatever type the browser declared).
 */
export type DomainErrorCode = Extract<ErrorCode, 'validation_failed' | 'forbidden' | 'not_found' | 'conflict' | 'payload_too_large' | 'unsupported_media_type'>;

/** What a field-level refusal says about the field, in zod's issue shape, so the SPA shows it beside the field. */
export interface FieldIssue {
  path: (string | number)[];
  message: string;
  code: 'custom';
}

/**
 * Thrown by the modules when a rule refuses a change: what kind of refusal (`code`), the words a member reads,
 * for a conflict which guard failed (`reason`), for invalid input which fields (`issues`). The modules know
 * nothing of HTTP (lint refuses a module importing lib/http); the error middleware (lib/http/middlewares.ts)
 * answers it as `{"error":{"code","message","reason"?,"issues"?}}` with the code's status.
 */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly reason?: ConflictReason,
    readonly issues?: FieldIssue[],
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** A conflict with the guard that failed. */
export const conflict = (reason: ConflictReason, message: string) => new DomainError('conflict', message, reason);

/** Input that breaks a rule of stored data (not of its shape, which zod checked), naming the fields. */
export const invalid = (message: string, issues?: FieldIssue[]) => new DomainError('validation_failed', message, undefined, issues);
