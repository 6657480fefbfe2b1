import { expect, test } from './fixtures';

test('the SPA and the API answer on one origin', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const health = await page.request.get('/api/health');
  expect(await health.json()).toMatchObject({ status: 'ok' });
});

test('a client route deep link falls back to the SPA', async ({ page }) => {
  const response = await page.goto('/some/client/route');
  expect(response?.status()).toBe(200);
  await expect(page.locator('#root')).not.toBeEmpty();
});

test('an unknown API path stays a 404 in the documented shape, never the SPA', async ({ request }) => {
  const response = await request.get('/api/does-not-exist');
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
});
