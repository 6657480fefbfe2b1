import { expect, test } from './fixtures';
import { createTestUser } from '../support/auth';
import { axeAtBothWidths } from './axe';
import { call, makePair, pairProfile, signedInPage, stage } from './pairs';
import { widths } from './support';

/*
 * Home leads with what the member must do next (issue 26 item 8): the mentee's with her next session in her
 * zone, the mentor's with a request waiting for their answer and the day it expires; "Sessions" lists the
 * booked session first, and the call archive is "Past calls". The pair and the request are made through the API.
 */

/** "Thu 26 Nov" in the zone, as Home writes a request's expiry. */
const shortDay = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(iso)).replace(',', '');

test('Home leads with the next session for a mentee and an incoming request for a mentor; /sessions lists the booked session first', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { grace, ada, coordinator, mentorshipId } = await makePair(request);

  // Ada books the pair's first common free time (Tuesday or Thursday, 18:00 in Berlin).
  const { slots } = (await call(request, ada, 'GET', `/api/mentorships/${mentorshipId}/slots?days=14&durationMinutes=60`)) as { slots: { startsAt: string }[] };
  const startsAt = slots[0]!.startsAt;
  const session = await call(request, ada, 'POST', `/api/mentorships/${mentorshipId}/sessions`, { startsAt, durationMinutes: 60, agenda: 'Parsing: where to start' });

  // Mary, a second mentee, asks Grace (one place left of two).
  const mary = await createTestUser(stage(), { name: 'Mary Somerville' });
  const programme = await call(request, coordinator, 'GET', '/api/programme');
  await call(request, mary, 'PUT', '/api/profile/me', pairProfile(mary, 'mentee', programme.codeOfConductVersion as number, (programme.topics as string[])[0]!));
  await call(request, mary, 'POST', '/api/profile/me/submit');
  const asked = await call(request, mary, 'POST', '/api/mentorships', { mentorId: grace.sub, message: 'I would like to learn about compilers too.' });

  // Ada's Home leads with her next session, in her own zone, with the way to it.
  const inBerlin = { viewport: widths.desktop, timezoneId: 'Europe/Berlin' };
  const adaPage = await signedInPage(browser, ada, '/home', inBerlin);
  const adaSteps = adaPage.getByRole('list', { name: 'What to do next' }).getByRole('listitem');
  await expect(adaSteps.first()).toContainText(/^Next session with Grace Hopper: \w{3} \d{1,2} \w{3} \d{4}, 18:00\./);
  await expect(adaSteps.first().getByRole('link', { name: 'See the session' })).toHaveAttribute('href', `/mentorships/${mentorshipId}/sessions/${session.id as string}`);
  await expect(adaSteps.nth(1)).toContainText('Grace Hopper is your mentor.');
  // The shortcuts follow, below what to do.
  await expect(adaPage.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['Next for you', 'Shortcuts']);
  await axeAtBothWidths(adaPage, 'home-mentee');

  // "Sessions" in the menu lists the booked session first, and leads to the call archive.
  await adaPage.goto('/sessions');
  await expect(adaPage.getByRole('heading', { level: 1, name: 'Sessions' })).toBeVisible();
  const coming = adaPage.getByRole('region', { name: 'Coming up' }).getByRole('listitem');
  await expect(coming).toHaveCount(1);
  await expect(coming).toContainText('18:00');
  await expect(coming).toContainText('with Grace Hopper · 1 h · Booked');
  await expect(adaPage.getByRole('region', { name: 'Past sessions' })).toContainText('No past sessions yet.');
  await axeAtBothWidths(adaPage, 'sessions-list');
  await adaPage.getByRole('link', { name: 'Past calls' }).click();
  await expect(adaPage.getByRole('heading', { level: 1, name: 'Past calls' })).toBeVisible();
  await expect(adaPage.getByRole('heading', { name: 'You have no past calls yet.' })).toBeVisible();
  await axeAtBothWidths(adaPage, 'past-calls');
  // The Calls page leads there too.
  await adaPage.goto('/calls');
  await expect(adaPage.getByRole('link', { name: 'Past calls' })).toHaveAttribute('href', '/calls/past');

  // Grace's Home leads with Mary's request and the day to answer by, in New York time.
  const gracePage = await signedInPage(browser, grace, '/home', { viewport: widths.desktop, timezoneId: 'America/New_York' });
  const graceSteps = gracePage.getByRole('list', { name: 'What to do next' }).getByRole('listitem');
  await expect(graceSteps.first()).toHaveText(`Mary Somerville asks you to be their mentor. Answer by ${shortDay(asked.expiresAt as string, 'America/New_York')}.Answer the request`);
  await expect(graceSteps.first().getByRole('link', { name: 'Answer the request' })).toHaveAttribute('href', `/mentorships/${asked.id as string}`);
  await expect(graceSteps.nth(1)).toContainText(/^Next session with Ada Lovelace: .+, 12:00\./);
  await axeAtBothWidths(gracePage, 'home-mentor');
  await gracePage.getByRole('link', { name: 'Answer the request' }).click();
  await expect(gracePage).toHaveURL(new RegExp(`/mentorships/${asked.id as string}$`));

});
