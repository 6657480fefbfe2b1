import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBody, readJson, sendJson } from './http-kit';

/** A real server on a loopback port whose handler the test picks per request path. */
const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => Promise<void>> = {
  '/capped': async (req, res) => {
    const body = await readBody(req, 8);
    sendJson(res, body ? 200 : 413, { length: body?.length ?? null });
  },
  '/json': async (req, res) => {
    try {
      sendJson(res, 200, { got: await readJson(req) }, { 'content-type': 'application/x-amz-json-1.1' });
    } catch {
      sendJson(res, 400, { error: 'not JSON' });
    }
  },
};
const server = createServer((req, res) => void routes[req.url ?? '']!(req, res));
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = async (path: string, body: string) => {
  const response = await fetch(`${base}${path}`, { method: 'POST', body });
  return { status: response.status, type: response.headers.get('content-type'), json: (await response.json()) as unknown };
};

describe('the local HTTP kit', () => {
  it('reads a body up to its cap, and past it answers null after reading the rest, so the answer still arrives', async () => {
    expect(await post('/capped', '12345678')).toMatchObject({ status: 200, json: { length: 8 } });
    expect(await post('/capped', '123456789')).toMatchObject({ status: 413, json: { length: null } });
  });

  it('reads JSON (an empty body is {}), refuses what is not JSON, and answers with the content type asked for', async () => {
    expect(await post('/json', '{"a":[1]}')).toEqual({ status: 200, type: 'application/x-amz-json-1.1', json: { got: { a: [1] } } });
    expect(await post('/json', '')).toMatchObject({ status: 200, json: { got: {} } });
    expect(await post('/json', '{oops')).toEqual({ status: 400, type: 'application/json', json: { error: 'not JSON' } });
  });
});
