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

// Pages whose component is a lazy route (the sign-in forms): their HTML links that chunk's CSS and preloads its
// JavaScript, so the form is styled from the first paint (no layout shift) and hydrates without waiting.
const lazyPageModules = { '/login': 'src/features/auth/pages/LoginPage.tsx', '/signup': 'src/features/auth/pages/SignUpPage.tsx' };
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const entryChunks = new Set();
const collect = (key, seen) => {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) collect(imported, seen);
  return seen;
};
for (const key of Object.keys(manifest).filter((key) => manifest[key].isEntry)) collect(key, entryChunks);
const headTagsFor = (path) => {
  const module = lazyPageModules[path];
  if (!module) return '';
  if (!manifest[module]) throw new Error(`${module} is not in the build manifest`);
  const chunks = [...collect(module, new Set())].filter((key) => !entryChunks.has(key));
  const css = [...new Set(chunks.flatMap((key) => manifest[key].css ?? []))].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
  const js = chunks.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`);
  return [...css, ...js].join('');
};
for (const path of publicPaths) {
  const { html, title } = await render(path);
  const page = shell
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', `${headTagsFor(path)}</head>`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered-path="${path}">${html}</div>`);
  write(join(dist, path === '/' ? 'index.html' : `${path.slice(1)}/index.html`), page);
}
rmSync(serverBuild, { recursive: true, force: true });
console.log(`Prerendered ${publicPaths.length} pages into ${dist}`);
