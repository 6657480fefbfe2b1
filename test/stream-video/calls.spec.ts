import { expect, test, type Page } from '@playwright/test';
import { useCallStage } from './call-stage';
import { startVideoHarness } from '../../infra/local/stream';

/**
 * Two browsers in one call through the stand-in's SFU: the real video client in Chromium with the fake camera,
 * microphone and screen capture. TrackType as the SFU protocol numbers it: 1 audio, 2 video, 3 screen share.
 */
const stage = useCallStage();

// Each test's browsers keep encoding their fake camera until closed: left open, they starve the next test of CPU.
test.afterEach(async ({ browser }) => {
  await Promise.all(browser.contexts().map((context) => context.close()));
});

const playingWidth = (page: Page, id: string) =>
  page.evaluate((elementId) => (document.getElementById(elementId) as HTMLVideoElement | null)?.videoWidth ?? 0, id);

const remote = (page: Page, userId: string) => page.evaluate((id) => window.remoteState(id), userId);

test('two participants see and hear each other, share a screen, turn a camera off, and leave', async ({ browser }) => {
  const callId = `pw-${Date.now()}`;
  const alice = await (await browser.newContext()).newPage();
  const bob = await (await browser.newContext()).newPage();
  await stage.join(alice, 'alice', callId);
  await stage.join(bob, 'bob', callId);

  await expect.poll(() => playingWidth(alice, 'video-bob')).toBeGreaterThan(0);
  await expect.poll(() => playingWidth(bob, 'video-alice')).toBeGreaterThan(0);
  await expect.poll(async () => (await remote(bob, 'alice'))?.audio).toEqual({ readyState: 'live', muted: false, enabled: true });
  await expect.poll(async () => (await remote(alice, 'bob'))?.audio).toEqual({ readyState: 'live', muted: false, enabled: true });
  // The fake microphone beeps: the SFU reports its level from the audio's RFC 6464 header extension.
  await expect.poll(async () => (await remote(bob, 'alice'))?.loudest).toBeGreaterThan(0);

  await alice.evaluate(() => window.callHandle!.screenShare.enable());
  await expect.poll(() => playingWidth(bob, 'screen-alice')).toBeGreaterThan(0);
  expect((await remote(bob, 'alice'))?.publishedTracks).toContain(3);
  await alice.evaluate(() => window.callHandle!.screenShare.disable());
  await expect.poll(async () => (await remote(bob, 'alice'))?.publishedTracks).not.toContain(3);

  await alice.evaluate(() => window.callHandle!.camera.disable());
  await expect.poll(async () => (await remote(bob, 'alice'))?.publishedTracks).not.toContain(2);
  await alice.evaluate(() => window.callHandle!.camera.enable());
  await expect.poll(async () => (await remote(bob, 'alice'))?.publishedTracks).toContain(2);

  await alice.evaluate(() => window.callHandle!.leave());
  await expect.poll(() => remote(bob, 'alice')).toBeUndefined();
  await bob.evaluate(() => window.callHandle!.leave());

  const cid = `default:${callId}`;
  await expect
    .poll(() => stage.harness.webhooks.filter((w) => w.call_cid === cid).map((w) => w.type))
    .toEqual([
      'call.created',
      'call.session_started',
      'call.session_participant_joined',
      'call.session_participant_joined',
      'call.session_participant_left',
      'call.session_participant_left',
      'call.session_ended',
    ]);
});

