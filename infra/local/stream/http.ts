import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorBody, StreamApiError } from './errors';

/** The largest JSON body taken in (Stream's own limit on a request is far above what the product sends). */
const MAX_JSON_BYTES = 1024 * 1024;

/**
 * Browsers call Stream from the SPA's origin: Stream answers CORS for any origin, and so does the stand-in. The video
 * client reads the CloudFront POP of its location hint (`x-amz-cf-pop`), so that header is exposed.
 */
export const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS',
  'access-control-allow-headers': 'authorization, stream-auth-type, content-type, x-stream-client, x-client-request-id, x-stream-client-request-id, cache-control, x-csrftoken',
  'access-control-expose-headers': 'x-amz-cf-pop',
  'access-control-max-age': '86400',
} as const;

/** Whatever headers the SDKs add (axios's, Twirp's), the preflight allows: the stand-in is for this machine. */
export const answerPreflight = (req: IncomingMessage, res: ServerResponse) => {
  const requested = req.headers['access-control-request-headers'];
  res.writeHead(204, { ...corsHeaders, ...(requested ? { 'access-control-allow-headers': requested } : {}) });
  res.end();
};

export const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...corsHeaders, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
};

export const sendError = (res: ServerResponse, error: StreamApiError, endpoint?: string) => sendJson(res, error.status, errorBody(error, endpoint));

export const readBody = (req: IncomingMessage, limit = MAX_JSON_BYTES) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new StreamApiError('inputError', `request body is larger than ${limit} bytes`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

export const readJson = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
  const body = await readBody(req);
  if (!body.length) return {};
  try {
    const parsed = JSON.parse(body.toString('utf8')) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    return parsed as Record<string, unknown>;
  } catch {
    throw new StreamApiError('inputError', 'request body is not a JSON object');
  }
};

/** Stream's duration field: how long the request took, as a Go duration string. */
export const duration = (startedAt: number) => `${(performance.now() - startedAt).toFixed(2)}ms`;
