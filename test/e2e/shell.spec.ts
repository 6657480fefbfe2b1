/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The functions passed to page.evaluate run in the browser, hence the DOM types.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { RuntimeConfig } from '@mentoring/shared';
import { messages } from '@mentoring/shared/messages';
import { createTestUser } from '../support/auth';
import { onboardAsMentee } from '../support/onboarding';
import { axe, wcagAndBestPractice } from './axe';
import { signInThroughForm } from './pairs';
import { headlessShellExecutable, withFakeMedia } from './playwright.config';
import { STREAM_CONNECT_TIMEOUT_MS } from '@mentoring/shared/stream-connection';
import { outlastConnectRetries, screenshot, widths } from './support';

// Chromium's fake camera and microphone, with the prompts answered yes, for the call lobby.
test.use({ launchOptions: withFakeMedia(headlessShellExecutable) });

/** Every signed-in page, with the h1 it shows once it has settled. */
const memberPages = [
  { path: '/home', name: 'home', heading: /^Welcome back, / },
  { path: '/messages', name: 'messages', heading: 'Messages' },
  { path: '/calls', name: 'calls', heading: 'Calls' },
  { path: '/sessions', name: 'sessions', heading: 'Sessions' },
  { path: '/calls/past', name: 'past-calls', heading: 'Past calls' },
  { path: '/account', name: 'account', heading: 'Your account' },
  { path: '/calls/default/e2e-shell', name: 'call-lobby', heading: 'Video call' },
];

/** A mentee's sections as the header lists them. */
const sections = [
  { label: 'Home', path: '/home', heading: /^Welcome back, / },
  { label: 'Mentors', path: '/mentors', heading: 'Find a mentor' },
  { label: 'Mentorships', path: '/mentorships', heading: 'Mentorships' },
  { label: 'Sessions', path: '/sessions', heading: 'Sessions' },
  { label: 'Messages', path: '/messages', heading: 'Messages' },
  { label: 'Calls', path: '/calls', heading: 'Calls' },
  { label: 'Profile', path: '/profile', heading: 'Your profile' },
  { label: 'Account', path: '/account', heading: 'Your account' },
];

const expectNoAxeViolations = async (page: Page) => {
  // Stream's own chat and call widgets are theirs to fix; our pages around them (the channel list is ours) are checked.
  const results = await axe(page, { tags: wcagAndBestPractice, exclude: '.str-chat__channel, .str-video__video-preview-container' });
  expect(results.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((node) => node.target.join(' ')) }))).toEqual([]);
};

const expectNoSidewaysScroll = async (page: Page) => {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(innerWidth);
};

/** A new mentee who has onboarded, signed in through the form, landing on `next`. */
const signIn = async (page: Page, next = '/home') => {
  const { cognito } = (await (await page.request.get('/config.json')).json()) as RuntimeConfig;
  const user = await createTestUser({ url: process.env.E2E_BASE_URL!, cognito: cognito! }, { name: 'Ada Lovelace' });
  await onboardAsMentee(process.env.E2E_BASE_URL!, user.idToken);
  await signInThroughForm(page, user, next);
  await expect(page).toHaveURL(new RegExp(`${next}$`));
  return user;
};

