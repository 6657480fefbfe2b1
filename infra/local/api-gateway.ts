import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { DEFAULT_TIMEOUT_SECONDS, errorStatus, needsEnvironment, notFoundRoute, routeList, type FunctionNeeds, type RouteDefinition } from '@mentoring/shared';
import { functionEnvironments, type StageEnvironment } from './function-environment';
import { readBody } from './http-kit';

/** API Gateway HTTP APIs refuse request bodies over 10 MB before any Lambda runs. */
const MAX_REQUEST_BYTES = 10 * 1024 * 1024;

const TIMED_OUT = Symbol('timed out');

type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2>;

interface CompiledRoute {
  route: Pick<RouteDefinition, 'method' | 'path' | 'handler' | 'auth' | 'needs' | 'timeoutSeconds'>;
  /** The route key API Gateway reports in the event ("POST /api/feedback", or "$default"). */
  key: string;
  pattern: RegExp;
}

const compile = (route: RouteDefinition): CompiledRoute => ({
  route,
  key: route.key,
  pattern: new RegExp(
    `^${route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`,
  ),
});

/** Whether a function reads or writes DynamoDB (its entry grants it a table). */
export const usesTables = (needs: FunctionNeeds) => needsEnvironment(needs).some(({ resource }) => resource.kind === 'table');

const TEXT_TYPES = /^(text\/|application\/(json|[\w.+-]*\+json|xml|[\w.+-]*\+xml|javascript|x-www-form-urlencoded))/i;

const send = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(body);
};

const sendError = (res: ServerResponse, code: keyof typeof errorStatus, message: string) =>
  send(res, errorStatus[code], JSON.stringify({ error: { code, message } }));

/**
 * The local stand-in for API Gateway + Lambda: it matches the shared route table, builds a payload v2
 * event exactly as API Gateway would, and invokes the same handler module that Lambda runs. As in AWS,
 * no authorizer sits in front: the functions verify the caller's ID token themselves. Given the stage's
 * environment, each handler sees only the variables its entry grants (function-environment.ts).
 */
export const createApiGateway = ({
  functionsSrc,
  environment,
  routes = routeList(),
  unavailable = () => false,
}: {
  functionsSrc: string;
  environment?: StageEnvironment;
  /** The route table; tests pass their own entries. */
  routes?: RouteDefinition[];
  /**
   * Whether a stand-in the route's function needs is down right now (the stage's supervisor is restarting
   * it). The gateway then answers for the function what it would have answered once its SDK gave up:
   * 503 `unavailable` in the documented shape. A stand-in that is back but not yet set up (DynamoDB Local
   * without its tables) would otherwise make the function fail with a 500.
   */
  unavailable?: (route: CompiledRoute['route']) => boolean;
}) => {
  const compiled = routes.map(compile);
  const inFunction = functionEnvironments(environment);
  const modules = new Map<string, Promise<LambdaHandler>>();

  const load = (handlerPath: string) => {
    let loaded = modules.get(handlerPath);
    if (!loaded) {
      loaded = import(pathToFileURL(join(functionsSrc, `${handlerPath}.ts`)).href).then(
        (module: { handler: LambdaHandler }) => module.handler,
      );
      modules.set(handlerPath, loaded);
    }
    return loaded;
  };

  const match = (method: string, path: string) => {
    for (const { route, key, pattern } of compiled) {
      const found = route.method === method ? pattern.exec(path) : null;
      if (found) return { route, key, pathParameters: { ...found.groups } };
    }
    return { route: { ...notFoundRoute, method, path } as CompiledRoute['route'], key: '$default', pathParameters: {} };
  };

  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = (req.method ?? 'GET').toUpperCase();
    const body = await readBody(req, MAX_REQUEST_BYTES);
    if (body === null) return sendError(res, 'payload_too_large', 'Request Entity Too Large');

    const { route, key, pathParameters } = match(method, url.pathname);
    if (unavailable(route)) return sendError(res, 'unavailable', 'The service is busy right now. Please try again in a moment.');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (name === 'cookie' || value === undefined) continue;
      headers[name] = Array.isArray(value) ? value.join(',') : value;
    }
    const queryStringParameters: Record<string, string> = {};
    for (const [name, value] of url.searchParams) {
      queryStringParameters[name] = name in queryStringParameters ? `${queryStringParameters[name]},${value}` : value;
    }
    const isText = TEXT_TYPES.test(headers['content-type'] ?? '') && !headers['content-encoding'];
    const now = new Date();
    const requestId = randomUUID();
    const event: APIGatewayProxyEventV2 = {
      version: '2.0',
      routeKey: key,
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      cookies: req.headers.cookie?.split(/;\s*/),
      headers,
      queryStringParameters: url.search ? queryStringParameters : undefined,
      pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: headers.host ?? 'localhost',
        domainPrefix: 'localhost',
        http: {
          method,
          path: url.pathname,
          protocol: `HTTP/${req.httpVersion}`,
          sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
          userAgent: headers['user-agent'] ?? '',
        },
        requestId,
        routeKey: key,
        stage: '$default',
        time: now.toUTCString(),
        timeEpoch: now.getTime(),
      },
      body: body.length ? body.toString(isText ? 'utf8' : 'base64') : undefined,
      isBase64Encoded: body.length > 0 && !isText,
    };
    // The function's own timeout (its entry's, as AppFunction sets it): Lambda stops it there.
    const timeoutMs = (route.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000;
    const deadline = Date.now() + timeoutMs;
    const context = {
      callbackWaitsForEmptyEventLoop: false,
      functionName: `local-${route.handler.replaceAll('/', '-')}`,
      functionVersion: '$LATEST',
      invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${route.handler}`,
      memoryLimitInMB: '256',
      awsRequestId: requestId,
      logGroupName: `/aws/lambda/local/${route.handler}`,
      logStreamName: 'local',
      getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
      done: () => undefined,
      fail: () => undefined,
      succeed: () => undefined,
    } satisfies Context;

    let result: APIGatewayProxyResultV2 | typeof TIMED_OUT;
    let timer: NodeJS.Timeout | undefined;
    const invocation = inFunction(route, async () => (await load(route.handler))(event, context));
    try {
      result = await Promise.race([invocation, new Promise<typeof TIMED_OUT>((resolve) => (timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs)))]);
    } catch (error) {
      console.error(`[api] ${route.handler} failed`, error);
      return sendError(res, 'internal', 'Internal Server Error');
    } finally {
      clearTimeout(timer);
    }
    if (result === TIMED_OUT) {
      // As Lambda does, the invocation is given up; unlike Lambda, this process cannot kill it, so its late end is ignored.
      invocation.catch(() => undefined);
      console.error(`[api] ${route.handler} ran past its ${timeoutMs / 1000} s timeout: answered 504`);
      return sendError(res, 'gateway_timeout', 'The request took too long. Please try again.');
    }
    if (typeof result === 'string' || result === undefined || !('statusCode' in result)) {
      return send(res, 200, JSON.stringify(result));
    }
    const responseHeaders: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(result.headers ?? {})) responseHeaders[name] = String(value);
    if (result.cookies?.length) responseHeaders['set-cookie'] = result.cookies;
    res.writeHead(result.statusCode ?? 200, responseHeaders);
    res.end(result.body === undefined ? undefined : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8'));
  };
};
