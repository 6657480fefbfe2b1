import { expect, test } from './fixtures';
import { axe, wcagAndBestPractice } from './axe';
import { makePair, signedInPage } from './pairs';
import { screenshot, widths } from './support';

/*
 * The call page is never a dead end: whatever the call service does, it names the call (whom it is with, for a
 * mentorship's call) in its h1 and offers the way back to the mentorship. Here the call service cannot be reached
 * (the token request fails), so the page must say so in words and still lead back.
 */

test('a mentorship call page that cannot reach the call service names the call, says why, and leads back', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { ada, mentorshipId } = await makePair(request);
  const path = `/calls/default/m-${mentorshipId}-e2ecall1`;
  const page = await signedInPage(browser, ada, path, { viewport: widths.desktop }, async (page) => {
    await page.route('**/api/chat/getOrCreateToken?**', (route) => route.abort('connectionrefused'));
  });

  await expect(page.getByRole('heading', { level: 1, name: 'Call with Grace Hopper' })).toBeVisible();
  await expect(page.getByText('A call of your mentorship with Grace Hopper.')).toBeVisible();
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toContainText('Calls are not answering');
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();

  for (const [label, viewport] of Object.entries(widths)) {
    await page.setViewportSize(viewport);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'), `scrolls sideways at ${label}`).toBeLessThanOrEqual(0);
    const back = page.getByRole('link', { name: '← Back to the mentorship' });
    expect((await back.boundingBox())!.height, `the way back is a 24 px target at ${label}`).toBeGreaterThanOrEqual(24);
    const results = await axe(page, { tags: wcagAndBestPractice });
    expect(results.violations, `axe at ${label}`).toEqual([]);
    await screenshot(page, `call-page-unavailable-${label}`);
  }

  await page.getByRole('link', { name: '← Back to the mentorship' }).click();
  await expect(page).toHaveURL(new RegExp(`/mentorships/${mentorshipId}$`));
});
