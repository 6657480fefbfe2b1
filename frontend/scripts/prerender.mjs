// After `vite build` (the SPA) and `vite build --ssr src/entry-server.tsx` (the renderer), writes each public
// page as static HTML into dist/: "/" as index.html, "/about" as about/index.html. The bare shell, which
// renders any route in the browser, becomes spa.html: the fallback for every other path.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const frontend = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(frontend, 'dist');
const serverBuild = join(frontend, 'dist-ssr');
const { render, publicPaths } = await import(pathToFileURL(join(serverBuild, 'entry-server.js')).href);

const write = (file, content) => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
};

const shell = readFileSync(join(dist, 'index.html'), 'utf8');
if (!shell.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty <div id="root"></div> to fill');
write(join(dist, 'spa.html'), shell);

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
for (const path of publicPaths) {
  const { html, title } = await render(path);
  const page = shell
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered-path="${path}">${html}</div>`);
  write(join(dist, path === '/' ? 'index.html' : `${path.slice(1)}/index.html`), page);
}
rmSync(serverBuild, { recursive: true, force: true });
console.log(`Prerendered ${publicPaths.length} pages into ${dist}`);
