import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { STREAM_CONNECT_RETRY_DELAYS_MS } from '@mentoring/shared/stream-connection';
import { stageInfoFile } from './global-setup';
import type { StageInfo } from '../support/local-stage';

export const stageInfo = () => JSON.parse(readFileSync(stageInfoFile, 'utf8')) as Omit<StageInfo, 'dynamoDbEndpoint'> & { dynamoDbEndpoint: string | null };

/**
 * The stage info of the local stage global-setup started; a spec that needs what only it has (its S3 endpoint,
 * the test Stream secret that signs webhooks) fails at once, saying so, when BASE_URL names a deployed stage.
 */
export const localStageInfo = () => {
  const info = stageInfo();
  if (!info.s3Endpoint || !info.cognito) throw new Error('This spec needs the local stage: run it without BASE_URL.');
  return info;
};

export const screenshotsDir = join(import.meta.dirname, 'screenshots');

/** Full-page screenshots go to a git-ignored folder, for people to look at. */
export const screenshot = async (page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) => {
  mkdirSync(screenshotsDir, { recursive: true });
  await page.screenshot({ path: join(screenshotsDir, `${name}.png`), fullPage });
};

export const widths = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 812 } } as const;

/**
 * Moves the page's clock (installed with page.clock.install()) past the Stream connection's automatic retries,
 * each one after the last has begun: `attempts` counts the attempts the test sees (sockets opened). `failsAfterMs`
 * is how long an attempt takes to fail on the moved clock (the connect timeout for one that is never answered).
 */
export const outlastConnectRetries = async (page: Page, attempts: () => number, failsAfterMs: number) => {
  for (const [index, delay] of STREAM_CONNECT_RETRY_DELAYS_MS.entries()) {
    await expect.poll(attempts).toBeGreaterThanOrEqual(index + 1);
    await page.clock.fastForward(failsAfterMs + 100);
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: /slow to answer\. Trying again…/ })).toBeVisible();
    await page.clock.fastForward(delay + 100);
  }
  await expect.poll(attempts).toBeGreaterThanOrEqual(STREAM_CONNECT_RETRY_DELAYS_MS.length + 1);
  await page.clock.fastForward(failsAfterMs + 100);
};
