import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { RuntimeConfig } from '@mentoring/shared';
import { adminConfirm, cognitoClient, createTestUser, signIn, uniqueEmail, type StageCognito, type TestUser } from '../support/auth';
import { axe } from './axe';
import { screenshot, widths } from './support';

/**
 * Mentoring, part 1, in Chromium against the local stage: a mentee signs up, onboards, filters the
 * directory and opens a mentor; a coordinator approves an application. Every mentor here is made by the
 * test itself (an applicant through the API, approved by a coordinator), never taken from demo data.
 */

const stageCognito = async (request: APIRequestContext): Promise<StageCognito> => {
  const config = (await (await request.get('/config.json')).json()) as RuntimeConfig;
  if (!config.cognito) throw new Error('/config.json names no user pool');
  return config.cognito;
};

const bearer = (user: TestUser) => ({ authorization: `Bearer ${user.idToken}` });

/** A coordinator: a confirmed user in the Cognito group, signed in again so the ID token carries the group. */
const createCoordinator = async (request: APIRequestContext, baseURL: string) => {
  const cognito = await stageCognito(request);
  const user = await createTestUser({ url: baseURL, cognito }, { name: 'Cora Coordinator' });
  const client = cognitoClient(cognito);
  try {
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId: cognito.userPoolId, Username: user.email, GroupName: 'coordinators' }));
  } finally {
    client.destroy();
  }
  return { ...user, idToken: await signIn(cognito, user.email, user.password) };
};

