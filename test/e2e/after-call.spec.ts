/// <reference lib="dom" />
// The functions passed to page.evaluate run in the browser, hence the DOM types.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axe, wcag } from './axe';
import { makePair, signedInPage } from './pairs';
import { chromiumExecutable, withFakeMedia } from './playwright.config';
import { screenshot, widths } from './support';

/*
 * Around a one-to-one call, as members meet it: the call fills the window with its controls always in view (a phone
 * full screen, the self view small in a corner), the one left behind is told the other left and may wait or go, and
 * whatever ended the call, the app goes on at once: the mentorship's page connects its chat and lists the call.
 */

// Calls between browsers run in the browser itself, not the headless shell (see headlessShellExecutable).
test.use({ launchOptions: withFakeMedia(chromiumExecutable) });

/** A window a laptop shows a browser in: the controls of a call must fit in it with the stage. */
const laptop = { width: 1280, height: 900 };

const ringAndAccept = async (caller: Page, callee: Page) => {
  await expect(callee.getByRole('button', { name: 'Call Grace Hopper' })).toBeEnabled({ timeout: 30_000 });
  await caller.getByRole('button', { name: 'Call Ada Lovelace' }).click({ timeout: 30_000 });
  const incoming = callee.getByRole('alertdialog', { name: 'Grace Hopper is calling you' });
  await expect(incoming).toBeVisible({ timeout: 30_000 });
  await incoming.getByRole('button', { name: 'Accept' }).click();
  for (const page of [caller, callee]) await expect(page.getByRole('button', { name: 'Leave call' })).toBeVisible({ timeout: 30_000 });
};

/** Whether the page scrolls, and whether the whole of that control is inside the window. */
const layoutOf = (page: Page, control: string) =>
  page.getByRole('button', { name: control }).evaluate((button) => {
    const box = button.getBoundingClientRect();
    return {
      scrolls: document.scrollingElement!.scrollHeight > window.innerHeight + 1,
      controlInView: box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0 && box.right <= window.innerWidth,
    };
  });

const expectCallFitsTheWindow = async (page: Page) => {
  await expect.poll(() => layoutOf(page, 'Leave call')).toEqual({ scrolls: false, controlInView: true });
  for (const control of ['Microphone on', 'Camera on']) await expect.poll(() => layoutOf(page, control).then(({ controlInView }) => controlInView)).toBe(true);
};

/** The mentorship page as the member reaches it from the call: its chat connected and the call listed, within seconds. */
const expectMentorshipPageBack = async (page: Page) => {
  await page.getByRole('link', { name: /Back to the mentorship/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Grace Hopper/ })).toBeVisible({ timeout: 5_000 });
  await expect(page.getByRole('region', { name: 'Chat' }).getByRole('textbox')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('region', { name: 'Calls and recordings' }).getByRole('heading', { level: 3 })).not.toHaveCount(0, { timeout: 10_000 });
};

test('at 1280 px: the call fits the window; when the mentee leaves, the mentor is told and may wait or leave; the mentee’s mentorship page comes back at once', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { grace, ada, mentorshipId } = await makePair(request);
  const gracePage = await signedInPage(browser, grace, `/mentorships/${mentorshipId}`, { viewport: laptop });
  const adaPage = await signedInPage(browser, ada, `/mentorships/${mentorshipId}`, { viewport: laptop });
  await ringAndAccept(gracePage, adaPage);

  await expectCallFitsTheWindow(adaPage);
  // Tile actions show on hover and focus only, and are named for screen readers all the time.
  const pin = adaPage.getByRole('button', { name: 'Pin Grace Hopper' });
  const opacity = () => pin.evaluate((button) => getComputedStyle(button.parentElement!).opacity);
  await adaPage.mouse.move(0, 0);
  await expect.poll(opacity).toBe('0');
  await pin.focus();
  await expect.poll(opacity).toBe('1');
  await screenshot(adaPage, 'call-1280x900', { fullPage: false });
  const results = await axe(adaPage, { tags: wcag });
  expect(results.violations.map(({ id, nodes }) => ({ id, nodes: nodes.map((node) => node.html.slice(0, 160)) }))).toEqual([]);

  await adaPage.getByRole('button', { name: 'Leave call' }).click();
  const alone = gracePage.getByRole('status').filter({ hasText: 'Ada Lovelace left the call' });
  await expect(alone).toBeVisible({ timeout: 15_000 });
  await expect(alone.getByRole('button', { name: 'Wait' })).toBeVisible();
  await screenshot(gracePage, 'call-partner-left-1280', { fullPage: false });
  await alone.getByRole('button', { name: 'Wait' }).click();
  await expect(alone).toBeHidden();
  await expect(gracePage.getByRole('button', { name: 'Leave call' })).toBeVisible();

  await expectMentorshipPageBack(adaPage);
  await screenshot(adaPage, 'mentorship-after-call-1280');
});

test('at 375 px: the call is full screen with the controls at the bottom and the self view in a corner; after the mentor ends it for everyone, the mentee’s mentorship page comes back at once', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { grace, ada, mentorshipId } = await makePair(request);
  const gracePage = await signedInPage(browser, grace, `/mentorships/${mentorshipId}`, { viewport: laptop });
  const adaPage = await signedInPage(browser, ada, `/mentorships/${mentorshipId}`, { viewport: widths.phone });
  await ringAndAccept(gracePage, adaPage);

  await expectCallFitsTheWindow(adaPage);
  // Full screen: the site's header steps aside, the call's one-line title at the top, its controls at the bottom.
  await expect(adaPage.getByRole('banner')).toBeHidden();
  const title = await adaPage.getByRole('heading', { level: 1, name: 'Call with Grace Hopper' }).boundingBox();
  expect(title?.y).toBeLessThan(60);
  const controls = await adaPage.getByRole('toolbar', { name: 'Call controls' }).boundingBox();
  expect((controls?.y ?? 0) + (controls?.height ?? 0)).toBeGreaterThan(widths.phone.height - 40);
  // The member's own camera is small, in a corner.
  const self = await adaPage.locator('.str-video__participant-view').filter({ hasText: 'Ada Lovelace' }).boundingBox();
  expect(self?.width).toBeLessThanOrEqual(widths.phone.width / 2);
  await screenshot(adaPage, 'call-375', { fullPage: false });
  const results = await axe(adaPage, { tags: wcag });
  expect(results.violations.map(({ id, nodes }) => ({ id, nodes: nodes.map((node) => node.html.slice(0, 160)) }))).toEqual([]);

  await gracePage.getByRole('button', { name: 'End call for everyone' }).click();
  await expect(adaPage.getByText('The call has ended.')).toBeVisible({ timeout: 30_000 });
  await expectMentorshipPageBack(adaPage);
  await screenshot(adaPage, 'mentorship-after-call-375');
});
