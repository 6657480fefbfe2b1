import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { createCallPage } from '../../stream-video/page/call-page';

/**
 * A throwaway origin for the stand-in bench's browsers: the stand-in's own call test page (the real video client)
 * and a chat page (the real stream-chat), both talking to whichever stand-in the page is told (it answers CORS).
 */
export const serveStandInPages = async () => {
  const callPage = await createCallPage();
  const chat = await build({
    entryPoints: [new URL('./stand-in-chat-entry.ts', import.meta.url).pathname],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const chatScript = chat.outputFiles[0]!.contents;
  const chatPage = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local Stream chat</title></head><body><script type="module" src="/chat-test/chat.js"></script></body></html>';
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/chat-test/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(chatPage);
      return;
    }
    if (url.pathname === '/chat-test/chat.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(chatScript);
      return;
    }
    void callPage(req, res, url).then((served) => {
      if (!served) res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
