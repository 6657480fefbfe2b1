import { createHash, randomUUID } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { AuthenticatedEvent } from './authenticate';
import { HttpError } from './errors';
import { header } from './middlewares';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;

/**
 * Powertools' idempotency (the library and its DynamoDB store) is loaded on a function's first keyed request, and
 * is in the bundle only of a function whose route is idempotent: AppFunction defines IDEMPOTENCY_BUNDLED as
 * "false" for the others, which makes this import dead code the bundler drops (the token route every sign-in
 * waits on starts without it).
 */
const loadStore = () =>
  process.env.IDEMPOTENCY_BUNDLED === 'false'
    ? Promise.reject(new Error('This function was bundled without idempotency: its route is not idempotent.'))
    : import('./idempotency-store');

type HttpMiddleware = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>;
export type IdempotentEvent = APIGatewayProxyEventV2 & { idempotency?: { scope: string; body: unknown } };

/**
 * The key a request is remembered by: the route, the caller (or "anonymous") and the client's key, hashed.
 * Scoped by caller so that one member's key can never replay another member's answer.
 */
export const idempotencyScope = (routeKey: string, caller: string | null, key: string) =>
  createHash('sha256').update(`${routeKey}\n${caller ?? 'anonymous'}\n${key}`).digest('hex');

/**
 * Idempotency-Key on a create (a route with `idempotent: true`): Powertools for AWS Lambda's idempotency,
 * storing the first answer in the idempotency table; a retry with the same key and body gets that answer
 * again without the handler running, the same key with another body is a 409, and a retry while the first
 * is still running is a 409 too. A failed request (any error answer) is forgotten, so it can be retried.
 * Without the header a request is simply not deduplicated. The table is named on the first keyed request,
 * so handlers stay importable without the environment.
 */
export const idempotency = (routeKey: string): HttpMiddleware => {
  let inner: Promise<HttpMiddleware> | undefined;
  const delegate = () => (inner ??= loadStore().then(({ powertoolsIdempotency }) => powertoolsIdempotency()));
  const KEYED = Symbol('keyed');
  return {
    before: async (request) => {
      const key = header(request.event, IDEMPOTENCY_HEADER);
      if (key === undefined) return;
      if (!KEY_PATTERN.test(key)) {
        throw new HttpError('validation_failed', 'The Idempotency-Key header must be 8 to 128 visible ASCII characters (a UUID is a good choice).');
      }
      const caller = (request.event as AuthenticatedEvent).identity?.sub ?? null;
      (request.event as IdempotentEvent).idempotency = {
        scope: idempotencyScope(routeKey, caller, key),
        body: (request.event as { parsedBody?: unknown }).parsedBody ?? null,
      };
      (request.internal as Record<symbol, boolean>)[KEYED] = true;
      return (await delegate()).before!(request);
    },
    after: async (request) => {
      if ((request.internal as Record<symbol, boolean>)[KEYED]) await (await delegate()).after!(request);
    },
    onError: async (request) => {
      if ((request.internal as Record<symbol, boolean>)[KEYED]) await (await delegate()).onError!(request);
    },
  };
};

/** The scope of a keyed request, for creates that derive their record's id from it (see feedback). */
export const idempotencyScopeOf = (event: APIGatewayProxyEventV2) => (event as IdempotentEvent).idempotency?.scope ?? null;

/** A UUID (version 8, RFC 9562's custom kind) made from a scope: the same retried create gets the same id. */
export const uuidFrom = (scope: string) => {
  const hex = createHash('sha256').update(scope).digest('hex').slice(0, 32).split('');
  hex[12] = '8';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
};

/**
 * The id of the record a create stores: from its key when it has one, so that a retry of a first try that was
 * stored but whose answer was lost (a timeout) meets its own record in the write's condition instead of adding a second.
 */
export const newRecordId = (scope: string | null) => (scope ? uuidFrom(scope) : randomUUID());