/** The page has settled: its h1 shows and no loading indicator is left. */
const settled = async (page: Page, heading: string | RegExp) => {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('[data-state="loading"]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
};

for (const [label, viewport] of Object.entries(widths)) {
  test.describe(`signed in at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('every signed-in page: one h1, axe finds nothing, no sideways scroll, the first Tab reaches the skip link', async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page);
      for (const { path, name, heading } of memberPages) {
        // A full page load: focus stays at the top of the document, so the first Tab is the skip link.
        await page.goto(path);
        await settled(page, heading);
        // Messages shows its conversation list (here empty, saying so) at every width.
        if (name === 'messages') await expect(page.getByRole('heading', { name: 'No conversations yet' })).toBeVisible();
        await expect(page.getByRole('main')).not.toBeFocused();
        await expect(page.getByRole('button', { name: messages.feedback.tab })).toBeVisible();
        await expect(page.getByRole('banner').getByRole('link', { name: 'About us' })).toHaveCount(0);
        await screenshot(page, `member-${name}-${viewport.width}`);
        await expectNoSidewaysScroll(page);
        await expectNoAxeViolations(page);
        await page.keyboard.press('Tab');
        await expect(page.getByRole('link', { name: 'Skip to content' }), `${path}: first Tab`).toBeFocused();
      }
    });

    test('every section is reachable by keyboard, and in-app navigation moves focus to the content', async ({ page }) => {
      test.setTimeout(90_000);
      await signIn(page);
      for (const section of sections) {
        // Start from another section's page, so following the link is a navigation.
        const start = section.path === '/home' ? sections[1]! : sections[0]!;
        await page.goto(start.path);
        await settled(page, start.heading);
        if (label === 'phone') {
          // On a phone the sections are behind the Menu button, which the keyboard reaches from the top.
          for (let presses = 0; presses < 6 && !(await page.getByRole('button', { name: 'Menu' }).evaluate((element) => element === document.activeElement)); presses += 1) {
            await page.keyboard.press('Tab');
          }
          await page.keyboard.press('Enter');
        }
        const link = page.getByRole('navigation', { name: 'Your sections' }).getByRole('link', { name: section.label, exact: true });
        for (let presses = 0; presses < 20 && !(await link.evaluate((element) => element === document.activeElement)); presses += 1) {
          await page.keyboard.press('Tab');
        }
        await expect(link, `${section.label} by keyboard`).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(new RegExp(`${section.path}$`));
        await settled(page, section.heading);
        await expect(page.getByRole('main')).toBeFocused();
        await expect(page.getByRole('navigation', { name: 'Your sections', includeHidden: true }).getByRole('link', { name: section.label, exact: true, includeHidden: true })).toHaveAttribute('aria-current', 'page');
      }
    });

    if (label === 'phone') {
      test('on a phone every section is in the Menu, and the open Menu passes axe without sideways scroll', async ({ page }) => {
        test.setTimeout(90_000);
        await signIn(page);
        const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
        const nav = page.getByRole('navigation', { name: 'Your sections' });
        await expect(nav).toBeHidden();
        await menu.click();
        for (const { label: name } of sections) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
        await expectNoSidewaysScroll(page);
        await expectNoAxeViolations(page);
        await screenshot(page, `member-menu-${viewport.width}`, { fullPage: false });
        await page.keyboard.press('Escape');
        await expect(nav).toBeHidden();
        for (const section of sections) {
          await menu.click();
          await nav.getByRole('link', { name: section.label, exact: true }).click();
          await expect(page).toHaveURL(new RegExp(`${section.path}$`));
          await settled(page, section.heading);
          await expect(nav).toBeHidden();
        }
      });
    } else {
      test('the account menu opens from the header, passes axe, and signs out', async ({ page }) => {
        const user = await signIn(page);
        const button = page.getByRole('button', { name: 'Ada Lovelace' });
        await button.click();
        await expect(page.getByRole('banner').getByText(user.email)).toBeVisible();
        await expectNoAxeViolations(page);
        await screenshot(page, `member-account-menu-${viewport.width}`, { fullPage: false });
        await page.keyboard.press('Escape');
        await expect(button).toBeFocused();
        await button.click();
        await page.getByRole('button', { name: 'Sign out' }).click();
        await expect(page).toHaveURL(/\/$/);
        await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
      });
    }
  });
}

test('a Stream connection that opens but never answers is tried again by itself, saying so, and ends in an error about chat, with a retry', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(widths.phone);
  // The stand-in's chat socket (`/connect`, beside its video API under `/video`) opens and never answers. Only the
  // socket is scripted: `page.route` would turn off the HTTP cache for the whole page.
  let sockets = 0;
  await page.routeWebSocket(/^wss?:\/\/[^/]+\/connect(\?|$)/, () => {
    sockets += 1;
  });
  await signIn(page);
  await page.clock.install();
  await page.goto('/messages');
  await expect(page.getByRole('status').filter({ hasText: 'Connecting to chat…' })).toBeVisible();
  // Each attempt goes twenty seconds without an answer from Stream; the page tries again, and says so, until its retries run out.
  await outlastConnectRetries(page, () => sockets, STREAM_CONNECT_TIMEOUT_MS);
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toContainText('Chat is not answering');
  await expect(alert).not.toContainText(/video|check your connection/i);
  await expectNoAxeViolations(page);
  await screenshot(page, 'member-messages-stalled-375');
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Connecting to chat…' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
});

test('the account page changes the name and the password (cognito-local does both)', async ({ page }) => {
  await page.setViewportSize(widths.phone);
  const user = await signIn(page, '/account');
  await expect(page.getByRole('region', { name: 'Sign-in' }).getByText(user.email, { exact: true })).toBeVisible();
  const nameCard = page.getByRole('region', { name: 'Your name' });
  await nameCard.getByLabel('Name').fill('Ada King');
  await nameCard.getByRole('button', { name: 'Save name' }).click();
  await expect(nameCard.getByRole('status')).toHaveText('Your name has been saved.');
  await expect(page.getByTestId('header-user-name')).toHaveText('Ada King');

  const passwordCard = page.getByRole('region', { name: 'Password' });
  await passwordCard.getByLabel('Current password').fill('Wrong-pass1');
  await passwordCard.getByLabel('New password').fill('Brand-new-pass2');
  await passwordCard.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordCard.getByRole('alert')).toHaveText('Your current password is not right. Check it and try again.');
  await passwordCard.getByLabel('Current password').fill(user.password);
  await passwordCard.getByLabel('New password').fill('Brand-new-pass2');
  await passwordCard.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordCard.getByRole('status')).toHaveText('Your password has been changed.');
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'member-account-changed-375');

  // The new password is the one that signs in now.
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.goto('/login?next=%2Faccount');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill('Brand-new-pass2');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('header-user-name')).toHaveText('Ada King');
});

/** Whether any text or control of the page lies under the fixed Feedback tab, at any scroll position. */
const contentUnderTab = (page: Page) =>
  page.evaluate(() => {
    const tab = [...document.querySelectorAll('button')].find((button) => button.textContent === 'Feedback')!;
    const left = tab.getBoundingClientRect().left;
    const covered: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || tab.contains(node)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 0 && rect.right > left + 0.5) covered.push(node.textContent.trim().slice(0, 40));
    }
    for (const control of document.querySelectorAll('a, button, input, select, textarea, video, img')) {
      if (control === tab || control.closest('dialog')) continue;
      const rect = control.getBoundingClientRect();
      if (rect.width > 0 && rect.right > left + 0.5) covered.push(`<${control.tagName.toLowerCase()}> ${control.textContent?.trim().slice(0, 30) ?? ''}`);
    }
    return covered;
  });

test('at 375px the Feedback tab covers no content, on public and signed-in pages', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize(widths.phone);
  for (const path of ['/', '/about', '/login']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await contentUnderTab(page), path).toEqual([]);
  }
  await signIn(page, '/account');
  await expect(page.getByTestId('api-identity')).toContainText('You are signed in as');
  expect(await contentUnderTab(page), '/account').toEqual([]);
  await expect(page.getByRole('button', { name: messages.feedback.tab })).toBeVisible();
});

test('the guest page has its heading, the guest name and the camera check in the public container', async ({ page }) => {
  await page.setViewportSize(widths.phone);
  await page.route('**/api/chat/getOrCreateToken?**', (route) => route.abort('connectionrefused'));
  // With an invitation in the link, as a member's guest link has it (the token endpoint is scripted above).
  await page.goto('/join/default/e2e-guest#invitation=e2e-invitation');
  await expect(page.getByRole('heading', { level: 1, name: 'Join a call' })).toBeVisible();
  // Without its token the guest connection fails: said in words, with a retry, inside the container.
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toContainText('Calls are not answering');
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
  const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
  expect(heading!.x).toBeGreaterThanOrEqual(16);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await screenshot(page, 'guest-join-error-375');
});
