import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import { isIdempotentRoute, refusesSuspended, type AuthMode, type HttpMethod, type RouteContract, type RouteKey } from '@mentoring/shared';
import { emitAlarmedMetric } from '../metrics';
import { logger, metrics, tracer } from '../powertools';
import { authenticate, type AuthenticatedEvent } from './authenticate';
import { HttpError } from './errors';
import type { Identity } from '../auth/identity';
import { errorHandler, jsonBody } from './middlewares';
import { idempotency, idempotencyScopeOf } from './idempotency';
import { verifyOrigin } from './origin';
import { refuseSuspended } from './suspension';
import { json } from './responses';

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

type Parsed<R, F extends 'params' | 'query' | 'body'> = R extends { [P in F]: infer S extends z.ZodType } ? z.output<S> : undefined;

type IdentityFor<A extends AuthMode> = A extends 'required' | 'coordinator' ? Identity : A extends 'optional' ? Identity | null : null;

export interface HttpRequest<R extends RouteContract> {
  event: APIGatewayProxyEventV2;
  context: Context;
  params: Parsed<R, 'params'>;
  query: Parsed<R, 'query'>;
  body: Parsed<R, 'body'>;
  /** The verified caller: always present on `required` routes, null on `none` routes and for anonymous callers. */
  identity: IdentityFor<R['auth']>;
  /** On an idempotent route (shared/src/idempotent-routes.ts), the scope (route, caller, Idempotency-Key) of a keyed request; null without a key. */
  idempotencyScope: string | null;
}

/**
 * Ahead of the function's own timeout, middy stops waiting for the handler and answers 503 in the documented
 * shape (its TimeoutError is `unavailable` to the error middleware), instead of Lambda killing the function.
 */
export const TIMEOUT_EARLY_MS = 500;

/**
 * Where an answer that breaks its contract stops with an error: in tests and on the local stage, so the bug
 * shows where it is made. A deployed stage has usually committed a write by then (an accept, a booking), and
 * a 500 would make the client retry into a 409: there the answer goes out, the mismatch is logged and an
 * alarm (AnswerContractMismatch) calls a human.
 */
export const answersStrictly = () => process.env.NODE_ENV === 'test' || process.env.STAGE === 'local';

const parsePart = (schema: z.ZodType | undefined, value: unknown, what: string) => {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new HttpError('validation_failed', `The ${what} is invalid.`, result.error.issues);
  return result.data;
};

/**
 * Makes a Lambda handler from a route's entry in the contract (shared/src/routes.ts): Powertools tracing
 * (in Lambda), logging and metrics, the route's auth mode, its path parameters, query and body checked by their schemas before
 * the feature code runs, and the feature's answer checked by the answer schema before it leaves (which
 * also drops any field the contract does not name; a mismatch: see `answersStrictly`). Every failure has the
 * documented error shape.
 */
export const httpHandler = <R extends RouteContract & { key: RouteKey; method?: HttpMethod }>(
  route: R,
  run: (request: HttpRequest<R>) => Promise<z.input<R['response']>>,
) => {
  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>({ timeoutEarlyInMillis: TIMEOUT_EARLY_MS });
  // Answers can carry secrets (a Stream token): traces get timings and errors, never the response.
  if (tracer) handler.use(captureLambdaHandler(tracer, { captureResponse: false }));
  handler
    .use(injectLambdaContext(logger))
    .use(errorHandler())
    // Before anything reads the request: a call that did not come through CloudFront learns nothing.
    .use(verifyOrigin())
    .use(authenticate(route.auth));
  // A suspended member can sign in and read, nothing more: every signed-in write checks their item first. A route
  // that refuses no one is bundled with SUSPENSION_CHECK_BUNDLED "false" (bundleDefines), which drops the check
  // and the DynamoDB client it reads with from its bundle.
  if (process.env.SUSPENSION_CHECK_BUNDLED !== 'false' && refusesSuspended({ ...route, method: route.method ?? (route.key.split(' ')[0] as HttpMethod) })) {
    handler.use(refuseSuspended());
  }
  handler.use(logMetrics(metrics, { captureColdStartMetric: true }));
  if (route.body) handler.use(jsonBody(route.body, { maxBytes: route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES }));
  // Last: a replay is only for a request that is allowed and valid, and keyed by the verified caller and body.
  if (isIdempotentRoute(route.key)) handler.use(idempotency(route.key));
  return handler.handler(async (event, context) => {
    const params = parsePart(route.params, event.pathParameters, 'path');
    const query = parsePart(route.query, event.queryStringParameters, 'query');
    const answer = await run({
      event,
      context,
      params,
      query,
      body: (event as { parsedBody?: unknown }).parsedBody,
      identity: (event as AuthenticatedEvent).identity ?? null,
      idempotencyScope: idempotencyScopeOf(event),
    } as HttpRequest<R>);
    const checked = route.response.safeParse(answer);
    if (checked.success) return json(route.status ?? 200, checked.data);
    // Our own bug, never the caller's: say nothing of it outside, everything in the log.
    logger.error('The answer does not match its contract', { route: route.key, issues: checked.error.issues });
    if (answersStrictly()) throw new Error(`The answer of ${route.key} does not match its contract`);
    emitAlarmedMetric('AnswerContractMismatch');
    return json(route.status ?? 200, answer);
  });
};
