/// <reference lib="dom" />
// The functions passed to page.evaluate run in the browser, hence the DOM types.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axe, wcag } from './axe';
import { makePair, signedInPage } from './pairs';
import { memberChat, pairChannel } from './stand-in-chat';
import { chromiumExecutable, withFakeMedia } from './playwright.config';
import { screenshot, widths } from './support';

/*
 * A call between the two members of a mentorship, each in their own browser with Chromium's fake camera,
 * microphone and screen, on the stage's Stream stand-in (its coordinator and SFU), with the real video SDK and
 * nothing routed: the mentor rings from the mentorship page, the mentee accepts, each sees and hears the other,
 * the mentor shares the screen and turns the camera off, then ends the call; the mentee is told it ended.
 */

// Calls between browsers run in the browser itself, not the headless shell (see headlessShellExecutable).
test.use({ launchOptions: withFakeMedia(chromiumExecutable, '--auto-select-desktop-capture-source=Entire screen') });

/** The widest playing video of that user on the page (the SDK marks each with data-user-id), by kind. */
const playingVideoWidth = (page: Page, userId: string, kind: 'camera' | 'screen') =>
  page.evaluate(
    ({ id, screen }) =>
      Math.max(
        0,
        ...[...document.querySelectorAll<HTMLVideoElement>(`video[data-user-id="${id}"]`)]
          .filter((video) => video.classList.contains('str-video__video--screen-share') === screen && !video.classList.contains('str-video__video--not-playing'))
          .map((video) => video.videoWidth),
      ),
    { id: userId, screen: kind === 'screen' },
  );

/** The other member's audio as the page plays it: a live, unmuted, enabled track. */
const remoteAudio = (page: Page, userId: string) =>
  page.evaluate((id) => {
    const audio = document.querySelector<HTMLAudioElement>(`audio[data-user-id="${id}"]`);
    const track = (audio?.srcObject as MediaStream | null)?.getAudioTracks()[0];
    return track ? { readyState: track.readyState, muted: track.muted, enabled: track.enabled } : null;
  }, userId);

test('the mentor rings from the mentorship page; both see and hear each other; a screen is shared; the camera goes off; the call ends for both', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const { grace, ada, mentorshipId } = await makePair(request);
  const gracePage = await signedInPage(browser, grace, `/mentorships/${mentorshipId}`, { viewport: widths.desktop });
  const adaPage = await signedInPage(browser, ada, `/mentorships/${mentorshipId}`, { viewport: widths.desktop });

  // A ring reaches the members connected at that moment (Stream pushes to phones; the stand-in has no push), so
  // the mentor calls once the mentee's page is connected, which its own call button shows.
  await expect(adaPage.getByRole('button', { name: 'Call Grace Hopper' })).toBeEnabled({ timeout: 30_000 });
  await gracePage.getByRole('button', { name: 'Call Ada Lovelace' }).click({ timeout: 30_000 });
  const incoming = adaPage.getByRole('alertdialog', { name: 'Grace Hopper is calling you' });
  await expect(incoming).toBeVisible({ timeout: 30_000 });
  await incoming.getByRole('button', { name: 'Accept' }).click();

  // Both follow the call to its page, which names it.
  for (const [page, other] of [[gracePage, 'Ada Lovelace'], [adaPage, 'Grace Hopper']] as const) {
    await expect(page).toHaveURL(new RegExp(`/calls/default/m-${mentorshipId}-`), { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: `Call with ${other}` })).toBeVisible();
  }

  // Each sees the other's camera playing and plays the other's microphone.
  await expect.poll(() => playingVideoWidth(adaPage, grace.sub, 'camera'), { timeout: 60_000 }).toBeGreaterThan(0);
  await expect.poll(() => playingVideoWidth(gracePage, ada.sub, 'camera'), { timeout: 60_000 }).toBeGreaterThan(0);
  await expect.poll(() => remoteAudio(adaPage, grace.sub), { timeout: 30_000 }).toEqual({ readyState: 'live', muted: false, enabled: true });
  await expect.poll(() => remoteAudio(gracePage, ada.sub), { timeout: 30_000 }).toEqual({ readyState: 'live', muted: false, enabled: true });
  await screenshot(adaPage, 'call-in-progress-1280', { fullPage: false });

  // The in-call view passes axe, Stream's components included, at both widths.
  for (const [label, viewport] of Object.entries(widths)) {
    await adaPage.setViewportSize(viewport);
    const results = await axe(adaPage, { tags: wcag });
    expect(results.violations.map(({ id, nodes }) => ({ id, nodes: nodes.map((node) => node.html.slice(0, 160)) })), `in-call view at ${label}`).toEqual([]);
  }
  await adaPage.setViewportSize(widths.desktop);

  // The mentor shares the screen: the mentee sees it.
  await gracePage.getByRole('button', { name: 'Share screen' }).click();
  await expect.poll(() => playingVideoWidth(adaPage, grace.sub, 'screen'), { timeout: 60_000 }).toBeGreaterThan(0);
  await gracePage.getByRole('button', { name: 'Stop sharing' }).click();
  await expect.poll(() => playingVideoWidth(adaPage, grace.sub, 'screen'), { timeout: 30_000 }).toBe(0);

  // The mentor turns the camera off: the mentee's view of her shows no video.
  await gracePage.getByRole('button', { name: 'Camera on' }).click();
  await expect.poll(() => playingVideoWidth(adaPage, grace.sub, 'camera'), { timeout: 30_000 }).toBe(0);
  await expect(adaPage.locator(`.str-video__participant-view--no-video`).first()).toBeVisible();

  // The mentor ends the call for both: the mentee is told it ended.
  await gracePage.getByRole('button', { name: 'End call for everyone' }).click();
  await expect(adaPage.getByText('The call has ended.')).toBeVisible({ timeout: 30_000 });
  await expect(gracePage.getByRole('heading', { name: 'How was your call?' })).toBeVisible();
});