/** A mentor's application sent through the API, as the onboarding sends it. */
const applyAsMentor = async (request: APIRequestContext, baseURL: string, displayName: string, topics: string[]) => {
  const user = await createTestUser({ url: baseURL, cognito: await stageCognito(request) }, { name: displayName });
  const programme = await (await request.get('/api/programme', { headers: bearer(user) })).json();
  const saved = await request.put('/api/profile/me', {
    headers: bearer(user),
    data: {
      role: 'mentor',
      displayName,
      headline: 'Engineering manager, twenty years of shipping software',
      bio: 'I help people move into their first engineering role.',
      languages: ['en', 'es'],
      country: 'ES',
      timezone: 'Europe/Madrid',
      availability: [{ day: 2, start: '18:00', end: '20:00' }],
      format: 'online',
      topics,
      yearsOfExperience: 20,
      capacity: 2,
      acceptingRequests: true,
      codeOfConductVersion: programme.codeOfConductVersion,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const submitted = await request.post('/api/profile/me/submit', { headers: bearer(user) });
  expect(submitted.status(), await submitted.text()).toBe(200);
  return user;
};

const expectNoAxeViolations = async (page: Page) => {
  const { violations } = await axe(page);
  expect(violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
};

/** Axe and a screenshot at both widths, with no horizontal scroll. */
const checkPage = async (page: Page, name: string) => {
  for (const [label, size] of Object.entries(widths)) {
    await page.setViewportSize(size);
    await expect.poll(() => page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, `mentoring-${name}-${label}`);
  }
  await page.setViewportSize(widths.desktop);
};

test('a mentee signs up from "Find a mentor", onboards, filters the directory and opens a mentor', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const cognito = await stageCognito(request);
  const coordinator = await createCoordinator(request, baseURL!);
  const mentorName = `Grace ${Date.now().toString(36)}`;
  const mentor = await applyAsMentor(request, baseURL!, mentorName, ['Leadership', 'Career change']);
  const approved = await request.post(`/api/coordinator/applications/${encodeURIComponent(mentor.sub)}/decision`, {
    headers: bearer(coordinator),
    data: { decision: 'approved' },
  });
  expect(approved.status(), await approved.text()).toBe(200);

  // The home page's "Find a mentor" leads to the directory; members-only by default, so it invites to sign up.
  await page.goto('/');
  await page.getByRole('link', { name: 'Find a mentor' }).first().click();
  await expect(page).toHaveURL(/\/mentors$/);
  await expect(page.getByRole('heading', { name: 'Our mentors are here for members' })).toBeVisible();
  await checkPage(page, 'members-only');
  await page.getByRole('link', { name: 'Create a free account' }).click();
  await expect(page).toHaveURL(/\/signup\?next=%2Fmentors$/);

  const email = uniqueEmail('mentee');
  const password = 'Mentee-pass1';
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
  await adminConfirm(cognito, email);
  await page.goto('/login?next=%2Fmentors');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // Back at the directory, asked to finish the profile first.
  await expect(page).toHaveURL(/\/mentors$/);
  await page.getByRole('link', { name: 'Finish my profile' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await checkPage(page, 'onboarding-role');
  await page.getByRole('radio', { name: /I’m looking for a mentor/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('checkbox', { name: 'I have read the code of conduct and I accept it' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByLabel('Display name')).toHaveValue('Ada Lovelace');
  const languages = page.getByRole('combobox', { name: 'Languages you speak' });
  await languages.fill('Spani');
  await languages.press('Enter');
  await page.getByLabel('Country').selectOption('ES');
  await page.getByLabel('Time zone').selectOption('Europe/Madrid');
  await page.getByRole('button', { name: 'Add a time on Tuesday' }).click();
  await page.getByRole('checkbox', { name: 'Leadership' }).check();
  await page.getByLabel('Your goals').fill('Lead a team one day.');
  await checkPage(page, 'onboarding-profile');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page.getByRole('heading', { name: 'Photo' })).toBeVisible();
  // Leaving and coming back resumes where the member was.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Photo' })).toBeVisible();
  await page.getByRole('button', { name: 'Skip for now' }).click();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('heading', { name: 'You’re all set' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Find a mentor' }).click();

  // Filters go into the URL, survive a reload, and find the approved mentor with the match's reasons.
  await expect(page).toHaveURL(/\/mentors$/);
  // The topics come with the programme's settings: Enter picks an option once the list shows it, as a member sees it.
  await page.getByRole('combobox', { name: 'Topics' }).fill('Leader');
  await expect(page.getByRole('option', { name: 'Leadership' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Topics' }).press('Enter');
  await expect(page).toHaveURL(/topics=Leadership/);
  await page.getByRole('combobox', { name: 'Languages' }).fill('Spanish');
  await page.getByRole('combobox', { name: 'Languages' }).press('Enter');
  await page.getByRole('searchbox', { name: 'Search mentors' }).fill(mentorName);
  await expect(page).toHaveURL(/q=.*topics=Leadership&languages=es/);
  await page.reload();
  const card = page.getByRole('article', { name: mentorName });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Leadership');
  await checkPage(page, 'directory');

  await card.getByRole('link', { name: mentorName }).click();
  await expect(page.getByRole('heading', { level: 1, name: mentorName })).toBeVisible();
  await expect(page.getByText('18:00–20:00')).toBeVisible();
  await checkPage(page, 'mentor');
});

test('a coordinator approves a mentor’s application, and the mentor appears in the directory', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const coordinator = await createCoordinator(request, baseURL!);
  const name = `Linus ${Date.now().toString(36)}`;
  await applyAsMentor(request, baseURL!, name, ['Frontend development']);

  await page.goto('/login?next=%2Fcoordinator%2Fapplications');
  await page.getByLabel('E-mail').fill(coordinator.email);
  await page.getByLabel('Password').fill(coordinator.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  const application = page.getByRole('article', { name: new RegExp(name) });
  await expect(application).toBeVisible();
  await checkPage(page, 'applications');

  await application.getByRole('button', { name: 'Approve' }).click();
  // The note is optional: approving without one.
  await page.getByRole('dialog', { name: `Approve ${name}’s application` }).getByRole('button', { name: 'Approve application' }).click();
  await expect(page.getByText(`${name} is approved and will be e-mailed.`)).toBeVisible();
  await expect(application).toHaveCount(0);
  await page.getByRole('link', { name: 'Approved', exact: true }).click();
  await expect(page.getByRole('article', { name: new RegExp(name) })).toBeVisible();

  await page.goto(`/mentors?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('article', { name })).toBeVisible();

  await page.goto('/coordinator/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Programme settings' })).toBeVisible();
  await checkPage(page, 'settings');
});
