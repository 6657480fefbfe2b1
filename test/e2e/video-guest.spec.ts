import { expect, test, type Page } from '@playwright/test';
import { GUEST_USER_NAME } from '@mentoring/shared';
import { chromiumExecutable, chromiumFlags } from './playwright.config';
import { screenshot } from './support';

// Chromium's fake camera and microphone, with the permission prompts answered yes.
test.use({
  launchOptions: {
    executablePath: chromiumExecutable,
    args: [...chromiumFlags, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const fakeToken = (userId: string) => `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ user_id: userId })}.signature`;

/**
 * Stream's hosts, scripted at the network boundary (they cannot be reached from here): the coordinator
 * socket answers the auth message with connection.ok; the location hint and the API answer plainly.
 * Our own guest-token endpoint is scripted too, and every request to it is recorded.
 */
const scriptStream = async (page: Page) => {
  const tokenRequests: URL[] = [];
  await page.route('**/api/chat/getOrCreateToken?**', async (route) => {
    const url = new URL(route.request().url());
    tokenRequests.push(url);
    await route.fulfill({ json: { token: fakeToken(url.searchParams.get('streamChatUuid') ?? ''), apiKey: 'e2e-api-key' } });
  });
  await page.route('https://hint.stream-io-video.com/**', (route) => route.fulfill({ status: 200, headers: { 'x-amz-cf-pop': 'AMS1-P2' }, body: '' }));
  await page.route('https://video.stream-io-api.com/**', (route) => route.fulfill({ status: 404, json: { code: 16, message: 'not scripted', StatusCode: 404 } }));
  await page.routeWebSocket(/video\.stream-io-api\.com\/video\/connect/, (socket) => {
    socket.onMessage((message) => {
      const auth = JSON.parse(String(message)) as { token?: string; user_details?: { id: string; name?: string } };
      if (!auth.token || !auth.user_details) return;
      const now = new Date().toISOString();
      socket.send(
        JSON.stringify({
          type: 'connection.ok',
          connection_id: 'e2e-connection',
          created_at: now,
          me: { id: auth.user_details.id, name: auth.user_details.name, role: 'guest', custom: {}, teams: [], created_at: now, updated_at: now },
        }),
      );
    });
  });
  return { tokenRequests };
};

test('the guest link requests a guest token and reaches the lobby as Guest User', async ({ page }) => {
  const { tokenRequests } = await scriptStream(page);
  await page.goto('/join/default/e2e-call');
  await expect(page.getByRole('heading', { name: 'Ready to join?' })).toBeVisible();
  await expect(page.getByText(`You are joining as ${GUEST_USER_NAME}`)).toBeVisible();
  expect(tokenRequests).toHaveLength(1);
  expect(tokenRequests[0]!.searchParams.get('isGuest')).toBe('true');
  expect(tokenRequests[0]!.searchParams.get('streamChatUuid')).toMatch(/^guest-[0-9a-f-]{36}$/);
  await expect(page.getByRole('button', { name: 'Join call' })).toBeEnabled();
});

test('the lobby shows the fake camera', async ({ page }) => {
  await scriptStream(page);
  await page.goto('/join/default/e2e-camera');
  const preview = page.getByTestId('lobby-preview').locator('video');
  await expect(preview).toBeVisible();
  // Chromium's fake device paints a moving test pattern: the preview plays real frames of it.
  const frames = () =>
    preview.evaluate((element) => {
      const video = element as unknown as { paused: boolean; readyState: number; videoWidth: number };
      return { playing: !video.paused && video.readyState >= 2, hasFrames: video.videoWidth > 0 };
    });
  await expect.poll(frames).toEqual({ playing: true, hasFrames: true });
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('meter', { name: 'Microphone level' })).toBeVisible();
  await screenshot(page, 'video-lobby-guest');
});

test('the call code loads only when a call route is opened', async ({ page }) => {
  await scriptStream(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const isCallCode = (path: string) => /(GuestJoinPage|CallPage|CallsPage|CallExperience|VideoClientBoundary|connection)-/.test(path);
  expect(scripts.filter(isCallCode)).toEqual([]);
  await page.goto('/join/default/e2e-lazy');
  await expect(page.getByRole('heading', { name: 'Ready to join?' })).toBeVisible();
  expect(scripts.filter(isCallCode).length).toBeGreaterThan(0);
});