test('connection quality is measured from the receiver reports: a 10 % loss filter on what the SFU forwards to bob makes alice see bob as poor', async ({ browser }) => {
  const callId = `quality-${Date.now()}`;
  const cid = `default:${callId}`;
  const alice = await (await browser.newContext()).newPage();
  const bob = await (await browser.newContext()).newPage();
  await stage.join(alice, 'alice', callId);
  await stage.join(bob, 'bob', callId);
  await expect.poll(() => playingWidth(bob, 'video-alice')).toBeGreaterThan(0);
  // ConnectionQuality: 1 poor, 2 good, 3 excellent (0, unknown, until the first reports).
  const quality = async () => (await remote(alice, 'bob'))?.connectionQuality;
  await expect.poll(quality, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);

  stage.harness.setForwardLoss(cid, 'bob', 0.1);
  await expect.poll(quality, { timeout: 30_000 }).toBe(1);
  expect(await bob.evaluate(() => window.callHandle!.state.localParticipant?.connectionQuality)).toBe(1);

  stage.harness.setForwardLoss(cid, 'bob', 0);
  await expect.poll(quality, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
});

// Simulcast is off in the shared harness (each publisher would encode three layers in every test): this one has its own.
test('simulcast: the camera arrives in layers; a subscriber that shows it at 320 px gets a low layer, and the largest again at full size', async ({ browser }) => {
  const simulcast = await startVideoHarness({ simulcast: true });
  try {
    const callId = `simulcast-${Date.now()}`;
    const cid = `default:${callId}`;
    const alice = await (await browser.newContext()).newPage();
    const bob = await (await browser.newContext()).newPage();
    await stage.join(alice, 'alice', callId, simulcast);
    await stage.join(bob, 'bob', callId, simulcast);
    // Chromium sends two or three layers of a 720p or 480p camera (fewer when starved: then this fails, as it should).
    await expect.poll(() => simulcast.cameraLayers(cid, 'alice').length).toBeGreaterThanOrEqual(2);
    const largest = () => simulcast.cameraLayers(cid, 'alice').at(-1)?.rid;
    // Bob's element shows alice at 1280 px: the client asks for that size (UpdateSubscriptions), he gets the largest layer.
    // (Sizes are set: an element without one takes the size of the frames it plays, the layer's, and would keep it.)
    await bob.evaluate(() => window.showCameraAt('alice', 1280));
    await expect.poll(() => simulcast.forwardedCameraLayer(cid, 'bob', 'alice') === largest()).toBe(true);
    await expect.poll(() => playingWidth(bob, 'video-alice')).toBeGreaterThan(320);
    const full = await playingWidth(bob, 'video-alice');

    // A 320 px tile: the client asks for 320 px, the SFU moves him to the smallest layer that covers it (q of a 720p
    // camera, h of a 480p one) at its next keyframe, and his browser decodes smaller frames.
    await bob.evaluate(() => window.showCameraAt('alice', 320));
    await expect.poll(() => simulcast.forwardedCameraLayer(cid, 'bob', 'alice') !== largest()).toBe(true);
    await expect.poll(() => playingWidth(bob, 'video-alice')).toBeLessThan(full);

    // Full size again: the largest layer again.
    await bob.evaluate(() => window.showCameraAt('alice', 1280));
    await expect.poll(() => simulcast.forwardedCameraLayer(cid, 'bob', 'alice') === largest()).toBe(true);
    await expect.poll(() => playingWidth(bob, 'video-alice')).toBeGreaterThan(320);
  } finally {
    await Promise.all(browser.contexts().map((context) => context.close()));
    await simulcast.close();
  }
});

const connect = async (page: Page, userId: string) => {
  await page.goto(`${stage.pageOrigin}/call-test/`);
  await page.waitForFunction(() => typeof window.connect === 'function');
  await page.evaluate((options) => window.connect(options), { baseUrl: stage.harness.baseUrl, apiKey: stage.harness.apiKey, userId, token: stage.harness.userToken(userId) });
};

test('a rings b, b accepts, and both are in the call seeing each other', async ({ browser }) => {
  const callId = `ring-${Date.now()}`;
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  await connect(a, 'carol');
  await connect(b, 'dave');

  const accepting = b.evaluate(() => window.acceptIncomingCall());
  await a.evaluate((id) => window.ringCall(id, ['carol', 'dave']), callId);
  expect(await accepting).toBe(`default:${callId}`);

  await expect.poll(() => a.evaluate(() => window.callingState())).toBe('joined');
  await expect.poll(() => playingWidth(a, 'video-dave')).toBeGreaterThan(0);
  await expect.poll(() => playingWidth(b, 'video-carol')).toBeGreaterThan(0);
  expect(stage.harness.webhooks.filter((w) => w.call_cid === `default:${callId}`).map((w) => w.type)).toEqual(expect.arrayContaining(['call.created', 'call.ring', 'call.accepted']));

  await a.evaluate(() => window.callHandle!.endCall());
  // B leaves the ended call (the SDK may then recycle the call object to idle at once, so read its history).
  await expect.poll(() => b.evaluate(() => window.callingStates())).toEqual(expect.arrayContaining(['joined', 'left']));
  expect(await b.evaluate(() => window.callingState())).not.toBe('joined');
});

test('three participants each see the two others', async ({ browser }) => {
  const callId = `three-${Date.now()}`;
  const names = ['erin', 'frank', 'heidi'];
  const pages = await Promise.all(names.map(async () => (await browser.newContext()).newPage()));
  for (const [index, page] of pages.entries()) await stage.join(page, names[index]!, callId);
  for (const [index, page] of pages.entries()) {
    for (const other of names.filter((name) => name !== names[index])) {
      await expect.poll(() => playingWidth(page, `video-${other}`)).toBeGreaterThan(0);
    }
  }
});

test('Stream’s React components show each participant the other’s video', async ({ browser }) => {
  const callId = `react-${Date.now()}`;
  const pages = await Promise.all(['ivan', 'judy'].map(async () => (await browser.newContext()).newPage()));
  for (const [index, page] of pages.entries()) {
    await page.goto(`${stage.pageOrigin}/call-test/react`);
    await page.waitForFunction(() => typeof window.joinWithReact === 'function');
    await page.evaluate((options) => window.joinWithReact(options), { baseUrl: stage.harness.baseUrl, apiKey: stage.harness.apiKey, userId: ['ivan', 'judy'][index]!, token: stage.harness.userToken(['ivan', 'judy'][index]!), callId });
  }
  for (const page of pages) {
    await expect(page.locator('.str-video__participant-view')).toHaveCount(2);
    // Every video the grid shows (one's own camera and the other's) plays.
    await expect
      .poll(() => page.locator('video.str-video__video').evaluateAll((videos) => videos.map((v) => (v as HTMLVideoElement).videoWidth > 0)))
      .toEqual([true, true]);
  }
});

test('a host mutes a participant (their microphone turns off), pins them for everyone, and blocks them (they leave and cannot rejoin)', async ({ browser }) => {
  const callId = `moderation-${Date.now()}`;
  const host = await (await browser.newContext()).newPage();
  const guest = await (await browser.newContext()).newPage();
  await stage.join(host, 'olga', callId);
  await stage.join(guest, 'pavel', callId);
  await expect.poll(async () => (await remote(host, 'pavel'))?.publishedTracks).toContain(1);
  await expect.poll(() => guest.evaluate(() => window.callHandle!.microphone.state.status)).toBe('enabled');

  await host.evaluate(() => window.callHandle!.muteUser('pavel', 'audio'));
  await expect.poll(() => guest.evaluate(() => window.callHandle!.microphone.state.status)).toBe('disabled');
  await expect.poll(async () => (await remote(host, 'pavel'))?.publishedTracks).not.toContain(1);

  const guestSession = await host.evaluate(() => window.callHandle!.state.participants.find((p) => p.userId === 'pavel')!.sessionId);
  await host.evaluate((sessionId) => window.callHandle!.pinForEveryone({ user_id: 'pavel', session_id: sessionId }), guestSession);
  for (const page of [host, guest]) {
    await expect.poll(() => page.evaluate((sessionId) => window.callHandle!.state.participants.find((p) => p.sessionId === sessionId)?.pin?.isLocalPin, guestSession)).toBe(false);
  }

  await host.evaluate(() => window.callHandle!.blockUser('pavel'));
  await expect.poll(() => guest.evaluate(() => window.callingStates())).toContain('left');
  await expect.poll(() => remote(host, 'pavel')).toBeUndefined();
  const rejoin = await fetch(`${stage.harness.baseUrl}/video/call/default/${callId}/join?api_key=${stage.harness.apiKey}`, {
    method: 'POST',
    headers: { authorization: stage.harness.userToken('pavel'), 'stream-auth-type': 'jwt', 'content-type': 'application/json' },
    body: JSON.stringify({ location: 'LCL' }),
  });
  expect(rejoin.status).toBe(403);
  expect(await rejoin.json()).toMatchObject({ code: 17, message: expect.stringMatching(/blocked/) });
});
