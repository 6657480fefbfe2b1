import { createServer, type IncomingMessage } from 'node:http';
import { freePort, listen } from '../../infra/local/ports';

/** A request the stub took for Stream's server API. */
export interface StreamRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  body: unknown;
}

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return text;
  }
};

/**
 * Stream's server API cannot be reached from here: the test stage's consumers talk to this instead
 * (STREAM_BASE_URL). It records every request, which tests read at GET <endpoint>/_recorded, and answers as Stream
 * does to a users upsert.
 */
export const startStreamStub = async () => {
  const recorded: StreamRequest[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/_recorded') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ requests: recorded }));
      return;
    }
    void readBody(req).then((body) => {
      recorded.push({ method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), authorization: req.headers.authorization ?? null, body });
      const users = (body as { users?: Record<string, unknown> } | null)?.users ?? {};
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ users, membership_deletion_task_id: '', duration: '1.00ms' }));
    });
  });
  const port = await listen(server, await freePort(), '127.0.0.1');
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** What the stub recorded so far. */
export const streamRequests = async (endpoint: string) =>
  ((await (await fetch(`${endpoint}/_recorded`)).json()) as { requests: StreamRequest[] }).requests;
