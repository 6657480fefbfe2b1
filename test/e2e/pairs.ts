import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { expect, type APIRequestContext, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { cognitoClient, createTestUser, signIn, type StageCognito, type TestUser } from '../support/auth';
import { stageInfo, widths } from './support';

/*
 * What the specs that need members in a mentorship share: the stage's user pool, API calls as a member, a
 * coordinator, and a mentor and mentee paired through the API (the onboarding, approval and request pages are
 * tested on their own).
 */

/** The stage's URL and user pool; specs that make users need the local stage or a deployed one that names its pool. */
export const stage = () => {
  const info = stageInfo() as ReturnType<typeof stageInfo> & { cognito?: StageCognito };
  if (!info.cognito) throw new Error('The stage names no user pool');
  return { url: info.url, cognito: info.cognito };
};

/** One API call as a member; anything but a 2xx fails the test with the answer. */
export const call = async (request: APIRequestContext, user: Pick<TestUser, 'idToken'>, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) => {
  const response = await request.fetch(path, { method, data, headers: { authorization: `Bearer ${user.idToken}` } });
  expect(response.ok(), `${method} ${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
};

export const makeCoordinator = async (cognito: StageCognito) => {
  const user = await createTestUser(stage(), { name: 'Cora Coordinator' });
  const client = cognitoClient(cognito);
  try {
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId: cognito.userPoolId, Username: user.email, GroupName: 'coordinators' }));
  } finally {
    client.destroy();
  }
  // A new ID token carries the group.
  return { ...user, idToken: await signIn(cognito, user.email, user.password) };
};

export type ProfileOf = (user: TestUser, role: 'mentor' | 'mentee', codeOfConductVersion: number, topic: string) => Record<string, unknown>;

/** A complete profile: Grace a mentor in New York, Ada a mentee in Berlin, free on Tuesday and Thursday evenings in Berlin. */
export const pairProfile: ProfileOf = (user, role, codeOfConductVersion, topic) => ({
  role,
  displayName: user.name,
  headline: role === 'mentor' ? 'Compiler pioneer' : 'Learning to build compilers',
  bio: `${user.name} on the e2e stage.`,
  languages: ['en'],
  country: role === 'mentor' ? 'US' : 'DE',
  timezone: role === 'mentor' ? 'America/New_York' : 'Europe/Berlin',
  availability: [2, 4].map((day) => (role === 'mentor' ? { day, start: '12:00', end: '14:00' } : { day, start: '18:00', end: '20:00' })),
  format: 'online',
  codeOfConductVersion,
  topics: [topic],
  ...(role === 'mentor' ? { yearsOfExperience: 20, capacity: 2, acceptingRequests: true } : { goals: 'Write my first compiler.' }),
});

/** Signs `page` in through the sign-in form, asking to come back to `next`. */
export const signInThroughForm = async (page: Page, user: Pick<TestUser, 'email' | 'password'>, next: string) => {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

/** A new browser context signed in as `user` through the sign-in form, landing on `next`; `prepare` runs first (routes). */
export const signedInPage = async (
  browser: Browser,
  user: Pick<TestUser, 'email' | 'password'>,
  next: string,
  options: BrowserContextOptions = { viewport: widths.desktop },
  prepare?: (page: Page) => Promise<void>,
): Promise<Page> => {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await prepare?.(page);
  await signInThroughForm(page, user, next);
  // Signing in works out SRP's big numbers in the page and in cognito-local: beside the other worker's recorded call,
  // which fills both cores, it took over 5 s in three whole runs (walkthrough.spec, always after the call specs).
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`), { timeout: 15_000 });
  return page;
};

/** Grace (mentor) and Ada (mentee), profiles from `profileOf`, Grace approved, Ada's request accepted: an ACTIVE mentorship. */
export const makePair = async (request: APIRequestContext, profileOf: ProfileOf = pairProfile) => {
  const { cognito } = stage();
  const [grace, ada, coordinator] = await Promise.all([
    createTestUser(stage(), { name: 'Grace Hopper' }),
    createTestUser(stage(), { name: 'Ada Lovelace' }),
    makeCoordinator(cognito),
  ]);
  const programme = await call(request, coordinator, 'GET', '/api/programme');
  const version = programme.codeOfConductVersion as number;
  const topic = (programme.topics as string[])[0]!;
  for (const [user, role] of [[grace, 'mentor'], [ada, 'mentee']] as const) {
    await call(request, user, 'PUT', '/api/profile/me', profileOf(user, role, version, topic));
    await call(request, user, 'POST', '/api/profile/me/submit');
  }
  await call(request, coordinator, 'POST', `/api/coordinator/applications/${grace.sub}/decision`, { decision: 'approved' });
  const requested = await call(request, ada, 'POST', '/api/mentorships', { mentorId: grace.sub, message: 'I would like to learn about compilers from you.' });
  const mentorshipId = requested.id as string;
  await call(request, grace, 'POST', `/api/mentorships/${mentorshipId}/accept`);
  return { grace, ada, coordinator, mentorshipId };
};
