// The Chromium that e2e tests and benchmarks run in, found or installed before any of them starts, so that a
// clean machine gets one by itself and a machine that cannot gets one line saying what to install.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { chromium } from '@playwright/test';

export type BrowserSource = 'CHROME_PATH' | 'this machine' | "Debian's chromium, just installed" | "Playwright's download";

export type BrowserResolution = { path: string; source: BrowserSource } | { problem: string };

/** Everything the decision asks of the machine, so that tests can answer instead. */
export interface BrowserProbes {
  env: Record<string, string | undefined>;
  /** Whether the binary starts (`--version`): a stale path or Ubuntu's snap stub without snapd does not. */
  runs: (path: string) => boolean;
  /** Browsers on this machine, best first (Debian's chromium, then Chrome; Playwright's cache last). */
  installed: () => string[];
  /** Chromium's headless shells on this machine (Debian's chromium-headless-shell). */
  headlessShells: () => string[];
  hasApt: () => boolean;
  isRoot: () => boolean;
  sudoWithoutPassword: () => boolean;
  /** apt-get update and install chromium fonts-liberation (and, where Debian has it, chromium-headless-shell); whether it succeeded. */
  aptInstall: (viaSudo: boolean) => boolean;
  /** `playwright install chromium`; the downloaded browser's path when it succeeded. */
  playwrightDownload: () => string | undefined;
  log: (line: string) => void;
}

const APT_PACKAGES = ['chromium', 'fonts-liberation'];
/** Chromium without the browser around it, which Playwright itself prefers for headless runs; not in every distribution. */
const APT_HEADLESS_SHELL = 'chromium-headless-shell';

/** The browser named by CHROME_PATH (or the older CHROMIUM_PATH), else one already on the machine; installs nothing. */
export const findBrowser = (probes: BrowserProbes): BrowserResolution | undefined => {
  const named = probes.env.CHROME_PATH || probes.env.CHROMIUM_PATH;
  if (named) {
    // A browser someone named on purpose is never silently swapped for another one.
    return probes.runs(named)
      ? { path: named, source: 'CHROME_PATH' }
      : { problem: `CHROME_PATH is ${named}, which does not start as a browser: point it at a Chrome or Chromium binary, or unset it.` };
  }
  const found = probes.installed().find((path) => probes.runs(path));
  return found ? { path: found, source: 'this machine' } : undefined;
};

/**
 * Chromium's headless shell, for the e2e tests' pages: the same Blink and V8 as the browser, without its windowing
 * and UI. The pages and shell specs took 124 CPU-s in it against 171 in Debian's chromium. Only beside a browser
 * this module found: one someone named in CHROME_PATH runs everything.
 */
export const findHeadlessShell = (probes: Pick<BrowserProbes, 'env' | 'runs' | 'headlessShells'>): string | undefined =>
  probes.env.CHROME_PATH || probes.env.CHROMIUM_PATH ? undefined : probes.headlessShells().find((path) => probes.runs(path));

/** findBrowser, else Debian's chromium where packages may be installed, else Playwright's download, else what to install. */
export const resolveBrowser = (probes: BrowserProbes): BrowserResolution => {
  const existing = findBrowser(probes);
  if (existing) return existing;

  const hasApt = probes.hasApt();
  const root = hasApt && probes.isRoot();
  const mayInstall = hasApt && (root || probes.sudoWithoutPassword());
  if (mayInstall) {
    probes.log(`No Chromium found: installing Debian's ${APT_PACKAGES.join(' ')} with apt-get…`);
    if (probes.aptInstall(!root)) {
      const installed = probes.installed().find((path) => probes.runs(path));
      if (installed) return { path: installed, source: "Debian's chromium, just installed" };
    }
  }

  probes.log("No Chromium found: trying Playwright's own Chromium download…");
  const downloaded = probes.playwrightDownload();
  if (downloaded && probes.runs(downloaded)) return { path: downloaded, source: "Playwright's download" };

  const advice =
    hasApt && !mayInstall
      ? `run "sudo apt-get install -y ${APT_PACKAGES.join(' ')}"`
      : 'install Chromium or Google Chrome (or run "npx playwright install chromium" where the network allows)';
  return { problem: `No Chromium or Chrome found, and none could be installed here: ${advice}, or set CHROME_PATH to one, then run this again.` };
};

