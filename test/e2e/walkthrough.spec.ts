import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createTestUser, type TestUser } from '../support/auth';
import { axe, wcagAndBestPractice } from './axe';
import { call, makeCoordinator, signedInPage, signInThroughForm, stage } from './pairs';
import { screenshot, widths } from './support';

/*
 * What new mentees, mentors and coordinators hit on their first walk through the product (issue 26), in
 * Chromium at 375 and 1280 px: each check is what a person sees or clicks, made on members the test creates.
 */

const profileOf = (user: TestUser, role: 'mentor' | 'mentee', codeOfConductVersion: number, topic: string) => ({
  role,
  displayName: user.name,
  headline: role === 'mentor' ? 'Engineering manager' : 'Moving into engineering',
  bio: `${user.name} on the e2e stage.`,
  languages: ['en'],
  country: 'GB',
  timezone: 'Europe/London',
  availability: [{ day: 2, start: '18:00', end: '20:00' }],
  format: 'online',
  codeOfConductVersion,
  topics: [topic],
  ...(role === 'mentor' ? { yearsOfExperience: 12, capacity: 2, acceptingRequests: true } : { goals: 'Lead a team one day.' }),
});

/** Approved mentors and onboarded mentees with unique names, made through the API. */
const makeMembers = async (request: Parameters<typeof call>[0], people: { name: string; role: 'mentor' | 'mentee' }[]) => {
  const coordinator = await makeCoordinator(stage().cognito);
  const programme = await call(request, coordinator, 'GET', '/api/programme');
  const version = programme.codeOfConductVersion as number;
  const topic = (programme.topics as string[])[0]!;
  const made: TestUser[] = [];
  for (const { name, role } of people) {
    const user = await createTestUser(stage(), { name });
    await call(request, user, 'PUT', '/api/profile/me', profileOf(user, role, version, topic));
    await call(request, user, 'POST', '/api/profile/me/submit');
    if (role === 'mentor') await call(request, coordinator, 'POST', `/api/coordinator/applications/${user.sub}/decision`, { decision: 'approved' });
    made.push(user);
  }
  return { coordinator, members: made };
};

