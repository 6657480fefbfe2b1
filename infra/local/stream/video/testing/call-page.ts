import { build } from 'esbuild';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Serves a blank page and the video client bundled for the browser, for the Playwright proof of a call. */
export const createCallPage = async () => {
  const bundle = await build({
    entryPoints: [new URL('./browser-entry.ts', import.meta.url).pathname],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const script = bundle.outputFiles[0]!.contents;
  const page = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local Stream call</title></head><body><script type="module" src="/call-test/client.js"></script></body></html>';
  return async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (url.pathname === '/call-test/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(page);
      return true;
    }
    if (url.pathname === '/call-test/client.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(script);
      return true;
    }
    return false;
  };
};
