/// <reference lib="dom" />
// The functions passed to page.evaluate run in the browser, hence the DOM types.
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { makePair, signedInPage } from './pairs';
import { chromiumExecutable, withFakeMedia } from './playwright.config';
import { widths } from './support';

/*
 * Roles in a call on the stage's Stream stand-in, as members meet them: the mentor starts a livestream and is its host,
 * waits backstage and goes live while the mentee, a viewer, is told to wait and joins once it is live. Neither is
 * offered a control the stand-in does not imitate (closed captions).
 */

// Calls between browsers run in the browser itself, not the headless shell (see headlessShellExecutable).
test.use({ launchOptions: withFakeMedia(chromiumExecutable) });

test('a livestream’s host goes live from backstage while the viewer waits, then the viewer joins and sees the host', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const { grace, ada } = await makePair(request);
  // Members never pick a call type (group sessions make livestreams); the call page still opens one by its address.
  const callPath = `/calls/livestream/${randomUUID()}`;
  const gracePage = await signedInPage(browser, grace, callPath, { viewport: widths.desktop });

  // The host joins backstage at once and is offered to go live and captions; a viewer (below) is offered neither.
  await gracePage.getByRole('button', { name: 'Join call' }).click();
  await expect(gracePage.getByRole('button', { name: 'Go live' })).toBeVisible({ timeout: 30_000 });
  await expect(gracePage.getByRole('button', { name: 'Start captions' })).toBeVisible();

  // The viewer waits in the lobby until the host goes live.
  const adaPage = await signedInPage(browser, ada, callPath, { viewport: widths.desktop });
  await expect(adaPage.getByText('The host has not started this call yet.', { exact: false })).toBeVisible({ timeout: 30_000 });
  await expect(adaPage.getByRole('button', { name: 'Join call' })).toBeDisabled();
  await gracePage.getByRole('button', { name: 'Go live' }).click();
  await expect(gracePage.getByRole('button', { name: 'Stop live' })).toBeVisible({ timeout: 30_000 });
  await expect(adaPage.getByRole('button', { name: 'Join call' })).toBeEnabled({ timeout: 30_000 });

  await adaPage.getByRole('button', { name: 'Join call' }).click();
  await expect(adaPage.getByRole('button', { name: 'Leave call' })).toBeVisible({ timeout: 30_000 });
  await expect(adaPage.getByRole('button', { name: 'Go live' })).toHaveCount(0);
  await expect(adaPage.getByRole('button', { name: 'Start captions' })).toHaveCount(0);
  await expect
    .poll(() => adaPage.evaluate((id) => Math.max(0, ...[...document.querySelectorAll<HTMLVideoElement>(`video[data-user-id="${id}"]`)].map((video) => video.videoWidth)), grace.sub), { timeout: 60_000 })
    .toBeGreaterThan(0);
});
