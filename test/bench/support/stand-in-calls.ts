import type { Browser } from '@playwright/test';
import type { VideoHarness } from '../../../infra/local/stream';

/** Every peer connection the page makes, so the bench can read what Chromium itself received. */
const recordPeerConnections = () => {
  const Native = window.RTCPeerConnection;
  const made: RTCPeerConnection[] = [];
  (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections = made;
  window.RTCPeerConnection = class extends Native {
    constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
      super(...args);
      made.push(this);
    }
  } as typeof RTCPeerConnection;
};

/** A participant on the stand-in's call test page (the real video client), joined to `callId` as `userId`. */
export const joinStandInCall = async (browser: Browser, pagesUrl: string, harness: VideoHarness, userId: string, callId: string) => {
  const page = await (await browser.newContext()).newPage();
  await page.addInitScript(recordPeerConnections);
  await page.goto(`${pagesUrl}/call-test/`);
  await page.waitForFunction(() => typeof window.joinCall === 'function');
  await page.evaluate((options) => window.joinCall(options), { baseUrl: harness.baseUrl, apiKey: harness.apiKey, userId, token: harness.userToken(userId), callId });
  return page;
};

export const waitFor = async (probe: () => Promise<boolean> | boolean, what: string, timeoutMs = 60_000, state?: () => string) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}${state ? ` (${state()})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

