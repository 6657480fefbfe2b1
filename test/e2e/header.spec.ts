import { expect, test } from './fixtures';
import { MOBILE_BREAKPOINT_PX } from '@mentoring/shared/messages';

test(`at ${MOBILE_BREAKPOINT_PX}px the header collapses into a Menu button`, async ({ page }) => {
  await page.setViewportSize({ width: MOBILE_BREAKPOINT_PX, height: 800 });
  await page.goto('/');
  const header = page.getByRole('banner');
  const menu = header.getByRole('button', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(header.getByRole('link', { name: 'About us' })).toBeHidden();
  await expect(header.getByRole('link', { name: 'Sign up' })).toBeHidden();

  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(header.getByRole('link', { name: 'About us' })).toBeFocused();
  for (const name of ['Become a mentor', 'Volunteer', 'Partnerships', 'Donate (opens in a new tab)', 'Login', 'Sign up']) {
    await expect(header.getByRole('link', { name })).toBeVisible();
  }

  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
  await expect(header.getByRole('link', { name: 'About us' })).toBeHidden();

  await menu.click();
  await header.getByRole('link', { name: 'Volunteer' }).click();
  await expect(page).toHaveURL(/\/volunteer$/);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(header.getByRole('link', { name: 'About us' })).toBeHidden();
});

test(`at ${MOBILE_BREAKPOINT_PX + 1}px the full header shows`, async ({ page }) => {
  await page.setViewportSize({ width: MOBILE_BREAKPOINT_PX + 1, height: 800 });
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Menu' })).toBeHidden();
  for (const name of ['About us', 'Become a mentor', 'Volunteer', 'Partnerships', 'Donate (opens in a new tab)', 'Login', 'Sign up']) {
    await expect(header.getByRole('link', { name })).toBeVisible();
  }
  // Every link fits on one row, each on one line, inside the viewport.
  const box = await header.boundingBox();
  expect(box!.height).toBeLessThan(90);
  for (const name of ['About us', 'Become a mentor', 'Partnerships', 'Login']) {
    const link = await header.getByRole('link', { name }).boundingBox();
    expect(link!.height, `${name} wraps onto two lines`).toBeLessThan(40);
  }
  const signUp = await header.getByRole('link', { name: 'Sign up' }).boundingBox();
  expect(signUp!.x + signUp!.width).toBeLessThanOrEqual(MOBILE_BREAKPOINT_PX + 1);
});

test('the donation link opens the configured page in a new tab', async ({ page }) => {
  await page.goto('/');
  const donate = page.getByRole('banner').getByRole('link', { name: 'Donate (opens in a new tab)' });
  await expect(donate).toHaveAttribute('target', '_blank');
  await expect(donate).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(donate).toHaveAttribute('href', /^https:\/\//);
});
