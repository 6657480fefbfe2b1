/**
 * The shape of the API contract (shared/src/routes.ts assembles the table from the slices beside this file): what a
 * route's entry says, and what is read from an entry alone. No schema is built here, so a function's bundle
 * carries the schemas of its own slice only.
 */
import type * as z from 'zod';
import type { FunctionNeeds } from '../needs';

/** `coordinator`: a signed-in member of the Cognito group COORDINATORS_GROUP; anyone else gets a 403. */
export type AuthMode = 'none' | 'optional' | 'required' | 'coordinator';

export const COORDINATORS_GROUP = 'coordinators';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteKey = `${HttpMethod} /api/${string}`;

/** Lambda's timeout of a function whose entry names none. */
export const DEFAULT_TIMEOUT_SECONDS = 10;

/** An entry of the table: everything about a route's interface and its function. */
export interface RouteContract {
  /** Module under functions/src exporting `handler`. */
  handler: string;
  auth: AuthMode;
  /** Path parameters (`{id}` in the key), query string and JSON body; absent means none is read. */
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer on success; the handler's answer is parsed with it, so nothing outside it leaves. */
  response: z.ZodType;
  /** The success status (default 200). */
  status?: 200 | 201 | 202;
  /** The largest JSON body it accepts (default 64 KiB). */
  maxBodyBytes?: number;
  needs: FunctionNeeds;
  /** Memory and timeout that fit the function (CDK); defaults in the base construct. */
  memoryMiB?: number;
  /** The function's timeout (default DEFAULT_TIMEOUT_SECONDS); its AWS SDK clients give up before it, the local gateway enforces it. */
  timeoutSeconds?: number;
  /**
   * Concurrent executions reserved for (and capped at) this many: set on routes anyone can call in bulk, so a
   * flood of them cannot take the account's concurrency from the other routes and the event consumers.
   */
  reservedConcurrency?: number;
  /**
   * Packages installed for Lambda's Linux ARM64 beside the bundle instead of bundled: native code (sharp), or a
   * large library that only a rare path imports (lazily), so the common path does not load it at cold start.
   */
  nodeModules?: readonly string[];
  /**
   * `false` leaves Powertools Tracer (and the X-Ray SDK, a third of a small route's bundle) out of the function:
   * for a hot route with no AWS calls worth a subsegment. Lambda still records the function's own trace segment.
   */
  powertoolsTracer?: false;
  /** A `required` write a suspended member may still make (deleting their own account); every other one refuses them. */
  allowSuspended?: boolean;
}

/** A route as the infrastructure reads it: its entry, with method and path split out of the key. */
export type RouteDefinition = RouteContract & { key: RouteKey; method: HttpMethod; path: `/api/${string}` };

/** A slice of the table (one file under shared/src/routes/), or the whole of it. */
export type RouteTable = Record<RouteKey, RouteContract>;

export const splitKey = (key: RouteKey) => {
  const [method, path] = key.split(' ') as [HttpMethod, `/api/${string}`];
  return { method, path };
};

/**
 * One route's entry, with its key, method and path: what `httpHandler` is made from. A handler reads it from its
 * slice (`routeIn(streamRoutes, 'GET /api/chat/getOrCreateToken')`), so its bundle builds no other slice's schemas.
 */
export const routeIn = <T extends RouteTable, K extends keyof T & RouteKey>(table: T, key: K): T[K] & { key: K; method: HttpMethod; path: `/api/${string}` } => ({
  ...table[key],
  key,
  ...splitKey(key),
});

/**
 * Whether the route refuses a suspended member (docs/domain.md: they can sign in and read, nothing more): every
 * signed-in write. The http handler factory enforces it with one read of the caller's member item.
 */
export const refusesSuspended = (route: Pick<RouteContract, 'auth' | 'allowSuspended'> & { method: HttpMethod }) =>
  route.auth === 'required' && route.method !== 'GET' && !route.allowSuspended;

/** Answers every request no route matches (API Gateway's `$default` route). */
export const notFoundRoute = { handler: 'http/not-found', auth: 'none', needs: {} } as const satisfies Pick<RouteContract, 'handler' | 'auth' | 'needs'>;

export const routeKey = (route: Pick<RouteDefinition, 'method' | 'path'>) => `${route.method} ${route.path}`;
