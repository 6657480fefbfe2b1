import { expect, test, type Page } from '@playwright/test';
import { createCallPage } from './call-page';
import { startVideoHarness, type VideoHarness } from './harness';

let harness: VideoHarness;

test.beforeAll(async () => {
  harness = await startVideoHarness({ extra: await createCallPage() });
});

test.afterAll(async () => {
  await harness.close();
});

const join = async (page: Page, userId: string, callId: string) => {
  page.on('console', (message) => {
    if (message.type() === 'error') console.log(`[${userId}] ${message.text()}`);
  });
  await page.goto(`${harness.baseUrl}/call-test/`);
  await page.waitForFunction(() => typeof window.joinCall === 'function');
  await page.evaluate((options) => window.joinCall(options), { baseUrl: harness.baseUrl, apiKey: harness.apiKey, userId, token: harness.userToken(userId), callId });
};

const playingWidth = (page: Page, id: string) =>
  page.evaluate((elementId) => (document.getElementById(elementId) as HTMLVideoElement | null)?.videoWidth ?? 0, id);

test('two participants of one call each see the other’s camera', async ({ browser }) => {
  const callId = `pw-${Date.now()}`;
  const alice = await (await browser.newContext()).newPage();
  const bob = await (await browser.newContext()).newPage();
  await join(alice, 'alice', callId);
  await join(bob, 'bob', callId);

  await expect.poll(() => playingWidth(alice, 'video-bob')).toBeGreaterThan(0);
  await expect.poll(() => playingWidth(bob, 'video-alice')).toBeGreaterThan(0);
});
