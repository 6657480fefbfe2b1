import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, type Page } from '@playwright/test';
// The page's globals (joinCall, connect, ...) are declared by the page's scripts.
import type {} from './page/browser-entry';
import type {} from './page/react-entry';
import { createCallPage } from './page/call-page';
import { startVideoHarness, type VideoHarness } from '../../infra/local/stream';

export interface CallStage {
  harness: VideoHarness;
  /** The pages come from another origin than the stand-in, as the SPA does: every call the SDKs make is cross-origin. */
  pageOrigin: string;
  /** Opens the plain call page and joins `callId` as `userId` with the video client, on this stage's stand-in or `on`. */
  join(page: Page, userId: string, callId: string, on?: VideoHarness): Promise<void>;
}

/**
 * The video stand-in and the call test page for one spec file: started before its first test, closed after its last.
 * The returned object is filled in by the time a test runs.
 */
export const useCallStage = (): CallStage => {
  const stage = {
    join: async (page: Page, userId: string, callId: string, on?: VideoHarness) => {
      const { pageOrigin } = stage;
      const harness = on ?? stage.harness;
      await page.goto(`${pageOrigin}/call-test/`);
      await page.waitForFunction(() => typeof window.joinCall === 'function');
      await page.evaluate((options) => window.joinCall(options), { baseUrl: harness.baseUrl, apiKey: harness.apiKey, userId, token: harness.userToken(userId), callId });
    },
  } as CallStage;
  let closePageServer = () => {};
  test.beforeAll(async () => {
    stage.harness = await startVideoHarness();
    const servePage = await createCallPage();
    const pageServer = createServer((req, res) => void servePage(req, res, new URL(req.url ?? '/', 'http://127.0.0.1')).then((served) => served || res.writeHead(404).end()));
    await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
    stage.pageOrigin = `http://localhost:${(pageServer.address() as AddressInfo).port}`;
    closePageServer = () => {
      pageServer.closeAllConnections();
      pageServer.close();
    };
  });
  test.afterAll(async () => {
    closePageServer();
    await stage.harness?.close();
  });
  return stage;
};
