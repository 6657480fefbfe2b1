import { createServer, request as httpRequest } from 'node:http';
import { listen, rememberedPort } from './ports';
import { clientAddress, createUserPoolRateLimiter } from './rate-limiter';

/**
 * What the browser reaches as Cognito: in AWS the user pool's web ACL sits in front of it, so sign-up and sign-in
 * floods get 429 before Cognito sees them. Here the same shared limits stand in front of cognito-local, and its
 * port is remembered with the stage's data (it is in the SPA's config, like Cognito's endpoint).
 */
export const startCognitoFront = async ({
  upstream,
  stateFile,
  rateLimited,
}: {
  /** cognito-local's endpoint, read on each request: the supervisor may have restarted it. */
  upstream: () => string;
  stateFile: string | null;
  rateLimited: boolean;
}) => {
  const limiter = createUserPoolRateLimiter();
  const server = createServer((req, res) => {
    const decision = rateLimited ? limiter(clientAddress(req), req.headers['x-amz-target'] as string | undefined) : { allowed: true as const };
    if (!decision.allowed) {
      // Cognito's own error shape: the SPA's Cognito client reads __type, as it would from Cognito behind WAF.
      res.writeHead(429, { 'content-type': 'application/x-amz-json-1.1', 'retry-after': String(decision.retryAfterSeconds) });
      res.end(JSON.stringify({ __type: 'TooManyRequestsException', message: 'Too many requests from this address. Please wait a moment and try again.' }));
      return;
    }
    const target = new URL(upstream());
    const forwarded = httpRequest({ host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forwarded.on('error', () => {
      if (!res.headersSent) res.writeHead(503, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify({ __type: 'ServiceUnavailableException', message: 'cognito-local is not answering.' }));
    });
    req.pipe(forwarded);
  });
  const port = await listen(server, await rememberedPort(stateFile), '127.0.0.1');
  return {
    endpoint: `http://localhost:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
