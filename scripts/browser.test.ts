import { afterEach, describe, expect, it, vi } from 'vitest';
import { findBrowser, findHeadlessShell, resolveBrowser, type BrowserProbes } from './browser';

interface Machine {
  env?: Record<string, string>;
  /** Binaries that start. */
  working?: string[];
  /** What the machine finder lists (working or not). */
  installed?: string[];
  /** The headless shells it lists (working or not). */
  headlessShells?: string[];
  apt?: boolean;
  root?: boolean;
  sudo?: boolean;
  /** What `apt-get install chromium` puts on the machine; undefined: the install fails. */
  aptGives?: string;
  /** What Playwright's download gives; undefined: the download fails. */
  downloadGives?: string;
}

const fakeMachine = (machine: Machine) => {
  const working = new Set(machine.working ?? []);
  const installed = [...(machine.installed ?? [])];
  const calls: string[] = [];
  const probes: BrowserProbes = {
    env: machine.env ?? {},
    runs: (path) => working.has(path),
    installed: () => [...installed],
    headlessShells: () => [...(machine.headlessShells ?? [])],
    hasApt: () => machine.apt ?? false,
    isRoot: () => machine.root ?? false,
    sudoWithoutPassword: () => machine.sudo ?? false,
    aptInstall: (viaSudo) => {
      calls.push(viaSudo ? 'sudo apt-get install' : 'apt-get install');
      if (!machine.aptGives) return false;
      installed.unshift(machine.aptGives);
      working.add(machine.aptGives);
      return true;
    },
    playwrightDownload: () => {
      calls.push('playwright install');
      if (machine.downloadGives) working.add(machine.downloadGives);
      return machine.downloadGives;
    },
    log: () => {},
  };
  return { probes, calls };
};

describe('resolveBrowser', () => {
  it('takes the browser CHROME_PATH names, before any on the machine, and installs nothing', () => {
    const { probes, calls } = fakeMachine({
      env: { CHROME_PATH: '/opt/chrome/chrome' },
      working: ['/opt/chrome/chrome', '/usr/bin/chromium'],
      installed: ['/usr/bin/chromium'],
      apt: true,
      root: true,
    });
    expect(resolveBrowser(probes)).toEqual({ path: '/opt/chrome/chrome', source: 'CHROME_PATH' });
    expect(calls).toEqual([]);
  });

  it('still honours the older CHROMIUM_PATH', () => {
    const { probes } = fakeMachine({ env: { CHROMIUM_PATH: '/opt/chromium' }, working: ['/opt/chromium'] });
    expect(resolveBrowser(probes)).toEqual({ path: '/opt/chromium', source: 'CHROME_PATH' });
  });

  it('stops with the named path when CHROME_PATH names something that does not start, rather than using another browser', () => {
    const { probes, calls } = fakeMachine({ env: { CHROME_PATH: '/nope' }, working: ['/usr/bin/chromium'], installed: ['/usr/bin/chromium'] });
    const result = resolveBrowser(probes);
    expect(result).toEqual({ problem: expect.stringContaining('CHROME_PATH is /nope') });
    expect(calls).toEqual([]);
  });

  it('takes the first browser on the machine that starts, skipping a stub that does not', () => {
    const { probes, calls } = fakeMachine({
      installed: ['/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/root/.cache/ms-playwright/chromium-1/chrome'],
      working: ['/usr/bin/google-chrome', '/root/.cache/ms-playwright/chromium-1/chrome'],
      apt: true,
      root: true,
    });
    expect(resolveBrowser(probes)).toEqual({ path: '/usr/bin/google-chrome', source: 'this machine' });
    expect(calls).toEqual([]);
  });

  it("installs Debian's chromium with apt-get as root when none is on the machine", () => {
    const { probes, calls } = fakeMachine({ apt: true, root: true, aptGives: '/usr/bin/chromium', downloadGives: '/pw/chrome' });
    expect(resolveBrowser(probes)).toEqual({ path: '/usr/bin/chromium', source: "Debian's chromium, just installed" });
    expect(calls).toEqual(['apt-get install']);
  });

  it('installs it through sudo when sudo needs no password', () => {
    const { probes, calls } = fakeMachine({ apt: true, sudo: true, aptGives: '/usr/bin/chromium' });
    expect(resolveBrowser(probes)).toEqual({ path: '/usr/bin/chromium', source: "Debian's chromium, just installed" });
    expect(calls).toEqual(['sudo apt-get install']);
  });

  it("falls back to Playwright's download when apt-get cannot install chromium", () => {
    const { probes, calls } = fakeMachine({ apt: true, root: true, downloadGives: '/pw/chrome' });
    expect(resolveBrowser(probes)).toEqual({ path: '/pw/chrome', source: "Playwright's download" });
    expect(calls).toEqual(['apt-get install', 'playwright install']);
  });

  it('does not try apt-get without root or password-less sudo, and downloads instead', () => {
    const { probes, calls } = fakeMachine({ apt: true, downloadGives: '/pw/chrome' });
    expect(resolveBrowser(probes)).toEqual({ path: '/pw/chrome', source: "Playwright's download" });
    expect(calls).toEqual(['playwright install']);
  });

  it('says in one line to apt-get install chromium when the user could but may not here', () => {
    const { probes } = fakeMachine({ apt: true });
    const result = resolveBrowser(probes);
    expect(result).toEqual({ problem: expect.stringContaining('run "sudo apt-get install -y chromium fonts-liberation"') });
    expect('problem' in result && result.problem).not.toContain('\n');
  });

  it('names Chromium, Chrome, Playwright and CHROME_PATH when there is no apt-get and nothing could be installed', () => {
    const { probes, calls } = fakeMachine({});
    const result = resolveBrowser(probes);
    expect(calls).toEqual(['playwright install']);
    expect('problem' in result && result.problem).toMatch(/install Chromium or Google Chrome.*npx playwright install chromium.*CHROME_PATH/);
  });

  it('does not accept a download that does not start', () => {
    const { probes } = fakeMachine({ root: true, apt: true });
    probes.playwrightDownload = () => '/pw/broken';
    expect(resolveBrowser(probes)).toHaveProperty('problem');
  });
});

