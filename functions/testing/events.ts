import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';

/** A payload v2 event as API Gateway builds it, for handler unit tests. */
export const apiEvent = ({
  method,
  path,
  body,
  headers = {},
  query,
  pathParameters,
  claims,
  isBase64Encoded = false,
}: {
  method: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  pathParameters?: Record<string, string>;
  /** Verified Cognito ID-token claims, where API Gateway's JWT authorizer puts them. */
  claims?: Record<string, string>;
  isBase64Encoded?: boolean;
}): APIGatewayProxyEventV2 => ({
  version: '2.0',
  routeKey: `${method} ${path}`,
  rawPath: path,
  rawQueryString: query ? new URLSearchParams(query).toString() : '',
  headers,
  queryStringParameters: query,
  pathParameters,
  requestContext: {
    ...(claims ? { authorizer: { jwt: { claims, scopes: [] } } } : {}),
    accountId: '123456789012',
    apiId: 'test',
    domainName: 'test.example.org',
    domainPrefix: 'test',
    http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
    requestId: 'request-id',
    routeKey: `${method} ${path}`,
    stage: '$default',
    time: new Date().toUTCString(),
    timeEpoch: Date.now(),
  },
  body,
  isBase64Encoded,
});

export const lambdaContext = (): Context => ({
  callbackWaitsForEmptyEventLoop: false,
  functionName: 'test',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:test',
  memoryLimitInMB: '256',
  awsRequestId: 'aws-request-id',
  logGroupName: '/aws/lambda/test',
  logStreamName: 'test',
  getRemainingTimeInMillis: () => 10_000,
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
});