const expectNoAxeViolations = async (page: Page, name: string) => {
  const results = await axe(page, { tags: wcagAndBestPractice });
  expect(
    results.violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`),
    name,
  ).toEqual([]);
};

const unique = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 5);

test('the card’s "Ask to be mentored" is what a click or tap at its centre hits, at both widths', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const mentorName = `Grace ${unique()}`;
  const { members } = await makeMembers(request, [
    { name: mentorName, role: 'mentor' },
    { name: `Ada ${unique()}`, role: 'mentee' },
  ]);
  const page = await signedInPage(browser, members[1]!, `/mentors?q=${encodeURIComponent(mentorName)}`);
  const card = page.getByRole('article', { name: mentorName });
  await expect(card).toBeVisible();
  for (const [label, viewport] of Object.entries(widths)) {
    await page.setViewportSize(viewport);
    const ask = card.getByRole('button', { name: 'Ask to be mentored' });
    await ask.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page, `directory at ${label}`);
    await screenshot(page, `walkthrough-card-${label}`);
    const box = (await ask.boundingBox())!;
    // The mouse at the button's centre, as a person clicks or taps: whatever lies on top there gets it.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const dialog = page.getByRole('dialog', { name: `Ask ${mentorName} to mentor you` });
    await expect(dialog, `at ${label}`).toBeVisible();
    await expect(page).toHaveURL(/\/mentors\?q=/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  }
});

test('a coordinator without a member profile lands on the programme after signing in and on Home, never in onboarding', async ({ browser }) => {
  test.setTimeout(90_000);
  const coordinator = await makeCoordinator(stage().cognito);
  // Signing in with no `next` goes to the default landing page.
  const page = await (await browser.newContext({ viewport: widths.desktop })).newPage();
  await signInThroughForm(page, coordinator, '/home');
  const dashboard = page.getByRole('heading', { level: 1, name: 'Programme dashboard' });
  await expect(dashboard).toBeVisible();
  await expect(page).toHaveURL(/\/coordinator$/);
  await expect(page.getByText('I’m looking for a mentor')).toHaveCount(0);
  for (const [label, viewport] of Object.entries(widths)) {
    await page.setViewportSize(viewport);
    await expect(page.getByText('Loading the chart…')).toHaveCount(0);
    await expectNoAxeViolations(page, `coordinator landing at ${label}`);
    await screenshot(page, `walkthrough-coordinator-home-${label}`);
    // Home, from the header (in the phone's menu at 375 px), shows the programme again.
    const menu = page.getByRole('button', { name: 'Menu' });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole('navigation', { name: 'Your sections' }).getByRole('link', { name: 'Home' }).click();
    await expect(dashboard).toBeVisible();
    await expect(page).toHaveURL(/\/coordinator$/);
    await expect(page).not.toHaveURL(/onboarding/);
  }
  // Their own Mentorships list points to the programme's, not to a member's onboarding.
  await page.goto('/mentorships');
  await expect(page.getByRole('heading', { name: 'No mentorships of your own' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Finish your profile' })).toHaveCount(0);
  await page.getByRole('link', { name: 'See the programme’s mentorships' }).click();
  await expect(page).toHaveURL(/\/coordinator\/mentorships$/);
});

test('a mentee who has asked a mentor sees "Request sent — waiting for" them, with a link, on the card and the profile', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const mentorName = `Grace ${unique()}`;
  const { members } = await makeMembers(request, [
    { name: mentorName, role: 'mentor' },
    { name: `Ada ${unique()}`, role: 'mentee' },
  ]);
  const [mentor, mentee] = members as [TestUser, TestUser];
  const page = await signedInPage(browser, mentee, `/mentors?q=${encodeURIComponent(mentorName)}`);
  const card = page.getByRole('article', { name: mentorName });
  await card.getByRole('button', { name: 'Ask to be mentored' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Ask ${mentorName} to mentor you` });
  await dialog.getByRole('textbox', { name: 'Your message' }).fill('You moved from teaching to code, as I hope to.');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText(`Your request is on its way to ${mentorName}.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // The card no longer offers a second request: it says where the first one stands, and the link has the focus.
  await expect(card.getByText(`Request sent — waiting for ${mentorName}.`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Ask to be mentored' })).toHaveCount(0);
  const link = card.getByRole('link', { name: 'See your request' });
  await expect(link).toBeFocused();
  const mine = await call(request, mentee, 'GET', '/api/mentorships');
  const sent = (mine.mentorships as { id: string; mentor: { id: string } }[]).find((each) => each.mentor.id === mentor.sub)!;
  await expect(link).toHaveAttribute('href', `/mentorships/${sent.id}`);

  for (const [label, viewport] of Object.entries(widths)) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page, `directory with a pending request at ${label}`);
    await screenshot(page, `walkthrough-card-pending-${label}`);
  }
  // The same on the mentor's profile, after a reload (from the server, not the page's memory).
  await page.setViewportSize(widths.desktop);
  await page.goto(`/mentors/${mentor.sub}`);
  await expect(page.getByRole('heading', { level: 1, name: mentorName })).toBeVisible();
  await expect(page.getByText(`Request sent — waiting for ${mentorName}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ask to be mentored' })).toHaveCount(0);
  for (const [label, viewport] of Object.entries(widths)) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page, `mentor profile with a pending request at ${label}`);
    await screenshot(page, `walkthrough-profile-pending-${label}`);
  }
  await page.getByRole('link', { name: 'See your request' }).click();
  await expect(page).toHaveURL(new RegExp(`/mentorships/${sent.id}$`));
});

/** The height of each element the locator finds, in CSS pixels. */
const heights = async (locator: ReturnType<Page['locator']>) => (await locator.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height)));

