// Installs dependencies when node_modules is missing or was installed from other manifests.
// Plain Node with only the standard library: it runs before anything is installed.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const manifests = ['package.json', 'package-lock.json', ...['shared', 'functions', 'infra', 'frontend'].map((ws) => `${ws}/package.json`)];
const stampFile = join(root, 'node_modules/.installed-from');

const manifestHash = () => {
  const hash = createHash('sha256');
  for (const file of manifests) if (existsSync(join(root, file))) hash.update(readFileSync(join(root, file)));
  return hash.digest('hex');
};

export const ensureDependencies = () => {
  const wanted = manifestHash();
  const installed = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : null;
  if (installed === wanted) return;
  console.log(installed ? 'Dependencies changed: installing…' : 'Installing dependencies…');
  execSync('npm ci --no-audit --no-fund', {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  writeFileSync(stampFile, manifestHash());
};

if (import.meta.url === `file://${process.argv[1]}`) ensureDependencies();
