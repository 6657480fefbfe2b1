import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    resolve: {
      alias: [
        // The browser build, as the SPA bundles it (Node's build would bring its own `ws` sockets).
        { find: /^stream-chat$/, replacement: join(dirname(createRequire(import.meta.url).resolve('stream-chat')), '../esm/index.mjs') },
        { find: /^isomorphic-ws$/, replacement: fileURLToPath(new URL('./vitest.websocket.ts', import.meta.url)) },
      ],
    },
    test: {
      name: 'frontend',
      root: import.meta.dirname,
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./vitest.setup.ts'],
      // Stream's SDKs run their browser builds (global WebSocket, fetch), as in the SPA, so tests can
      // script Stream at the network boundary with msw instead of Node's `ws` sockets.
      server: { deps: { inline: [/\/stream-chat(-react)?\//] } },
    },
  }),
);