test('the edges: 24 px tall links, the phone menu over the Feedback tab, password rules before a failure, "1 application"', async ({ browser, page, request }) => {
  test.setTimeout(150_000);
  // Password rules are on the sign-up form before anything is typed.
  await page.goto('/signup');
  const password = page.getByLabel('Password');
  await expect(password).toHaveAccessibleDescription('At least 8 characters, with upper and lower case letters, a number and a symbol.');
  await expect(page.getByText(/^Choose a stronger password/)).toHaveCount(0);

  // A coordinator with one application waiting; its dashboard's state and list links, and a mentorship's way back.
  const { coordinator } = await makeMembers(request, []);
  const applicant = await createTestUser(stage(), { name: `Linus ${unique()}` });
  const programme = await call(request, applicant, 'GET', '/api/programme');
  await call(request, applicant, 'PUT', '/api/profile/me', profileOf(applicant, 'mentor', programme.codeOfConductVersion as number, (programme.topics as string[])[0]!));
  await call(request, applicant, 'POST', '/api/profile/me/submit');
  const coordinatorPage = await signedInPage(browser, coordinator, '/coordinator');
  await expect(coordinatorPage.getByRole('heading', { level: 1, name: 'Programme dashboard' })).toBeVisible();
  const counts = coordinatorPage.getByRole('list', { name: 'Needs attention' });
  await expect(counts.getByRole('listitem').filter({ hasText: /applications?$/ })).toHaveText(/^\d+ applications?$/);
  const waiting = Number((await counts.getByRole('listitem').filter({ hasText: /applications?$/ }).textContent())!.split(' ')[0]);
  await expect(counts.getByRole('listitem').filter({ hasText: /applications?$/ })).toHaveText(`${waiting} ${waiting === 1 ? 'application' : 'applications'}`);
  for (const [label, viewport] of Object.entries(widths)) {
    await coordinatorPage.setViewportSize(viewport);
    const states = coordinatorPage.getByRole('region', { name: 'Mentorships by state' }).getByRole('table').getByRole('link');
    const lists = coordinatorPage.getByRole('region', { name: 'Lists' }).getByRole('link');
    for (const height of [...(await heights(states)), ...(await heights(lists))]) expect(height, `a dashboard link at ${label}`).toBeGreaterThanOrEqual(24);
  }

  // A mentorship's way back to the list.
  const { members } = await makeMembers(request, [
    { name: `Grace ${unique()}`, role: 'mentor' },
    { name: `Ada ${unique()}`, role: 'mentee' },
  ]);
  const asked = await call(request, members[1]!, 'POST', '/api/mentorships', { mentorId: members[0]!.sub, message: 'I would like to learn from you.' });
  await coordinatorPage.goto(`/mentorships/${asked.id as string}`);
  const back = coordinatorPage.getByRole('link', { name: '← All mentorships' });
  for (const [label, viewport] of Object.entries(widths)) {
    await coordinatorPage.setViewportSize(viewport);
    expect((await back.boundingBox())!.height, `"← All mentorships" at ${label}`).toBeGreaterThanOrEqual(24);
  }
  // The request's message once on its page (above the history, not again in it).
  await expect(coordinatorPage.getByText('I would like to learn from you.')).toHaveCount(1);
  await coordinatorPage.goto('/coordinator');
  await expect(coordinatorPage.getByRole('heading', { level: 1, name: 'Programme dashboard' })).toBeVisible();

  // The phone menu, open, lies over the Feedback tab.
  await coordinatorPage.setViewportSize(widths.phone);
  await coordinatorPage.getByRole('button', { name: 'Menu' }).click();
  const tab = coordinatorPage.getByRole('button', { name: 'Feedback', exact: true });
  const box = (await tab.boundingBox())!;
  await screenshot(coordinatorPage, 'walkthrough-phone-menu-open', { fullPage: false });
  const onTop = await coordinatorPage.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('header') !== null, [box.x + box.width / 2, box.y + box.height / 2]);
  expect(onTop, 'the open menu covers the Feedback tab').toBe(true);
  await expectNoAxeViolations(coordinatorPage, 'the open phone menu');
});
