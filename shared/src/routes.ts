/**
 * The API route table: read by the CDK api stack and by the local API server, so the two cannot drift.
 * `handler` is a module under functions/src exporting `handler`; `tables` lists what it may touch.
 */
import type { BucketGrant } from './buckets';
import type { TableKey } from './tables';

export type AuthMode = 'none' | 'optional' | 'required';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDefinition {
  method: HttpMethod;
  path: `/api/${string}`;
  handler: string;
  auth: AuthMode;
  tables: readonly { table: TableKey; access: 'read' | 'write' | 'readWrite' }[];
  /** S3 buckets it may touch (CDK grants them and sets their names in the environment). */
  buckets?: readonly BucketGrant[];
  /** Publishes to the Stream event bus (CDK grants PutEvents and sets EVENT_BUS_NAME). */
  publishesEvents?: boolean;
  /** Memory and timeout that fit the function (CDK); defaults in the base construct. */
  memoryMiB?: number;
  timeoutSeconds?: number;
  /** Secrets it reads: CDK grants read access and sets e.g. STREAM_SECRET_ARN. */
  secrets?: readonly SecretName[];
}

export type SecretName = 'stream';

export const routes = [
  { method: 'GET', path: '/api/health', handler: 'http/health/get', auth: 'none', tables: [] },
  {
    method: 'POST',
    path: '/api/feedback',
    handler: 'http/feedback/create',
    auth: 'optional',
    tables: [{ table: 'feedback', access: 'write' }],
  },
  { method: 'GET', path: '/api/me', handler: 'http/me/get', auth: 'required', tables: [] },
  {
    method: 'POST',
    path: '/api/webhooks/stream',
    handler: 'http/webhooks/stream',
    // Stream's HMAC signature is this route's authentication; the handler verifies it.
    auth: 'none',
    tables: [{ table: 'webhookDeliveries', access: 'readWrite' }],
    secrets: ['stream'],
    publishesEvents: true,
  },
  {
    method: 'GET',
    path: '/api/calls',
    handler: 'http/calls/list',
    auth: 'required',
    tables: [{ table: 'calls', access: 'read' }],
  },
  {
    method: 'GET',
    path: '/api/calls/{type}/{id}/artifacts',
    handler: 'http/calls/artifacts',
    auth: 'required',
    tables: [{ table: 'calls', access: 'read' }],
    buckets: [{ bucket: 'archive', access: 'read' }],
  },
  {
    method: 'GET',
    path: '/api/chat/getOrCreateToken',
    handler: 'http/chat/get-or-create-token',
    auth: 'optional',
    tables: [],
    secrets: ['stream'],
  },
] as const satisfies readonly RouteDefinition[];

/** Answers every request no route matches (API Gateway's `$default` route). */
export const notFoundRoute = { handler: 'http/not-found', auth: 'none', tables: [] } as const;

export const routeKey = (route: Pick<RouteDefinition, 'method' | 'path'>) => `${route.method} ${route.path}`;
