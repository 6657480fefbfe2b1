import { expect, test } from './fixtures';
import { axeAtBothWidths } from './axe';
import { call, makePair, signedInPage } from './pairs';
import { chromiumExecutable, withFakeMedia } from './playwright.config';
import { screenshot, widths } from './support';

/*
 * A public workshop, watched by a visitor who is not a member: a coordinator makes Grace's workshop public on the
 * Group sessions page; Grace goes live from backstage (the broadcast starts with it); a browser that never signed in
 * opens the workshop's public page and its video plays on (HLS through hls.js), with no chat and no way on stage.
 */

// Calls between browsers run in the browser itself, not the headless shell (see headlessShellExecutable).
test.use({ launchOptions: withFakeMedia(chromiumExecutable) });

test('a visitor watches a public workshop’s broadcast without signing in', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const { grace, coordinator } = await makePair(request);
  const programme = await call(request, coordinator, 'GET', '/api/programme');
  // Backstage opens 10 minutes before the start: a start a few minutes ahead, on the form's 5-minute steps.
  const startsAt = new Date(Math.ceil((Date.now() + 2 * 60_000) / 300_000) * 300_000).toISOString();
  const workshop = await call(request, grace, 'POST', '/api/group-sessions', {
    kind: 'workshop', title: 'Compilers, broadcast', description: 'A walk through a small compiler.', topics: [(programme.topics as string[])[0]],
    startsAt, durationMinutes: 60, capacity: 10, audience: 'all', coHostIds: [], speakerIds: [],
  });
  const id = workshop.id as string;

  // The coordinator makes it public from its card.
  const coordinatorPage = await signedInPage(browser, coordinator, '/group-sessions');
  const card = coordinatorPage.getByRole('listitem').filter({ has: coordinatorPage.getByRole('link', { name: 'Compilers, broadcast' }) });
  await card.getByRole('checkbox', { name: 'Public: visitors watch its broadcast' }).check();
  await expect(card.getByRole('link', { name: 'Public page' })).toHaveAttribute('href', `/watch/${id}`);

  // A visitor (never signed in) waits on the public page until the host goes live.
  const visitor = await (await browser.newContext({ viewport: widths.desktop })).newPage();
  await visitor.goto(`/watch/${id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Compilers, broadcast' })).toBeVisible();
  await expect(visitor.getByText('Hosted by Grace Hopper')).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Not on air yet' })).toBeVisible();

  const gracePage = await signedInPage(browser, grace, `/group-sessions/${id}`);
  await gracePage.getByRole('button', { name: 'Join backstage' }).click();
  await gracePage.getByRole('button', { name: 'Join call' }).click();
  await gracePage.getByRole('button', { name: 'Go live' }).click({ timeout: 30_000 });
  await expect(gracePage.getByRole('button', { name: 'Stop live' })).toBeVisible({ timeout: 30_000 });

  // The broadcast plays: the video's clock moves on, and keeps moving.
  // Exactly: getByText matches a substring in any case, and "Not on air yet" holds "on air".
  await expect(visitor.getByText('On air', { exact: true })).toBeVisible({ timeout: 60_000 });
  const video = visitor.locator('video');
  await expect(video).toHaveAccessibleName('Broadcast of “Compilers, broadcast”');
  const currentTime = () => video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect.poll(currentTime, { timeout: 60_000 }).toBeGreaterThan(1);
  const earlier = await currentTime();
  await expect.poll(currentTime, { timeout: 30_000 }).toBeGreaterThan(earlier + 1);
  // A visitor only watches: nothing to chat in, no hand to raise, no call to join.
  await expect(visitor.getByRole('textbox')).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: /join|raise|chat|message/i })).toHaveCount(0);
  await axeAtBothWidths(visitor, 'public-workshop-on-air');
  await screenshot(gracePage, 'public-workshop-host-live-desktop');
});
