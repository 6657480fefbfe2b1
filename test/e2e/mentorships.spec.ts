import { expect, test } from './fixtures';
import { createTestUser, type TestUser } from '../support/auth';
import { axeAtBothWidths } from './axe';
import { call, makeCoordinator, signedInPage, stage } from './pairs';

/*
 * The life of a request in two browsers: a mentee asks a mentor from the mentor's profile; the mentor, in a
 * second browser context, declines another mentee's request with a reason and accepts this one; both then
 * see the mentorship's page. Profiles, the mentor's approval and the other request are made through the API,
 * as the onboarding and coordinator pages are tested on their own.
 */

const profile = (user: TestUser, role: 'mentor' | 'mentee', codeOfConductVersion: number, topic: string) => ({
  role,
  displayName: user.name,
  headline: role === 'mentor' ? 'Compiler pioneer' : 'Learning to build compilers',
  bio: `${user.name} on the e2e stage.`,
  languages: ['en'],
  country: 'DE',
  timezone: 'Europe/Berlin',
  availability: [{ day: 2, start: '18:00', end: '20:00' }],
  format: 'online',
  codeOfConductVersion,
  topics: [topic],
  ...(role === 'mentor' ? { yearsOfExperience: 20, capacity: 2, acceptingRequests: true } : { goals: 'Write my first compiler.' }),
});

test('a mentee requests, the mentor declines another request with a reason and accepts this one, both see the mentorship', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { cognito } = stage();
  const [grace, ada, alan, coordinator] = await Promise.all([
    createTestUser(stage(), { name: 'Grace Hopper' }),
    createTestUser(stage(), { name: 'Ada Lovelace' }),
    createTestUser(stage(), { name: 'Alan Turing' }),
    makeCoordinator(cognito),
  ]);
  const programme = await call(request, coordinator, 'GET', '/api/programme');
  const version = programme.codeOfConductVersion as number;
  const topic = (programme.topics as string[])[0]!;
  for (const [user, role] of [[grace, 'mentor'], [ada, 'mentee'], [alan, 'mentee']] as const) {
    await call(request, user, 'PUT', '/api/profile/me', profile(user, role, version, topic));
    await call(request, user, 'POST', '/api/profile/me/submit');
  }
  await call(request, coordinator, 'POST', `/api/coordinator/applications/${grace.sub}/decision`, { decision: 'approved' });
  await call(request, alan, 'POST', '/api/mentorships', { mentorId: grace.sub, message: 'I would like to learn about compilers from you.' });

  // The mentee asks from the mentor's profile.
  const adaPage = await signedInPage(browser, ada, `/mentors/${grace.sub}`);
  await adaPage.getByRole('button', { name: 'Ask to be mentored' }).click();
  const dialog = adaPage.getByRole('dialog', { name: 'Ask Grace Hopper to mentor you' });
  await dialog.getByRole('textbox', { name: 'Your message' }).fill('Your work on COBOL is why I want to build languages. I hope to ship a small one by summer.');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Your request is on its way to Grace Hopper.')).toBeVisible();
  await dialog.getByRole('link', { name: 'See your request' }).click();
  await expect(adaPage).toHaveURL(/\/mentorships\/[\w-]+$/);
  const mentorshipPath = new URL(adaPage.url()).pathname;
  await expect(adaPage.getByRole('heading', { level: 1, name: 'Grace Hopper and Ada Lovelace' })).toBeVisible();
  await expect(adaPage.getByText('Waiting for an answer').first()).toBeVisible();

  // The mentor, in a browser of their own, answers both requests.
  const gracePage = await signedInPage(browser, grace, '/mentorships');
  const requests = gracePage.getByRole('region', { name: /^Requests/ });
  await expect(requests).toHaveAccessibleName('Requests (2)');
  await axeAtBothWidths(gracePage, 'mentorships-inbox-mentor');

  await requests.getByRole('article', { name: 'Alan Turing asks you to be their mentor' }).getByRole('button', { name: 'Decline' }).click();
  const decline = gracePage.getByRole('dialog', { name: 'Decline Alan Turing’s request' });
  await decline.getByRole('radio', { name: 'No time right now' }).check();
  await decline.getByRole('textbox', { name: 'A message to them (optional)' }).fill('Ask me again in spring.');
  await axeAtBothWidths(gracePage, 'mentorships-decline-dialog');
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expect(decline).toBeHidden();
  await expect(gracePage.getByRole('region', { name: /^Past/ })).toHaveAccessibleName('Past (1)');

  await requests.getByRole('article', { name: 'Ada Lovelace asks you to be their mentor' }).getByRole('button', { name: 'Accept' }).click();
  await expect(gracePage.getByRole('status').filter({ hasText: 'You accepted Ada Lovelace.' })).toBeVisible();
  const mine = gracePage.getByRole('region', { name: /^Your mentorships/ });
  await expect(mine).toHaveAccessibleName('Your mentorships (1)');
  await mine.getByRole('link', { name: 'You mentor Ada Lovelace' }).click();
  await expect(gracePage).toHaveURL(new RegExp(`${mentorshipPath}$`));
  await expect(gracePage.getByRole('heading', { level: 1, name: 'Grace Hopper and Ada Lovelace' })).toBeVisible();
  const history = gracePage.getByRole('region', { name: 'History' });
  await expect(history.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(gracePage.getByRole('region', { name: 'What you can do' }).getByRole('button', { name: 'End early' })).toBeVisible();
  await axeAtBothWidths(gracePage, 'mentorship-page-mentor');

  // The mentee sees the mentorship under way, with the mentor's profile and their own goals.
  await adaPage.reload();
  await expect(adaPage.getByText('Active', { exact: true }).first()).toBeVisible();
  await expect(adaPage.getByRole('article', { name: 'Ada Lovelace (you)' })).toContainText('Write my first compiler.');
  await expect(adaPage.getByRole('article', { name: 'Grace Hopper' })).toContainText('Compiler pioneer');
  await axeAtBothWidths(adaPage, 'mentorship-page-mentee');

  // The declined mentee is told why.
  const alanList = await call(request, alan, 'GET', '/api/mentorships');
  expect(alanList.mentorships).toEqual([expect.objectContaining({ state: 'DECLINED', declineReason: 'no_time', declineMessage: 'Ask me again in spring.' })]);

  // On his page he reads why, and has a way on: to find another mentor.
  const alanPage = await signedInPage(browser, alan, '/mentorships');
  await expect(alanPage.getByText('Reason: No time right now')).toBeVisible();
  const findAnother = alanPage.getByRole('region', { name: /Your mentorships/ }).getByRole('link', { name: 'Find another mentor' });
  await expect(findAnother).toBeVisible();
  await axeAtBothWidths(alanPage, 'mentorships-declined-mentee');
  await findAnother.click();
  await expect(alanPage).toHaveURL(/\/mentors$/);

});
