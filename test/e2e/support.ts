import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
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
