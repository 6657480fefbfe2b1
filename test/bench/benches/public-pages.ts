import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { chromiumFlags } from '../../e2e/playwright.config';
import { repoRoot } from '../../support/local-stage';
import type { Bench } from '../run';

const PUBLIC_ROUTES = ['/', '/about', '/become-a-mentor', '/volunteer', '/partnerships', '/login', '/signup'];
// Issue 13 names / and /login (and /mentors, which does not exist yet).
const LIGHTHOUSE_ROUTES = ['/', '/about', '/login'];
const LIGHTHOUSE_RUNS = 3;
export const TARGETS = { firstLoadJsGzipKb: 90, performance: 95, accessibility: 100 } as const;

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The JavaScript a real browser downloads to show each route, each file gzipped as a CDN would send it. */
const javascriptPerRoute = async (baseUrl: string) => {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH, args: chromiumFlags });
  try {
    const figures: Record<string, { files: number; rawKb: number; gzipKb: number }> = {};
    for (const route of PUBLIC_ROUTES) {
      const page = await browser.newPage();
      const bodies: Promise<Buffer>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') bodies.push(response.body());
      });
      await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' });
      const scripts = await Promise.all(bodies);
      figures[route] = {
        files: scripts.length,
        rawKb: kb(scripts.reduce((sum, body) => sum + body.length, 0)),
        gzipKb: kb(scripts.reduce((sum, body) => sum + gzipSync(body).length, 0)),
      };
      await page.close();
    }
    return figures;
  } finally {
    await browser.close();
  }
};

/** Lighthouse's default (mobile emulation, simulated slow 4G and CPU) in the resolved Chromium; median of a few runs. */
const lighthouseScores = async (baseUrl: string) => {
  const chrome = await launchChrome({ chromePath: process.env.CHROME_PATH, chromeFlags: chromiumFlags });
  try {
    const figures: Record<string, Record<string, number>> = {};
    for (const route of LIGHTHOUSE_ROUTES) {
      const runs: Record<string, number>[] = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
        const result = await lighthouse(`${baseUrl}${route}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
        if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
        const { categories, audits } = result.lhr;
        runs.push({
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          firstContentfulPaintMs: Math.round(audits['first-contentful-paint']?.numericValue ?? Number.NaN),
          largestContentfulPaintMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
          totalBlockingTimeMs: Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN),
          cumulativeLayoutShift: Math.round((audits['cumulative-layout-shift']?.numericValue ?? Number.NaN) * 1000) / 1000,
          speedIndexMs: Math.round(audits['speed-index']?.numericValue ?? Number.NaN),
        });
      }
      const byPerformance = [...runs].sort((a, b) => a.performance! - b.performance!);
      figures[route] = { ...byPerformance[Math.floor(runs.length / 2)]!, performanceMin: byPerformance[0]!.performance!, accessibilityMin: Math.min(...runs.map((r) => r.accessibility!)) };
    }
    return figures;
  } finally {
    chrome.kill();
  }
};

/**
 * What the public pages cost a visitor: the JavaScript each route loads (gzip) and Lighthouse's
 * performance and accessibility scores for / and /about, on the freshly built SPA served by the local stage.
 */
export const publicPagesBench: Bench = {
  name: 'public-pages',
  web: 'static',
  browser: true,
  prepare: async () => {
    const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  },
  run: async ({ stage }) => {
    const javascript = await javascriptPerRoute(stage.url);
    const firstLoadJsGzipKb = Math.max(...Object.values(javascript).map((route) => route.gzipKb));
    const scores = await lighthouseScores(stage.url);
    const worst = (key: string) => Math.min(...Object.values(scores).map((route) => route[key]!));
    return {
      targets: TARGETS,
      // The figure beside its goal, as the bench prints it.
      firstLoadJs: `${firstLoadJsGzipKb} KB gzip (budget ≤ ${TARGETS.firstLoadJsGzipKb} KB)`,
      firstLoadJsGzipKb,
      medianFirstLoadJsGzipKb: median(Object.values(javascript).map((route) => route.gzipKb)),
      javascriptPerRoute: javascript,
      lighthouseRunsPerRoute: LIGHTHOUSE_RUNS,
      lighthouse: scores,
      meetsTargets: {
        firstLoadJs: firstLoadJsGzipKb <= TARGETS.firstLoadJsGzipKb,
        performance: worst('performance') >= TARGETS.performance,
        accessibility: worst('accessibility') >= TARGETS.accessibility,
      },
    };
  },
};
