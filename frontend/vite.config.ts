import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes .br and .gz beside each text asset, so the local stage's static server sends compressed files as
 * CloudFront does in AWS (and measurements on the local stage are not skewed by uncompressed transfers).
 */
const precompress = (): Plugin => ({
  name: 'precompress',
  apply: 'build',
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
      writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
  },
});

export default defineConfig({
  plugins: [react(), precompress()],
  // The manifest maps source modules to built chunks, for whoever needs to trace what a route loads.
  build: { target: 'es2022', sourcemap: true, manifest: true },
});