test('on /messages the channel list comes first and the video SDK after chat has connected; a ring still reaches the member there; an unanswered ring ends as missed on both sides', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { grace, ada, mentorshipId } = await makePair(request);
  const probe = await memberChat(request, grace);
  await pairChannel(probe, mentorshipId);
  await probe.disconnectUser();

  // What Ada's page asks for, in order: scripts, and the moment a socket (chat's, the first) opens.
  const loaded: string[] = [];
  const adaPage = await signedInPage(browser, ada, '/messages', { viewport: widths.desktop }, async (page) => {
    page.on('request', (request) => {
      if (request.resourceType() === 'script') loaded.push(new URL(request.url()).pathname);
    });
    page.on('websocket', () => loaded.push('websocket'));
  });
  const gracePage = await signedInPage(browser, grace, `/mentorships/${mentorshipId}`, { viewport: widths.desktop });
  await expect(adaPage.getByRole('complementary', { name: 'Conversations' }).getByRole('option')).toHaveCount(1, { timeout: 20_000 });

  // The ringing UI (and the video SDK with it) loads once video has connected, which /messages holds until chat has.
  const ringing = (path: string) => /\/CallNotifications-[^/]*\.js$/.test(path);
  await expect.poll(() => loaded.some(ringing), { timeout: 30_000 }).toBe(true);
  const messagesPage = loaded.findIndex((path) => /\/MessagesPage-[^/]*\.js$/.test(path));
  expect(messagesPage).toBeGreaterThanOrEqual(0);
  expect(loaded.findIndex(ringing)).toBeGreaterThan(messagesPage);
  expect(loaded.indexOf('websocket')).toBeGreaterThanOrEqual(0);
  expect(loaded.findIndex(ringing)).toBeGreaterThan(loaded.indexOf('websocket'));

  await gracePage.getByRole('button', { name: 'Call Ada Lovelace' }).click({ timeout: 30_000 });
  const incoming = adaPage.getByRole('alertdialog', { name: 'Grace Hopper is calling you' });
  await expect(incoming).toBeVisible({ timeout: 30_000 });
  await incoming.getByRole('button', { name: 'Decline' }).click();
  await expect(incoming).toBeHidden();

  // Rung again, nobody answers: when the ring ends (the default type's 15 s), both are told, and Ada finds it in
  // her notifications list (from Stream's call.missed webhook), with a way to call back.
  await gracePage.getByRole('button', { name: 'Call Ada Lovelace' }).click({ timeout: 30_000 });
  await expect(incoming).toBeVisible({ timeout: 30_000 });
  const missed = adaPage.getByRole('status', { name: 'You missed a call from Grace Hopper' });
  await expect(missed).toBeVisible({ timeout: 45_000 });
  await expect(incoming).toBeHidden();
  await expect(gracePage.getByRole('status', { name: 'Ada Lovelace did not answer your call' })).toBeVisible({ timeout: 30_000 });
  await screenshot(adaPage, 'missed-call-1280', { fullPage: false });
  await adaPage.setViewportSize(widths.phone);
  await screenshot(adaPage, 'missed-call-375', { fullPage: false });
  const results = await axe(adaPage, { tags: wcag });
  expect(results.violations.map(({ id, nodes }) => ({ id, nodes: nodes.map((node) => node.html.slice(0, 160)) })), 'the missed-call notice').toEqual([]);
  await adaPage.setViewportSize(widths.desktop);

  // Calling back rings Grace.
  await missed.getByRole('button', { name: 'Call Grace Hopper back' }).click({ timeout: 30_000 });
  const callBack = gracePage.getByRole('alertdialog', { name: 'Ada Lovelace is calling you' });
  await expect(callBack).toBeVisible({ timeout: 30_000 });
  await callBack.getByRole('button', { name: 'Decline' }).click();
  await expect(missed).toBeHidden();

  await expect(async () => {
    await adaPage.goto('/notifications');
    await expect(adaPage.getByRole('link', { name: 'You missed a call from Grace Hopper' })).toHaveAttribute('href', `/mentorships/${mentorshipId}`, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
});