const onPath = (env: BrowserProbes['env'], name: string) => {
  const dirs = new Set([...(env.PATH ?? '').split(delimiter).filter(Boolean), '/usr/bin', '/snap/bin']);
  return [...dirs].map((dir) => join(dir, name)).filter(isExecutable);
};

const isExecutable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const succeeds = (command: string, args: string[], options: { timeoutMs: number; env?: NodeJS.ProcessEnv; quiet?: boolean }) =>
  spawnSync(command, args, { stdio: options.quiet ? 'ignore' : 'inherit', timeout: options.timeoutMs, env: options.env ?? process.env }).status === 0;

/** apt-get as root, or through sudo that asks no password; whether the command succeeded. */
export const aptGet = (env: NodeJS.ProcessEnv, viaSudo: boolean) => (args: string[], timeoutMs: number) =>
  succeeds(viaSudo ? 'sudo' : 'apt-get', viaSudo ? ['-n', 'apt-get', ...args] : args, {
    timeoutMs,
    env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
  });

/** The real machine. */
export const machineProbes = (env: NodeJS.ProcessEnv = process.env): BrowserProbes => ({
  env,
  runs: (path) => isExecutable(path) && succeeds(path, ['--version'], { timeoutMs: 20_000, quiet: true }),
  installed: () => [
    ...['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'].flatMap((name) => onPath(env, name)),
    ...['/Applications/Chromium.app/Contents/MacOS/Chromium', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'].filter(isExecutable),
    ...[chromium.executablePath()].filter(isExecutable),
  ],
  headlessShells: () => onPath(env, APT_HEADLESS_SHELL),
  hasApt: () => onPath(env, 'apt-get').length > 0,
  isRoot: () => process.getuid?.() === 0,
  sudoWithoutPassword: () => succeeds('sudo', ['-n', 'true'], { timeoutMs: 10_000, quiet: true }),
  aptInstall: (viaSudo) => {
    const apt = aptGet(env, viaSudo);
    if (!apt(['update', '-qq'], 5 * 60_000) || !apt(['install', '-y', '-qq', ...APT_PACKAGES], 10 * 60_000)) return false;
    // Optional: without it the tests run in the browser itself, only slower.
    apt(['install', '-y', '-qq', APT_HEADLESS_SHELL], 10 * 60_000);
    return true;
  },
  playwrightDownload: () => {
    // A blocked network fails each try after 10 s without data instead of Playwright's 30 s. Its progress
    // shows; its retry stack traces do not, only their gist.
    const download = spawnSync('npx', ['--no-install', 'playwright', 'install', 'chromium'], {
      stdio: ['ignore', 'inherit', 'pipe'],
      encoding: 'utf8',
      timeout: 10 * 60_000,
      env: { ...env, PLAYWRIGHT_DOWNLOAD_CONNECTION_TIMEOUT: '10000', npm_config_update_notifier: 'false' },
    });
    if (download.status === 0) return chromium.executablePath();
    const gist = download.stderr?.split('\n').find((line) => line.startsWith('Error:')) ?? download.error?.message ?? `exit ${download.status}`;
    console.log(`Playwright's download failed: ${gist}`);
    return undefined;
  },
  log: (line) => console.log(line),
});

/**
 * For `npm test` and `npm run bench`: resolves the browser, hands it to every child process as CHROME_PATH (and
 * the headless shell beside it as CHROME_HEADLESS_SHELL_PATH), and says which they are; stops the process with
 * the one-line problem when there is none.
 */
export const ensureBrowserOrExit = (probes: BrowserProbes = machineProbes()) => {
  const resolution = resolveBrowser(probes);
  if ('problem' in resolution) {
    console.error(resolution.problem);
    process.exit(1);
  }
  const headlessShell = findHeadlessShell(probes);
  process.env.CHROME_PATH = resolution.path;
  if (headlessShell) process.env.CHROME_HEADLESS_SHELL_PATH = headlessShell;
  console.log(`Browser: ${resolution.path} (${resolution.source})${headlessShell ? `; its headless shell: ${headlessShell}` : ''}`);
  return resolution.path;
};
