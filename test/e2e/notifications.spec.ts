import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axe, wcagAndBestPractice } from './axe';
import { makePair, signedInPage } from './pairs';
import { screenshot, widths } from './support';

/*
 * Issue 26, item 9: what happened to a member is kept in the app too. Grace is approved and receives Ada's
 * request (both e-mailed), so her header's bell counts two unread; the notifications page lists them, opening one
 * marks it read, and "Mark all as read" clears the count.
 */

const checkAtBothWidths = async (page: Page, name: string) => {
  for (const [label, viewport] of Object.entries(widths)) {
    await page.setViewportSize(viewport);
    // The bell stays in the bar at every width, outside the phone's Menu.
    await expect(page.getByRole('banner').getByRole('link', { name: /^Notifications/ })).toBeVisible();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'), `${name} scrolls sideways at ${label}`).toBeLessThanOrEqual(0);
    const results = await axe(page, { tags: wcagAndBestPractice });
    expect(results.violations, `${name} at ${label}`).toEqual([]);
    await screenshot(page, `${name}-${label}`);
  }
  await page.setViewportSize(widths.desktop);
};

test('the header counts unread notifications and the page lists them, marks one and then all read', async ({ browser, request }) => {
  // A pair made through the API, a sign-in and four axe scans: more than the default budget on a busy machine.
  test.setTimeout(120_000);
  const { grace, mentorshipId } = await makePair(request);
  const page = await signedInPage(browser, grace, '/home', { viewport: widths.phone });
  const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
  await expect(page.getByTestId('notifications-count')).toHaveText('2');
  await screenshot(page, 'notifications-bell-phone', { fullPage: false });

  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Notifications' });
  const request_ = list.getByRole('link', { name: 'Unread: Ada Lovelace asks you to be their mentor' });
  await expect(request_).toBeVisible();
  await expect(list.getByRole('link', { name: /^Unread: Your application to .+ was approved$/ })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await checkAtBothWidths(page, 'notifications-unread');

  // Opening one leads to where the member acts and marks it read.
  await request_.click();
  await expect(page).toHaveURL(new RegExp(`/mentorships/${mentorshipId}$`));
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');

  await bell.click();
  await expect(list.getByRole('link', { name: 'Ada Lovelace asks you to be their mentor' })).toBeVisible();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('notifications-count')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
  await expect(list.getByRole('link', { name: /^Unread:/ })).toHaveCount(0);
  await checkAtBothWidths(page, 'notifications-read');
});