describe('findBrowser', () => {
  it('never installs anything', () => {
    const { probes, calls } = fakeMachine({ apt: true, root: true, aptGives: '/usr/bin/chromium', downloadGives: '/pw/chrome' });
    expect(findBrowser(probes)).toBeUndefined();
    expect(calls).toEqual([]);
  });
});

describe('findHeadlessShell', () => {
  it('takes the headless shell on the machine that starts', () => {
    const { probes } = fakeMachine({ working: ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'], headlessShells: ['/usr/bin/chromium-headless-shell'] });
    expect(findHeadlessShell(probes)).toBe('/usr/bin/chromium-headless-shell');
  });

  it('takes none that does not start, and none at all when CHROME_PATH names the browser to run everything in', () => {
    expect(findHeadlessShell(fakeMachine({ working: [], headlessShells: ['/usr/bin/chromium-headless-shell'] }).probes)).toBeUndefined();
    const named = fakeMachine({ env: { CHROME_PATH: '/opt/chrome/chrome' }, working: ['/opt/chrome/chrome', '/usr/bin/chromium-headless-shell'], headlessShells: ['/usr/bin/chromium-headless-shell'] });
    expect(findHeadlessShell(named.probes)).toBeUndefined();
  });
});

describe('the e2e Playwright config', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('launches the browser npm test resolved (CHROME_PATH), not a fixed path', async () => {
    vi.stubEnv('CHROME_PATH', '/opt/resolved/chrome');
    vi.stubEnv('CHROME_HEADLESS_SHELL_PATH', undefined);
    const { default: config, chromiumExecutable } = await import('../test/e2e/playwright.config');
    expect(config.use?.launchOptions?.executablePath).toBe('/opt/resolved/chrome');
    expect(chromiumExecutable).toBe('/opt/resolved/chrome');
  });

  it('runs pages in the headless shell npm test found beside the browser, and calls in the browser', async () => {
    vi.stubEnv('CHROME_PATH', '/opt/resolved/chromium');
    vi.stubEnv('CHROME_HEADLESS_SHELL_PATH', '/opt/resolved/chromium-headless-shell');
    const { default: config, chromiumExecutable, headlessShellExecutable } = await import('../test/e2e/playwright.config');
    expect(config.use?.launchOptions?.executablePath).toBe('/opt/resolved/chromium-headless-shell');
    expect(headlessShellExecutable).toBe('/opt/resolved/chromium-headless-shell');
    expect(chromiumExecutable).toBe('/opt/resolved/chromium');
  });
});
