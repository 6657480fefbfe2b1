import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { z } from 'zod';
import { isUnavailable } from '../aws-clients';
import { logger } from '../powertools';
import { DomainError } from '../domain-error';
import { HttpError } from './errors';
import { errorResponse } from './responses';

type HttpMiddleware = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>;

/**
 * Powertools idempotency's refusals, by their error names: its classes are not imported here, so that a function
 * whose route is not idempotent does not bundle the library (see ./idempotency.ts).
 */
const IDEMPOTENCY_CONFLICTS: Record<string, string> = {
  IdempotencyValidationError: 'This Idempotency-Key was already used for a different request.',
  IdempotencyAlreadyInProgressError: 'A request with this Idempotency-Key is still being handled; try again in a moment.',
};

/** Every failure leaves as the documented error shape; unknown errors become a 500 without details. */
export const errorHandler = (): HttpMiddleware => ({
  onError: (request) => {
    const { error } = request;
    if (error instanceof HttpError) {
      request.response = errorResponse(error.code, error.message, error.issues);
      return;
    }
    // A rule of the domain refused: its code decides the status, its reason says which guard.
    if (error instanceof DomainError) {
      request.response = errorResponse(error.code, error.message, error.issues, error.reason);
      return;
    }
    if (error instanceof Error && Object.hasOwn(IDEMPOTENCY_CONFLICTS, error.name)) {
      request.response = errorResponse('conflict', IDEMPOTENCY_CONFLICTS[error.name]!);
      return;
    }
    if (isUnavailable(error)) {
      // A dependency did not answer within the function's time: the caller may retry (with the same
      // Idempotency-Key on a create, which then stores it once).
      logger.warn('A dependency did not answer in time', error as Error);
      request.response = errorResponse('unavailable', 'The service is busy right now. Please try again in a moment.');
      return;
    }
    logger.error('Unhandled error', error as Error);
    request.response = errorResponse('internal', 'Something went wrong on our side.');
  },
});

const isJsonContentType = (value: string | undefined) => {
  const mediaType = value?.split(';')[0]?.trim().toLowerCase();
  return mediaType === 'application/json' || (mediaType?.startsWith('application/') && mediaType.endsWith('+json'));
};

/** A request header by name, whatever its case (API Gateway lower-cases them; tests and proxies may not). */
export const header = (event: APIGatewayProxyEventV2, name: string) => {
  const wanted = name.toLowerCase();
  const headers = event.headers ?? {};
  // API Gateway's own spelling first: most lookups then cost no copy of the headers.
  if (Object.hasOwn(headers, wanted)) return headers[wanted];
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === wanted);
  return entry?.[1];
};

export interface JsonBodyOptions {
  maxBytes: number;
}

/**
 * Size, media type, JSON syntax and schema, checked in that order before the handler runs,
 * so a handler only ever sees a body that is whole and valid.
 */
export const jsonBody = <S extends z.ZodType>(schema: S, { maxBytes }: JsonBodyOptions): HttpMiddleware => ({
  before: (request) => {
    const { event } = request;
    const raw = event.body === undefined ? '' : event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
    if (Buffer.byteLength(raw, 'utf8') > maxBytes) {
      throw new HttpError('payload_too_large', `The request body must be at most ${maxBytes} bytes.`);
    }
    if (raw.trim() === '') throw new HttpError('validation_failed', 'The request body is required.');
    if (!isJsonContentType(header(event, 'content-type'))) {
      throw new HttpError('unsupported_media_type', 'The request body must be sent as application/json.');
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new HttpError('validation_failed', 'The request body is not valid JSON.');
    }
    const result = schema.safeParse(parsed);
    if (!result.success) {
      throw new HttpError('validation_failed', 'The request body is invalid.', result.error.issues);
    }
    (event as APIGatewayProxyEventV2 & { parsedBody: unknown }).parsedBody = result.data;
  },
});
