import { expect, test } from '@playwright/test';

test('the public home page loads no chat code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || request.resourceType() === 'stylesheet') scripts.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => /MessagesPage|stream/i.test(url))).toEqual([]);
});

test('/messages sends a signed-out visitor to sign in with the way back', async ({ page }) => {
  await page.goto('/messages');
  await expect(page).toHaveURL(/\/login\?next=%2Fmessages$/);
});
