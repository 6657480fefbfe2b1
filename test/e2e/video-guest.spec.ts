import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { GUEST_USER_NAME, securityHeaders } from '@mentoring/shared';
import { createTestUser } from '../support/auth';
import { streamSignature } from '../support/stream';
import { headlessShellExecutable, withFakeMedia } from './playwright.config';
import { localStageInfo, screenshot, widths } from './support';

// Chromium's fake camera and microphone, with the permission prompts answered yes.
test.use({ launchOptions: withFakeMedia(headlessShellExecutable) });

test('a guest link without its invitation says so and asks for no token', async ({ page }) => {
  const tokenRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/chat/getOrCreateToken')) tokenRequests.push(request.url());
  });
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

  // The guest: another browser, no account, the real token endpoint and the stage's Stream stand-in. A public
  // page loads no call code; the guest link does.
  const guestContext = await browser.newContext({ viewport: widths.desktop });
  const guestPage = await guestContext.newPage();
  const scripts: string[] = [];
  guestPage.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const isCallCode = (path: string) => /(GuestJoinPage|CallPage|CallsPage|CallExperience|VideoClientBoundary)-/.test(path);
  await guestPage.goto('/');
  await expect(guestPage.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.filter(isCallCode)).toEqual([]);
  const tokenAnswer = guestPage.waitForResponse((response) => response.url().includes('/api/chat/getOrCreateToken'));
  await guestPage.goto(link);
  const answer = await tokenAnswer;
  expect(answer.status()).toBe(200);
  const asked = new URL(answer.url()).searchParams;
  expect(asked.get('isGuest')).toBe('true');
  expect(asked.get('invitation')).toBe(new URLSearchParams(new URL(link).hash.slice(1)).get('invitation'));
  expect(asked.get('streamChatUuid')).toMatch(/^guest-[0-9a-f-]{36}$/);
  expect(scripts.filter(isCallCode).length).toBeGreaterThan(0);
  const { token, callCid } = (await answer.json()) as { token: string; callCid: string };
  expect(callCid).toBe(cid);
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
  expect(claims).toMatchObject({ role: 'guest', call_cids: [cid] });
  expect(String(claims.user_id)).toMatch(/^guest-[0-9a-f-]{36}$/);
  await expect(guestPage.getByRole('heading', { name: 'Ready to join?' })).toBeVisible();
  await expect(guestPage.getByText(`You are joining as ${GUEST_USER_NAME}`)).toBeVisible();
  await expect(guestPage.getByRole('button', { name: 'Join call' })).toBeEnabled();
  // The lobby previews Chromium's fake camera (a moving test pattern): real frames play.
  const preview = guestPage.getByTestId('lobby-preview').locator('video');
  await expect(preview).toBeVisible();
  const frames = () =>
    preview.evaluate((element) => {
      const video = element as unknown as { paused: boolean; readyState: number; videoWidth: number };
      return { playing: !video.paused && video.readyState >= 2, hasFrames: video.videoWidth > 0 };
    });
  await expect.poll(frames).toEqual({ playing: true, hasFrames: true });
  await expect(guestPage.getByRole('main').getByRole('alert')).toHaveCount(0);
  await expect(guestPage.getByRole('meter', { name: 'Microphone level' })).toBeVisible();
  await screenshot(guestPage, 'video-lobby-guest');
  // Guests cannot invite further guests.
  await expect(guestPage.getByRole('heading', { name: 'Invite a guest' })).toHaveCount(0);
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
