/**
 * The plumbing every stand-in server of the local stage writes the same way (API Gateway, EventBridge, Scheduler,
 * the S3 front): reading a request's body and answering JSON. What each answers is its own (AWS's error shapes
 * differ per service); the Stream stand-in has its own kit under stream/.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The request's body, or null once it passes `maxBytes` (the rest is read and dropped, so the answer still reaches the client). */
export const readBody = (req: IncomingMessage, maxBytes = Number.POSITIVE_INFINITY) =>
  new Promise<Buffer | null>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > maxBytes ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** The whole body as UTF-8 text. */
export const readText = async (req: IncomingMessage) => (await readBody(req))!.toString('utf8');

/** The body as JSON (an empty body is `{}`); rejects when it is not JSON. */
export const readJson = async (req: IncomingMessage): Promise<unknown> => JSON.parse((await readText(req)) || '{}');

/** Answers `body` as JSON; `headers` may name another content type (AWS's JSON protocols use their own). */
export const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};
