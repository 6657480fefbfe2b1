import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { RuntimeConfig } from '@mentoring/shared';
import { messages } from '@mentoring/shared/messages';
import { createTestUser } from '../support/auth';
import { findStoredItems } from './db';

const openDialog = async (page: Page, path: string) => {
  await page.goto(path);
  await page.getByRole('button', { name: 'Feedback' }).click();
  const dialog = page.getByRole('dialog', { name: messages.feedback.header });
  await expect(dialog).toBeVisible();
  return dialog;
};

test('feedback from the tab is stored with its rating, text and page', async ({ page }) => {
  const dialog = await openDialog(page, '/about');
  await expect(dialog.getByText(messages.feedback.prompts.global)).toBeVisible();
  const text = `The about page is lovely ${Date.now()}`;

  // The fourth star, clicked as a person would; hovering the second previews two stars.
  await dialog.getByTestId('star-2').hover();
  await expect(dialog.locator('[data-filled="true"]')).toHaveCount(2);
  await dialog.getByTestId('star-4').click();
  await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await dialog.getByPlaceholder(messages.feedback.placeholder).fill(text);

  const [response] = await Promise.all([
    page.waitForResponse((answer) => answer.url().endsWith('/api/feedback') && answer.request().method() === 'POST'),
    dialog.getByRole('button', { name: 'Submit' }).click(),
  ]);
  expect(response.status()).toBe(201);
  await expect(page.getByRole('status')).toHaveText(messages.feedback.success);
  await expect(dialog).toBeHidden();

  const stored = await findStoredItems('feedback', (item) => Array.isArray(item.answers) && item.answers.includes(text));
  expect(stored).toEqual([expect.objectContaining({ source: '/about', rating: 4, feedbackType: 'global', answers: [text] })]);

  // Reopened, the dialog starts afresh.
  await page.getByRole('button', { name: 'Feedback' }).click();
  await expect(dialog.getByPlaceholder(messages.feedback.placeholder)).toHaveValue('');
  await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(0);
});

test('a failing API keeps the dialog open with its input and shows the error toast', async ({ page }) => {
  await page.route('**/api/feedback', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'unavailable', message: 'down' } }) }),
  );
  const dialog = await openDialog(page, '/volunteer');
  await dialog.getByTestId('star-3').click();
  await dialog.getByPlaceholder(messages.feedback.placeholder).fill('Please keep this');
  await dialog.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByRole('alert')).toHaveText(messages.feedback.failure);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByPlaceholder(messages.feedback.placeholder)).toHaveValue('Please keep this');
  await expect(dialog.getByRole('radio', { name: '3 stars' })).toBeChecked();
});

test('a network error is treated like a failing API', async ({ page }) => {
  await page.route('**/api/feedback', (route) => route.abort('failed'));
  const dialog = await openDialog(page, '/');
  await dialog.getByPlaceholder(messages.feedback.placeholder).fill('Offline thoughts');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toHaveText(messages.feedback.failure);
  await expect(dialog.getByPlaceholder(messages.feedback.placeholder)).toHaveValue('Offline thoughts');
});

test('the dialog traps focus, closes on Escape and on Cancel, and gives focus back to the tab', async ({ page }) => {
  const dialog = await openDialog(page, '/');
  const tab = page.getByRole('button', { name: 'Feedback' });
  for (let press = 0; press < 8; press += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(element.ownerDocument.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(tab).toBeFocused();

  await tab.click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(tab).toBeFocused();
});

test('the rating works from the keyboard', async ({ page }) => {
  const dialog = await openDialog(page, '/');
  await dialog.getByRole('radio', { name: '1 star' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: '3 stars' })).toBeChecked();
  await expect(dialog.locator('[data-filled="true"]')).toHaveCount(3);
});

test("a signed-in member's feedback is stored with their user id", async ({ page, request, baseURL }) => {
  const { cognito } = (await (await request.get('/config.json')).json()) as RuntimeConfig;
  const user = await createTestUser({ url: baseURL!, cognito: cognito! }, { name: 'Grace Hopper' });
  await page.goto('/login?next=%2Fabout');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

  await page.getByRole('button', { name: 'Feedback' }).click();
  const dialog = page.getByRole('dialog', { name: messages.feedback.header });
  const text = `Signed-in feedback ${Date.now()}`;
  await dialog.getByPlaceholder(messages.feedback.placeholder).fill(text);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status')).toHaveText(messages.feedback.success);

  const stored = await findStoredItems('feedback', (item) => Array.isArray(item.answers) && item.answers.includes(text));
  expect(stored).toEqual([expect.objectContaining({ userId: user.sub })]);
});
