import { build } from 'esbuild';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Serves a blank page and the video client bundled for the browser, for the Playwright proof of a call. */
export const createCallPage = async () => {
  const bundle = await build({
    entryPoints: [new URL('./browser-entry.ts', import.meta.url).pathname, new URL('./react-entry.ts', import.meta.url).pathname],
    outdir: 'call-test',
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
    loader: { '.css': 'css' },
  });
  const file = (name: string) => bundle.outputFiles.find((output) => output.path.endsWith(`/${name}`))!;
  const files: Record<string, { contents: Uint8Array; type: string }> = {
    '/call-test/client.js': { contents: file('browser-entry.js').contents, type: 'text/javascript' },
    '/call-test/react.js': { contents: file('react-entry.js').contents, type: 'text/javascript' },
    '/call-test/react.css': { contents: file('react-entry.css').contents, type: 'text/css' },
  };
  const page = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local Stream call</title></head><body><script type="module" src="/call-test/client.js"></script></body></html>';
  const reactPage = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local Stream call (React)</title><link rel="stylesheet" href="/call-test/react.css"></head><body><script type="module" src="/call-test/react.js"></script></body></html>';
  return async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (url.pathname === '/call-test/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(page);
      return true;
    }
    if (url.pathname === '/call-test/react') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(reactPage);
      return true;
    }
    const asset = files[url.pathname];
    if (asset) {
      res.writeHead(200, { 'content-type': asset.type });
      res.end(asset.contents);
      return true;
    }
    return false;
  };
};
