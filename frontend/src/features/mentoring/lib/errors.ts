import { ApiError } from '@/lib/api-client';

/** Field errors keyed by the zod path joined with dots ("availability.0.end"). */
export type FieldErrors = Record<string, string>;

const isIssue = (value: unknown): value is { path: (string | number)[]; message: string } =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as { path?: unknown }).path) &&
  typeof (value as { message?: unknown }).message === 'string';

/** The server's zod issues (400 validation_failed) as messages per field; the first issue of a field wins. */
export const fieldErrorsOf = (error: unknown): FieldErrors => {
  if (!(error instanceof ApiError) || !error.issues) return {};
  const errors: FieldErrors = {};
  for (const issue of error.issues.filter(isIssue)) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
};
