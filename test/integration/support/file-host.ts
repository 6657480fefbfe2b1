import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A call's files as Stream's file host serves them: each path its body (and type); any other path answers `otherwise`. */
export const startFileHost = async (files: Record<string, { body: Buffer; type?: string }>, otherwise: { status: number; body?: string } = { status: 404 }) => {
  const server = createServer((req, res) => {
    const file = files[req.url ?? ''];
    if (file) return res.writeHead(200, { ...(file.type ? { 'content-type': file.type } : {}), 'content-length': file.body.length }).end(file.body);
    res.writeHead(otherwise.status).end(otherwise.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
