/**
 * The API contract: one entry per route, keyed by "METHOD /path". It is read by the CDK api stack and the
 * local API gateway (which function, what it may touch), by the handlers (auth mode, the zod schemas of
 * path parameters, query, body and answer) and, as types only, by the SPA's API client. The entries live in
 * slices by area (shared/src/routes/*.ts), and this table is all of them: a handler reads its entry from its
 * slice, so each function's bundle builds the schemas of its own slice, not of every route (the token route's
 * cold start). Adding a route is one entry in its area's slice plus its handler.
 */
import { isIdempotentRoute } from './idempotent-routes';
import type { FunctionNeeds } from './needs';
import { platformRoutes } from './routes/platform';
import { feedbackRoutes } from './routes/feedback';
import { streamRoutes } from './routes/stream';
import { callsRoutes } from './routes/calls';
import { programmeRoutes } from './routes/programme';
import { profileRoutes } from './routes/profile';
import { directoryRoutes } from './routes/directory';
import { membershipRoutes } from './routes/membership';
import { mentorshipsRoutes } from './routes/mentorships';
import { sessionsRoutes } from './routes/sessions';
import { safeguardingRoutes } from './routes/safeguarding';
import { notificationsRoutes } from './routes/notifications';
import { coordinationRoutes } from './routes/coordination';
import { groupSessionsRoutes } from './routes/group-sessions';
import { refusesSuspended, routeIn, splitKey, type HttpMethod, type RouteContract, type RouteDefinition, type RouteKey, type RouteTable } from './routes/contract';
import type * as z from 'zod';

/** The slices of the table, by area; a key is in one of them only (shared/src/routes.test.ts). */
export const routeSlices = { platform: platformRoutes, feedback: feedbackRoutes, stream: streamRoutes, calls: callsRoutes, programme: programmeRoutes, profile: profileRoutes, directory: directoryRoutes, membership: membershipRoutes, mentorships: mentorshipsRoutes, sessions: sessionsRoutes, safeguarding: safeguardingRoutes, notifications: notificationsRoutes, coordination: coordinationRoutes, groupSessions: groupSessionsRoutes } as const;

/** Every route: all the slices. */
export const routes = {
  ...platformRoutes,
  ...feedbackRoutes,
  ...streamRoutes,
  ...callsRoutes,
  ...programmeRoutes,
  ...profileRoutes,
  ...directoryRoutes,
  ...membershipRoutes,
  ...mentorshipsRoutes,
  ...sessionsRoutes,
  ...safeguardingRoutes,
  ...notificationsRoutes,
  ...coordinationRoutes,
  ...groupSessionsRoutes,
} as const satisfies RouteTable;

export type Routes = typeof routes;
export type ApiRouteKey = keyof Routes;

/** One route's entry from the whole table (tests, tools); a handler reads its own slice instead (`routeIn`). */
export const route = <K extends ApiRouteKey>(key: K) => routeIn(routes, key);

/** What Powertools' DynamoDB persistence layer does with the idempotency table (shared/src/idempotent-routes.ts). */
export const IDEMPOTENCY_ACTIONS = ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] as const;

/**
 * The route's needs plus what its guards use: the member item, for the suspension check; the idempotency table,
 * for a create a client may retry.
 */
const withGuardNeeds = (route: RouteContract & { key: RouteKey; method: HttpMethod }): FunctionNeeds => {
  const tables = { ...route.needs.tables };
  if (refusesSuspended(route)) {
    const members = tables.members ?? [];
    tables.members = members.includes('GetItem') ? members : [...members, 'GetItem'];
  }
  if (isIdempotentRoute(route.key)) tables.idempotency = IDEMPOTENCY_ACTIONS;
  return Object.keys(tables).length ? { ...route.needs, tables } : route.needs;
};

/** Every route, as the CDK api stack and the local gateway iterate them. */
export const routeList = (): RouteDefinition[] =>
  Object.entries(routes as RouteTable).map(([key, entry]) => {
    const split = splitKey(key as RouteKey);
    return { ...entry, key: key as RouteKey, ...split, needs: withGuardNeeds({ ...entry, key: key as RouteKey, ...split }) };
  });

/**
 * What a function's bundle leaves out, as esbuild defines (AppFunction, and the token bench that mirrors it): the
 * library code behind a false flag becomes dead code the bundler drops. Without a route (an event consumer, a
 * schedule): no idempotency, the tracer kept. The suspension check (and the DynamoDB client it reads with) only
 * where the route refuses suspended members: loading the client is most of a small route's cold start.
 */
export const bundleDefines = (
  route?: Pick<RouteDefinition, 'key' | 'method' | 'auth' | 'allowSuspended' | 'powertoolsTracer'>,
): Record<string, string> => ({
  'process.env.IDEMPOTENCY_BUNDLED': JSON.stringify(String(route ? isIdempotentRoute(route.key) : false)),
  'process.env.TRACER_BUNDLED': JSON.stringify(String(route?.powertoolsTracer !== false)),
  'process.env.SUSPENSION_CHECK_BUNDLED': JSON.stringify(String(route ? refusesSuspended(route) : true)),
});

type SchemaIn<R, F extends 'params' | 'query' | 'body'> = R extends { [P in F]: infer S extends z.ZodType } ? z.input<S> : undefined;

/** What the SPA sends and receives on a route, typed from its entry (the SPA imports these as types only). */
export type ApiParams<K extends ApiRouteKey> = SchemaIn<Routes[K], 'params'>;
export type ApiQuery<K extends ApiRouteKey> = SchemaIn<Routes[K], 'query'>;
export type ApiBody<K extends ApiRouteKey> = SchemaIn<Routes[K], 'body'>;
export type ApiAnswer<K extends ApiRouteKey> = z.output<Routes[K]['response']>;
