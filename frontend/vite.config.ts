import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Brotli's best quality for every file but the largest. The noise-cancellation chunk (5.7 MB, its WebAssembly
 * inlined, loaded only in a call) took 16 of the build's 30 s at quality 11 and takes 0.5 s at 9, for 8 % more bytes
 * that only the local stage serves; every file a page needs first is far below the line.
 */
const brotliQuality = (bytes: number) => (bytes > 1_000_000 ? 9 : 11);

/**
 * Writes .br and .gz beside each text asset, so the local stage's static server sends compressed files as
 * CloudFront does in AWS (and measurements on the local stage are not skewed by uncompressed transfers).
 */
const precompress = (): Plugin => ({
  name: 'precompress',
  apply: 'build',
  // The server build (prerender.mjs's renderer) is never served.
  applyToEnvironment: (environment) => environment.name === 'client',
  writeBundle({ dir }) {
    if (!dir) return;
    const walk = (folder: string): string[] =>
      readdirSync(folder).flatMap((name) => {
        const path = join(folder, name);
        return statSync(path).isDirectory() ? walk(path) : [path];
      });
    for (const file of walk(dir).filter((path) => /\.(js|css|html|svg|json)$/.test(path))) {
      const content = readFileSync(file);
      if (content.length < 1024) continue;
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(content.length) } }));
    }
  },
});

/**
 * The shared workspace's modules only declare things (schemas, tables, strings): marking them free of side
 * effects lets the bundler drop what the SPA does not use, so importing one helper from '@mentoring/shared'
 * (passwordProblems) no longer brings zod and every schema into the sign-in and signed-in pages (23 KB gzip).
 */
const sharedHasNoSideEffects = (): Plugin => {
  const sharedSrc = fileURLToPath(new URL('../shared/src/', import.meta.url));
  return {
    name: 'shared-has-no-side-effects',
    transform(_code, id) {
      return id.startsWith(sharedSrc) ? { moduleSideEffects: false } : null;
    },
  };
};

/**
 * stream-chat-react's Streami18n imports its eleven non-English translations whether or not they are used
 * (about 440 KB of source). The product speaks English only and Streami18n defaults to it, so those modules
 * are built as empty translations: a language set by mistake falls back to the English keys. Drop this plugin
 * the day the product offers another language.
 */
const englishOnlyChat = (): Plugin => ({
  name: 'english-only-chat',
  enforce: 'pre',
  load(id) {
    return /stream-chat-react\/dist\/es\/i18n\/(de|es|fr|hi|it|ja|ko|nl|pt|ru|tr)\.mjs$/.test(id) ? 'export default {};' : null;
  },
});

export default defineConfig({
  plugins: [react(), precompress(), sharedHasNoSideEffects(), englishOnlyChat()],
  // `@/…` and `@testing/…` as the root tsconfig.json's `paths` name them.
  resolve: { tsconfigPaths: true },
  // The manifest maps source modules to built chunks, for whoever needs to trace what a route loads. Source maps
  // are 'hidden': written for our own tools (error triage, bundle analysis) but never named in the bundles, and
  // neither deployed (web stack) nor served by the local stage, so the source is not published.
  build: { target: 'es2022', sourcemap: 'hidden', manifest: true },
});
