import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { messages } from '@mentoring/shared/messages';
import { axe, wcagAndBestPractice } from './axe';
import { screenshot, widths } from './support';

const pages = [
  { path: '/', name: 'home', title: 'Bridge Mentoring' },
  { path: '/about', name: 'about', title: 'About us · Bridge Mentoring' },
  { path: '/become-a-mentor', name: 'become-a-mentor', title: 'Become a mentor · Bridge Mentoring' },
  { path: '/volunteer', name: 'volunteer', title: 'Volunteer · Bridge Mentoring' },
  { path: '/partnerships', name: 'partnerships', title: 'Partnerships · Bridge Mentoring' },
  { path: '/login', name: 'login', title: 'Login · Bridge Mentoring' },
  { path: '/signup', name: 'signup', title: 'Sign up · Bridge Mentoring' },
  { path: '/no-such-page', name: 'not-found', title: 'Page not found · Bridge Mentoring' },
];

const expectNoAxeViolations = async (page: Page) => {
  const results = await axe(page, { tags: wcagAndBestPractice });
  expect(results.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((node) => node.target.join(' ')) }))).toEqual([]);
};

for (const [label, viewport] of Object.entries(widths)) {
  test.describe(`${viewport.width}px`, () => {
    test.use({ viewport });

    for (const { path, name, title } of pages) {
      test(`${path} passes axe and has its title, header, footer and Feedback tab`, async ({ page }) => {
        // A hydration mismatch between the prerendered HTML and the app shows up as a console error.
        const errors: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page).toHaveTitle(title);
        await expect(page.getByRole('banner')).toBeVisible();
        await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
        await expect(page.getByRole('button', { name: messages.feedback.tab })).toBeVisible();
        await expectNoAxeViolations(page);
        await screenshot(page, `${name}-${viewport.width}`);
        expect(errors).toEqual([]);
      });
    }

    test('the open feedback dialog passes axe', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: messages.feedback.tab }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoAxeViolations(page);
      await screenshot(page, `feedback-dialog-${viewport.width}`, { fullPage: false });
    });

    if (label === 'phone') {
      test('the open menu passes axe', async ({ page }) => {
        await page.goto('/');
        await page.getByRole('button', { name: 'Menu' }).click();
        await expectNoAxeViolations(page);
        await screenshot(page, `menu-${viewport.width}`, { fullPage: false });
      });
    }
  });
}

test('public pages, /login and /signup arrive as prerendered HTML with their own title; other paths get the bare shell', async ({ request }) => {
  // The sign-in and sign-up forms are prerendered too (Amplify Auth itself still loads only when it is used).
  for (const { path, title } of pages.filter((entry) => entry.name !== 'not-found')) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`data-prerendered-path="${path}"`);
    expect(html).toMatch(/<h1[^>]*>/);
  }
  const unknown = await (await request.get('/no-such-page')).text();
  expect(unknown).toContain('<div id="root"></div>');
});

test('a page served from another path’s HTML renders the right page, not the prerendered one', async ({ page }) => {
  // A host that falls back to index.html (the prerendered home page) for any path must still show that path.
  await page.route('**/volunteer', async (route) => {
    const home = await route.fetch({ url: new URL('/', route.request().url()).href });
    await route.fulfill({ response: home });
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/volunteer');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help keep the programme running');
  await expect(page).toHaveTitle('Volunteer · Bridge Mentoring');
  // Hydrating the home page's HTML as /volunteer would log a hydration mismatch.
  expect(errors).toEqual([]);
});
