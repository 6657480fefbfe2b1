import { expect, test } from './fixtures';
import { join } from 'node:path';
import { axeAtBothWidths } from './axe';
import { makePair, signedInPage } from './pairs';
import { screenshotsDir, widths } from './support';

/*
 * Sessions of a mentorship in two browsers: the mentee books one of the pair's common free times from the
 * mentorship's page; both members see it among their upcoming sessions; the mentee writes a note and an action
 * item on the session's page and the mentor reads them there. Then the other ways a session comes and goes:
 * proposed times the other member picks from, a move and a cancellation, each with the reason the other reads.
 * Pairs are made through the API (profiles, the mentor's approval, request and accept), as those pages are
 * tested on their own.
 */

/** Both members' pages in Berlin time, whoever they are. */
const inBerlin = { viewport: widths.desktop, timezoneId: 'Europe/Berlin' };

// The pair's profiles (pairs.ts): Tuesdays and Thursdays, 12:00–14:00 in New York is 18:00–20:00 in Berlin.

test('a mentee books a session from the mentorship page; both see it coming; a note and an action item on its page', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { grace, ada, mentorshipId } = await makePair(request);

  // The mentee books from the mentorship's page: times in her zone, Grace's beside them.
  const adaPage = await signedInPage(browser, ada, `/mentorships/${mentorshipId}`, inBerlin);
  const sessions = adaPage.getByRole('region', { name: 'Sessions' });
  await expect(sessions.getByText('No sessions booked yet.')).toBeVisible();
  await sessions.getByRole('button', { name: 'Book a session' }).click();
  const booking = adaPage.getByRole('form', { name: 'Book a session' });
  await expect(booking.getByText("Times are in your time zone (Berlin); Grace Hopper's time (New York) is shown where it differs.")).toBeVisible();
  const firstDay = booking.getByRole('group', { name: 'Free times for both of you' }).getByRole('group').first();
  const slot = firstDay.getByRole('radio').first();
  await expect(slot.locator('xpath=..')).toContainText(/^18:00\d\d:00 for Grace$/);
  await booking.getByLabel('Agenda').fill('Parsing: where to start');
  await slot.check();
  await axeAtBothWidths(adaPage, 'sessions-booking');
  // The whole page is long at 375 px: the booking form on its own, to look at closely.
  await adaPage.setViewportSize(widths.phone);
  await booking.screenshot({ path: join(screenshotsDir, 'sessions-booking-form-phone.png') });
  await adaPage.setViewportSize(widths.desktop);
  await booking.getByRole('button', { name: 'Book this session' }).click();
  const row = sessions.getByRole('region', { name: 'Upcoming' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('18:00');
  await expect(row).toContainText('Parsing: where to start');
  await expect(booking).toBeHidden();
  await axeAtBothWidths(adaPage, 'sessions-mentorship-page');

  // Both members see it among their upcoming sessions.
  await adaPage.goto('/mentorships');
  const adaUpcoming = adaPage.getByRole('region', { name: 'Upcoming sessions' });
  await expect(adaUpcoming.getByRole('listitem')).toHaveCount(1);
  await expect(adaUpcoming).toContainText('with Grace Hopper · 1 h');
  const gracePage = await signedInPage(browser, grace, '/mentorships', inBerlin);
  const graceUpcoming = gracePage.getByRole('region', { name: 'Upcoming sessions' });
  await expect(graceUpcoming.getByRole('listitem')).toHaveCount(1);
  await expect(graceUpcoming).toContainText('with Ada Lovelace · 1 h');
  await axeAtBothWidths(gracePage, 'sessions-upcoming-mentor');

  // The mentee opens the session: a note and an action item.
  await adaUpcoming.getByRole('link').first().click();
  await expect(adaPage).toHaveURL(new RegExp(`/mentorships/${mentorshipId}/sessions/m-`));
  const sessionPath = new URL(adaPage.url()).pathname;
  await expect(adaPage.getByRole('heading', { level: 1, name: /^Session on .+, 18:00$/ })).toBeVisible();
  // Days ahead, the call is not open yet: the page says when it opens instead of offering to join.
  await expect(adaPage.getByText('The call opens at 17:50, 10 minutes before the session starts.')).toBeVisible();
  await expect(adaPage.getByRole('link', { name: 'Join the call' })).toHaveCount(0);
  // The way back is a target of at least 24 px at both widths (WCAG 2.2).
  for (const viewport of Object.values(widths)) {
    await adaPage.setViewportSize(viewport);
    expect((await adaPage.getByRole('link', { name: '← Back to the mentorship' }).boundingBox())?.height).toBeGreaterThanOrEqual(24);
  }
  await adaPage.setViewportSize(inBerlin.viewport);
  await adaPage.getByLabel('Notes for this session').fill('Ada: read the dragon book, chapter 2.');
  await adaPage.getByRole('button', { name: 'Save notes' }).click();
  await expect(adaPage.getByText('Notes saved.')).toBeVisible();
  const items = adaPage.getByRole('region', { name: 'Action items' });
  await items.getByLabel('What is to be done').fill('Write a tokenizer');
  await items.getByLabel('Owner').selectOption({ label: 'Ada Lovelace' });
  await items.getByLabel('Due date').fill('2030-01-15');
  await items.getByRole('button', { name: 'Add action item' }).click();
  await expect(items.getByRole('checkbox', { name: 'Write a tokenizer' })).toBeVisible();
  await expect(items).toContainText('Ada Lovelace · Due Tue 15 Jan 2030');
  await axeAtBothWidths(adaPage, 'sessions-session-page');

  // The mentor reads both on the same page, and ticks the item done.
  await gracePage.goto(sessionPath);
  await expect(gracePage.getByLabel('Notes for this session')).toHaveValue('Ada: read the dragon book, chapter 2.');
  await expect(gracePage.getByRole('heading', { level: 1, name: /^Session on .+, 12:00$/ })).toBeVisible();
  const graceItems = gracePage.getByRole('region', { name: 'Action items' });
  // A click, then a waiting assertion: the tick is an optimistic cache update that lands a moment after the click,
  // which check() (it reads the state at once) would take for a click that did nothing.
  // Ada reads it once it is saved: the tick shows before its PATCH is answered.
  const saved = gracePage.waitForResponse((response) => response.request().method() === 'PATCH' && /\/action-items\//.test(response.url()));
  await graceItems.getByRole('checkbox', { name: 'Write a tokenizer' }).click();
  await expect(graceItems.getByRole('checkbox', { name: 'Write a tokenizer' })).toBeChecked();
  expect((await saved).status()).toBe(200);
  await adaPage.goto(`/mentorships/${mentorshipId}`);
  await expect(adaPage.getByRole('region', { name: 'Action items' }).getByRole('checkbox', { name: 'Write a tokenizer' })).toBeChecked();

});

test('a mentee proposes three times and the mentor picks one; the mentee moves it and the mentor cancels it, each with a reason the other reads', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { grace, ada, mentorshipId } = await makePair(request);
  const path = `/mentorships/${mentorshipId}`;

  // Ada proposes the first three common free times.
  const adaPage = await signedInPage(browser, ada, path, inBerlin);
  const adaSessions = adaPage.getByRole('region', { name: 'Sessions' });
  await adaSessions.getByRole('button', { name: 'Book a session' }).click();
  const booking = adaPage.getByRole('form', { name: 'Book a session' });
  await booking.getByRole('radio', { name: 'Propose up to three times' }).check();
  const times = booking.getByRole('group', { name: 'Free times for both of you' }).getByRole('checkbox');
  for (const index of [0, 1, 2]) await times.nth(index).check();
  // Three at most: the others cannot be ticked.
  await expect(times.nth(3)).toBeDisabled();
  await booking.getByRole('button', { name: 'Propose these 3 times' }).click();
  const adaWaiting = adaSessions.getByRole('region', { name: 'Waiting for an answer' });
  await expect(adaWaiting.getByText('You proposed these times; Grace Hopper picks one.')).toBeVisible();

  // Grace picks the second; both then see one upcoming session and no proposal.
  const gracePage = await signedInPage(browser, grace, path, inBerlin);
  const graceSessions = gracePage.getByRole('region', { name: 'Sessions' });
  const graceWaiting = graceSessions.getByRole('region', { name: 'Waiting for an answer' });
  await expect(graceWaiting.getByText('Ada Lovelace proposed these times. Pick the one that suits you.')).toBeVisible();
  const picks = graceWaiting.getByRole('button', { name: /^Pick this time: / });
  await expect(picks).toHaveCount(3);
  const picked = ((await picks.nth(1).getAttribute('aria-label')) ?? (await picks.nth(1).textContent()) ?? '').replace(/^Pick this time: /, '');
  await picks.nth(1).click();
  await expect(graceWaiting).toBeHidden();
  const graceUpcoming = graceSessions.getByRole('region', { name: 'Upcoming' }).getByRole('listitem');
  await expect(graceUpcoming).toHaveCount(1);
  await expect(graceUpcoming).toContainText(picked.split(', ').at(-1)!);
  await adaPage.reload();
  await expect(adaWaiting).toBeHidden();
  const adaUpcoming = adaSessions.getByRole('region', { name: 'Upcoming' }).getByRole('listitem');
  await expect(adaUpcoming).toHaveCount(1);
  const before = await adaUpcoming.textContent();

  // Ada moves it to another common free time, with a reason.
  await adaUpcoming.getByRole('button', { name: 'Reschedule' }).click();
  const move = adaPage.getByRole('dialog', { name: 'Reschedule the session' });
  await move.getByRole('radio').last().check();
  await move.getByLabel('Reason').fill('A clash at work');
  await move.getByRole('button', { name: 'Move the session' }).click();
  await expect(adaPage.getByText('Session moved. You both get the updated invitation.')).toBeVisible();
  await expect(move).toBeHidden();
  await expect(adaUpcoming).toHaveCount(1);
  await expect(adaUpcoming).not.toHaveText(before ?? '');
  const moved = await adaUpcoming.textContent();

  // Grace sees the new time; she cancels, and is asked for a reason first.
  await gracePage.reload();
  await expect(graceUpcoming).toHaveCount(1);
  await graceUpcoming.getByRole('button', { name: 'Cancel session' }).click();
  const cancel = gracePage.getByRole('dialog', { name: 'Cancel the session' });
  await cancel.getByRole('button', { name: 'Cancel the session' }).click();
  await expect(cancel.getByText('Say why, so the other person knows.')).toBeVisible();
  await cancel.getByLabel('Reason').fill('I am ill');
  await cancel.getByRole('button', { name: 'Cancel the session' }).click();
  await expect(cancel).toBeHidden();
  await expect(graceSessions.getByText('Cancelled by Grace Hopper: I am ill')).toBeVisible();

  // Ada reads why, and has nothing upcoming any more.
  await adaPage.reload();
  await expect(adaSessions.getByText('Cancelled by Grace Hopper: I am ill')).toBeVisible();
  await expect(adaSessions.getByText('No sessions booked yet.')).toBeVisible();
  expect(moved).not.toBe(before);

});
