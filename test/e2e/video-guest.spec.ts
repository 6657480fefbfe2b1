import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { GUEST_USER_NAME, securityHeaders } from '@mentoring/shared';
import { createTestUser } from '../support/auth';
import { streamSignature } from '../support/stream';
import { scriptMemberStream } from './member-stream';
import { chromiumExecutable, chromiumFlags } from './playwright.config';
import { localStageInfo, screenshot, widths } from './support';

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
const scriptStreamHosts = async (page: Page) => {
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
};

const scriptStream = async (page: Page) => {
  const tokenRequests: URL[] = [];
  await page.route('**/api/chat/getOrCreateToken?**', async (route) => {
    const url = new URL(route.request().url());
    tokenRequests.push(url);
    await route.fulfill({ json: { token: fakeToken(url.searchParams.get('streamChatUuid') ?? ''), apiKey: 'e2e-api-key' } });
  });
  await scriptStreamHosts(page);
  return { tokenRequests };
};

/** The guest page with a (scripted) invitation in its fragment, as a member's link has it. */
const joinPath = (callId: string) => `/join/default/${callId}#invitation=e2e-invitation`;

test('the guest link requests a guest token and reaches the lobby as Guest User', async ({ page }) => {
  const { tokenRequests } = await scriptStream(page);
  await page.goto(joinPath('e2e-call'));
  await expect(page.getByRole('heading', { name: 'Ready to join?' })).toBeVisible();
  await expect(page.getByText(`You are joining as ${GUEST_USER_NAME}`)).toBeVisible();
  expect(tokenRequests).toHaveLength(1);
  expect(tokenRequests[0]!.searchParams.get('isGuest')).toBe('true');
  expect(tokenRequests[0]!.searchParams.get('invitation')).toBe('e2e-invitation');
  expect(tokenRequests[0]!.searchParams.get('streamChatUuid')).toMatch(/^guest-[0-9a-f-]{36}$/);
  await expect(page.getByRole('button', { name: 'Join call' })).toBeEnabled();
});

test('the lobby shows the fake camera', async ({ page }) => {
  await scriptStream(page);
  await page.goto(joinPath('e2e-camera'));
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
  await page.goto(joinPath('e2e-lazy'));
  await expect(page.getByRole('heading', { name: 'Ready to join?' })).toBeVisible();
  expect(scripts.filter(isCallCode).length).toBeGreaterThan(0);
});

test('a guest link without its invitation says so and asks for no token', async ({ page }) => {
  const { tokenRequests } = await scriptStream(page);
  await page.goto('/join/default/e2e-uninvited');
  await expect(page.getByRole('heading', { name: 'This link has no invitation in it.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ready to join?' })).toHaveCount(0);
  expect(tokenRequests).toHaveLength(0);
});

test('a member creates a guest link; the guest opens it and reaches the lobby of that call as Guest User', async ({ browser, request }) => {
  // Its webhook is signed as Stream signs it, with the local stage's Stream stand-in's key and secret.
  const info = localStageInfo();
  if (info.stream?.mode !== 'stand-in') throw new Error('This spec needs the local stage with its Stream stand-in.');
  const member = await createTestUser({ url: info.url, cognito: info.cognito }, { name: 'Ada Inviter' });
  const callId = `e2e-${randomUUID()}`;
  const cid = `default:${callId}`;
  // Stream tells the product who is in the call, by its signed webhook.
  const now = new Date().toISOString();
  const webhook = Buffer.from(
    JSON.stringify({ type: 'call.created', call_cid: cid, created_at: now, call: { cid, created_by: { id: member.sub }, created_at: now }, members: [{ user_id: member.sub, role: 'admin' }] }),
  );
  const delivered = await request.post('/api/webhooks/stream', {
    headers: { 'content-type': 'application/json', 'x-webhook-id': randomUUID(), 'x-api-key': info.stream.apiKey, 'x-signature': streamSignature(webhook, info.stream.secret) },
    data: webhook,
  });
  expect(delivered.status()).toBe(202);

  const memberContext = await browser.newContext({ viewport: widths.desktop, permissions: ['clipboard-read', 'clipboard-write'] });
  const memberPage = await memberContext.newPage();
  await scriptMemberStream(memberPage);
  await memberPage.goto(`/login?next=${encodeURIComponent(`/calls/default/${callId}`)}`);
  await memberPage.getByLabel('E-mail').fill(member.email);
  await memberPage.getByLabel('Password').fill(member.password);
  await memberPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(memberPage.getByRole('heading', { name: 'Ready to join?' })).toBeVisible({ timeout: 15_000 });
  await expect(memberPage.getByRole('heading', { name: 'Invite a guest' })).toBeVisible();
  await memberPage.getByRole('button', { name: 'Create a guest link' }).click();
  const linkField = memberPage.getByLabel('Guest link');
  await expect(linkField).toHaveValue(new RegExp(`/join/default/${callId}#invitation=v1\\.`));
  const link = await linkField.inputValue();
  await memberPage.getByRole('button', { name: 'Copy link' }).click();
  await expect(memberPage.getByRole('region', { name: 'Invite a guest' }).getByRole('status')).toHaveText('Link copied');
  expect(await memberPage.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await screenshot(memberPage, 'video-lobby-guest-link');

  // The guest: another browser, no account, the real token endpoint; only Stream's own hosts are scripted.
  const guestContext = await browser.newContext({ viewport: widths.desktop });
  const guestPage = await guestContext.newPage();
  await scriptStreamHosts(guestPage);
  const tokenAnswer = guestPage.waitForResponse((response) => response.url().includes('/api/chat/getOrCreateToken'));
  await guestPage.goto(link);
  const answer = await tokenAnswer;
  expect(answer.status()).toBe(200);
  const { token, callCid } = (await answer.json()) as { token: string; callCid: string };
  expect(callCid).toBe(cid);
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
  expect(claims).toMatchObject({ role: 'guest', call_cids: [cid] });
  expect(String(claims.user_id)).toMatch(/^guest-[0-9a-f-]{36}$/);
  await expect(guestPage.getByRole('heading', { name: 'Ready to join?' })).toBeVisible();
  await expect(guestPage.getByText(`You are joining as ${GUEST_USER_NAME}`)).toBeVisible();
  // Guests cannot invite further guests.
  await expect(guestPage.getByRole('heading', { name: 'Invite a guest' })).toHaveCount(0);
  await memberContext.close();
  await guestContext.close();
});

test('the local stage sends the security headers of the CloudFront policy with the SPA', async ({ request }) => {
  const info = localStageInfo();
  // The same definition the web stack's response headers policy is made from (infra/test/web-stack.test.ts), with
  // the local Stream stand-in's origin, which only a local stage without Stream credentials adds.
  const stream = info.stream?.mode === 'stand-in' ? { stream: info.stream.url } : {};
  const expected = securityHeaders({ cognito: info.cognito.endpoint, archive: `${info.s3Endpoint}/archive/`, uploads: `${info.s3Endpoint}/media`, ...stream });
  for (const path of ['/', '/calls', '/join/default/x', '/api/health']) {
    const headers = (await request.get(path)).headers();
    expect(Object.fromEntries(Object.keys(expected).map((name) => [name, headers[name]])), path).toEqual(expected);
  }
  // No source maps are published.
  const html = await (await request.get('/')).text();
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
  expect((await request.get(`${script}.map`)).status()).toBe(404);
  expect(await (await request.get(script)).text()).not.toContain('sourceMappingURL');
});
