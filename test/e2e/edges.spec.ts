import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createTestUser } from '../support/auth';
import { axe, wcagAndBestPractice } from './axe';
import { call, makePair, pairProfile, signedInPage, stage } from './pairs';
import { screenshot, widths } from './support';

/*
 * Pages at the edges of the walk-through (issue 26, item 10), in Chromium at 375 and 1280 px with axe: the
 * members-only gate, the coordinator's Mentorships and Members lists, and the directory's filters by keyboard.
 */

const expectNoAxeViolations = async (page: Page, name: string) => {
  const results = await axe(page, { tags: wcagAndBestPractice });
  expect(
    results.violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`),
    name,
  ).toEqual([]);
};

/** A mentor and mentee in an ACTIVE mentorship, with names no other test's pair has (the lists search by name). */
const namedPair = async (request: Parameters<typeof makePair>[0]) => {
  const tag = Date.now().toString(36) + Math.random().toString(36).slice(2, 5);
  const names = { mentor: `Grace ${tag}`, mentee: `Ada ${tag}` };
  const pair = await makePair(request, (user, role, version, topic) => ({ ...pairProfile(user, role, version, topic), displayName: names[role] }));
  return { ...pair, names };
};

const consoleErrors = (page: Page) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
};

test('a visitor at the members-only directory sees the gate inside the page margins, and nothing is refused in the console', async ({ browser }) => {
  for (const [label, viewport] of Object.entries(widths)) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const errors = consoleErrors(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/mentors')) asked.push(request.url());
    });
    await page.goto('/mentors?q=compilers');
    const heading = page.getByRole('heading', { level: 1, name: 'Our mentors are here for members' });
    await expect(heading).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create a free account' })).toHaveAttribute('href', '/signup?next=%2Fmentors%3Fq%3Dcompilers');
    // The gate's text starts where the header's content starts, not at the window's edge.
    const logo = (await page.getByRole('banner').getByRole('link').first().boundingBox())!;
    const box = (await heading.boundingBox())!;
    expect(box.x, label).toBeGreaterThanOrEqual(16);
    expect(Math.abs(box.x - logo.x), label).toBeLessThanOrEqual(1);
    await expectNoAxeViolations(page, `gate at ${label}`);
    await screenshot(page, `edges-gate-${label}`);
    expect(asked, label).toEqual([]);
    expect(errors, label).toEqual([]);
    await context.close();
  }
});

test('the coordinator’s Mentorships list keeps the coordinator sections and exports the list it shows as CSV', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { coordinator, names } = await namedPair(request);
  const page = await signedInPage(browser, coordinator, '/coordinator', { viewport: widths.desktop });
  await page.goto(`/coordinator/mentorships?state=ACTIVE&q=${encodeURIComponent(names.mentee)}`);
  const sections = page.getByRole('navigation', { name: 'Coordinator' });
  for (const [label, viewport] of Object.entries(widths)) {
    await page.setViewportSize(viewport);
    await expect(page.getByRole('heading', { level: 1, name: 'Mentorships in the programme' })).toBeVisible();
    await expect(sections.getByRole('link', { name: 'Mentorships' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: `${names.mentor} mentors ${names.mentee}` })).toBeVisible();
    await expectNoAxeViolations(page, `mentorships at ${label}`);
    await screenshot(page, `edges-mentorships-${label}`);
  }
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV: “Active” mentorships' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^mentorships-active-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!, 'utf8');
  expect(csv.startsWith('\uFEFFId,State,Mentor,Mentee,Created,Updated,Expires,Ends,Link\r\n')).toBe(true);
  const rows = csv.trim().split('\r\n').slice(1);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain(`,ACTIVE,${names.mentor},${names.mentee},`);
  await sections.getByRole('link', { name: 'Members' }).click();
  await expect(page).toHaveURL(/\/coordinator\/members$/);
});

test('the coordinator’s Members list: names open the member, time zones read as places, Suspend is a compact action that asks first', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { ada, coordinator, names } = await namedPair(request);
  const page = await signedInPage(browser, coordinator, '/coordinator', { viewport: widths.desktop });
  await page.goto(`/coordinator/members?q=${encodeURIComponent(names.mentee)}`);
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: names.mentee }) });
  for (const [label, viewport] of Object.entries(widths)) {
    await page.setViewportSize(viewport);
    await expect(row).toBeVisible();
    await expect(row).toContainText(/Berlin \(GMT\+[12]\)/);
    await expect(row).not.toContainText('Europe/Berlin');
    const suspend = row.getByRole('button', { name: `Suspend ${names.mentee}` });
    const rowBox = (await row.boundingBox())!;
    const buttonBox = (await suspend.boundingBox())!;
    // A compact action, not a bar across the row.
    expect(buttonBox.width, label).toBeLessThan(rowBox.width / 2);
    await expectNoAxeViolations(page, `members at ${label}`);
    await screenshot(page, `edges-members-${label}`);
  }
  await row.getByRole('button', { name: `Suspend ${names.mentee}` }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`Suspend ${names.mentee}`) });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await row.getByRole('link', { name: names.mentee }).click();
  await expect(page).toHaveURL(new RegExp(`/coordinator/members/${ada.sub}$`));
  await expect(page.getByRole('heading', { level: 1, name: names.mentee })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Their goals' })).toBeVisible();
  await expect(page.getByText('Write my first compiler.')).toBeVisible();
  for (const [label, viewport] of Object.entries(widths)) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page, `member at ${label}`);
    await screenshot(page, `edges-member-${label}`);
  }
  await page.getByRole('link', { name: 'All members' }).click();
  await expect(page).toHaveURL(/\/coordinator\/members$/);
});

test('choosing a topic or a language in the directory by keyboard keeps the focus in the filters', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { ada } = await makePair(request);
  const programme = await call(request, ada, 'GET', '/api/programme');
  const topic = (programme.topics as string[])[0]!;
  for (const [label, viewport] of Object.entries(widths)) {
    const page = await signedInPage(browser, ada, '/mentors', { viewport });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const toggle = page.getByRole('button', { name: /Filters/ });
    const topics = page.getByRole('combobox', { name: 'Topics' });
    // A phone shows the filters behind their toggle, a desktop shows them open: wait for one of the two before
    // choosing, or a toggle still on its way looks like none (the filters then stayed shut until the test timed out).
    await expect(toggle.or(topics).filter({ visible: true }).first()).toBeVisible();
    if (await toggle.isVisible()) {
      await toggle.focus();
      await page.keyboard.press('Enter');
    }
    await topics.focus();
    await page.keyboard.type(topic.slice(0, 4));
    // As someone typing would, Enter once the match shows (the programme's topics may still be on their way).
    await expect(page.getByRole('listbox', { name: 'Topics' }).getByRole('option', { name: topic })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/topic/);
    await expect(topics, label).toBeFocused();
    await page.keyboard.press('Tab');
    const languages = page.getByRole('combobox', { name: 'Languages' });
    await expect(languages, label).toBeFocused();
    await page.keyboard.type('Engl');
    await expect(page.getByRole('listbox', { name: 'Languages' }).getByRole('option', { name: 'English' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/lang/);
    await expect(languages, label).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Time difference'), label).toBeFocused();
    expect(await page.evaluate(() => document.activeElement?.tagName), label).not.toBe('BODY');
    await expectNoAxeViolations(page, `directory filters at ${label}`);
    await screenshot(page, `edges-filters-${label}`);
    await page.context().close();
  }
});

test('a coordinator approves an application with a note, which the decided list shows', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { coordinator } = await namedPair(request);
  const programme = await call(request, coordinator, 'GET', '/api/programme');
  const tag = Date.now().toString(36);
  const applicant = await createTestUser(stage(), { name: `Hedy ${tag}` });
  await call(request, applicant, 'PUT', '/api/profile/me', pairProfile(applicant, 'mentor', programme.codeOfConductVersion as number, (programme.topics as string[])[0]!));
  await call(request, applicant, 'POST', '/api/profile/me/submit');

  const page = await signedInPage(browser, coordinator, '/coordinator/applications', { viewport: widths.desktop });
  const application = page.getByRole('article', { name: new RegExp(applicant.name) });
  await application.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: `Approve ${applicant.name}’s application` });
  const note = dialog.getByRole('textbox', { name: /Note to the applicant/ });
  await note.fill('Welcome to the programme: your first mentee may write soon.');
  for (const [label, viewport] of Object.entries(widths)) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page, `approve dialog at ${label}`);
    await screenshot(page, `edges-approve-${label}`, { fullPage: false });
  }
  await dialog.getByRole('button', { name: 'Approve application' }).click();
  await expect(page.getByText(`${applicant.name} is approved and will be e-mailed.`)).toBeVisible();
  await page.goto('/coordinator/applications?state=approved');
  await expect(page.getByRole('article', { name: new RegExp(applicant.name) })).toContainText('Welcome to the programme: your first mentee may write soon.');
});
