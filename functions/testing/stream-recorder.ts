import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the Stream server SDK sent, as it left this machine. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  body: unknown;
  /** What the upstream answered, where there is one. */
  answer?: { status: number; body: string };
}

export interface StreamRecorder {
  url: string;
  requests: () => RecordedRequest[];
  clear: () => void;
  /** Answer the next matching requests with this status (e.g. 500 to test retries). */
  failNext: (count: number, status?: number) => void;
  close: () => Promise<void>;
}

/**
 * Stream's API as seen from our side of the network: every request is recorded and answered with a minimal
 * success (an empty message list for message look-ups), or, given an upstream (a Stream stand-in), with its answer. Tests point STREAM_BASE_URL here, since Stream
 * itself cannot be reached from this machine. `GET /_recorded` lists the requests (for other processes),
 * `DELETE /_recorded` forgets them.
 */
export const startStreamRecorder = async ({ upstream }: { upstream?: string } = {}): Promise<StreamRecorder> => {
  let recorded: RecordedRequest[] = [];
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://recorder');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (url.pathname === '/_recorded') {
        if (req.method === 'DELETE') recorded = [];
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ requests: recorded }));
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      const entry: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), authorization: req.headers.authorization ?? null, body };
      recorded.push(entry);
      if (failures.count > 0) {
        failures.count -= 1;
        res.writeHead(failures.status, { 'content-type': 'application/json' }).end(JSON.stringify({ code: -1, message: 'Recorder failure', StatusCode: failures.status }));
        return;
      }
      if (upstream) {
        // In front of a Stream stand-in: its answers, so what the requests did can be read back from Stream's API.
        const headers: Record<string, string> = {};
        for (const name of ['authorization', 'content-type', 'stream-auth-type', 'x-stream-client']) if (typeof req.headers[name] === 'string') headers[name] = req.headers[name];
        const method = req.method ?? 'GET';
        void fetch(`${upstream}${req.url ?? '/'}`, { method, headers, ...(raw && method !== 'GET' && method !== 'HEAD' ? { body: raw } : {}) })
          .then(async (answer) => {
            const text = await answer.text();
            entry.answer = { status: answer.status, body: text };
            res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(text);
          })
          .catch((error: unknown) => res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ code: -1, message: String(error), StatusCode: 502 })));
        return;
      }
      // What Stream answers where the SDK reads the answer: message look-ups and users upserts.
      const users = (body as { users?: Record<string, unknown> } | null)?.users;
      const answer = url.pathname.endsWith('/messages') && req.method === 'GET' ? { messages: [], duration: '1ms' } : users ? { users, duration: '1ms' } : { duration: '1ms' };
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => recorded,
    clear: () => {
      recorded = [];
    },
    failNext: (count, status = 500) => {
      failures = { count, status };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
