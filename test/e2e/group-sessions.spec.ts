import { expect, test } from './fixtures';
import { createTestUser } from '../support/auth';
import { axeAtBothWidths } from './axe';
import { call, makePair, pairProfile, signedInPage, stage } from './pairs';
import { chromiumExecutable, withFakeMedia } from './playwright.config';
import { screenshot, widths } from './support';

/*
 * A workshop in three browsers: the mentor (Grace, New York) schedules one from the Group sessions page, starting a
 * few minutes from now; two mentees sign up on its page; Grace joins backstage and goes live while a mentee is told
 * to wait, then that mentee joins the live workshop. Screenshots and axe at 1280 and 375 px on the way.
 */

// Calls between browsers run in the browser itself, not the headless shell (see headlessShellExecutable).
test.use({ launchOptions: withFakeMedia(chromiumExecutable) });

/** `YYYY-MM-DDTHH:MM` on the wall clock of `zone`, as a datetime-local input takes it. */
const wallClock = (at: Date, zone: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
};

/** A start the form takes (its step is 5 minutes), 2 to 7 minutes ahead: the host may go backstage from 10 minutes before. */
const soonOnTheForm = () => {
  const step = 5 * 60_000;
  return new Date(Math.ceil((Date.now() + 2 * 60_000) / step) * step);
};

test('a mentor schedules a workshop, two mentees sign up, the host goes live from backstage while a mentee waits', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const { grace, ada, coordinator } = await makePair(request);
  const mary = await createTestUser(stage(), { name: 'Mary Somerville' });
  const programme = await call(request, coordinator, 'GET', '/api/programme');
  const topic = (programme.topics as string[])[0]!;
  await call(request, mary, 'PUT', '/api/profile/me', pairProfile(mary, 'mentee', programme.codeOfConductVersion as number, topic));
  await call(request, mary, 'POST', '/api/profile/me/submit');

  // The mentor schedules from the list; the start is in her own zone (New York).
  const gracePage = await signedInPage(browser, grace, '/group-sessions', { viewport: widths.desktop, timezoneId: 'America/New_York' });
  await gracePage.getByRole('button', { name: 'Schedule a group session' }).click();
  const form = gracePage.getByRole('dialog', { name: 'Schedule a group session' });
  await form.getByLabel('Title').fill('Reading a compiler');
  await form.getByLabel('Description').fill('We walk through a small compiler, pass by pass. Bring questions.');
  await form.getByRole('checkbox', { name: topic }).check();
  await expect(form.getByText('Start (America/New_York)')).toBeVisible();
  await form.getByLabel('Start (America/New_York)').fill(wallClock(soonOnTheForm(), 'America/New_York'));
  await form.getByLabel('Places').fill('2');
  await axeAtBothWidths(gracePage, 'group-sessions-schedule');
  await form.getByRole('button', { name: 'Schedule' }).click();
  await expect(gracePage).toHaveURL(/\/group-sessions\/[0-9a-f-]{36}$/);
  const sessionPath = new URL(gracePage.url()).pathname;
  await expect(gracePage.getByRole('heading', { level: 1, name: 'Reading a compiler' })).toBeVisible();
  await expect(gracePage.getByText('You host this session')).toBeVisible();
  await expect(gracePage.getByText('2 of 2 places left')).toBeVisible();

  // Two mentees find it on the list and sign up on its page.
  const adaPage = await signedInPage(browser, ada, '/group-sessions', { viewport: widths.desktop, timezoneId: 'Europe/Berlin' });
  const card = adaPage.getByRole('listitem').filter({ has: adaPage.getByRole('link', { name: 'Reading a compiler' }) });
  await expect(card.getByText('Hosted by Grace Hopper')).toBeVisible();
  await axeAtBothWidths(adaPage, 'group-sessions-list');
  await card.getByRole('link', { name: 'Reading a compiler' }).click();
  await adaPage.getByRole('button', { name: 'Sign up' }).click();
  await expect(adaPage.getByText('You have a place', { exact: true })).toBeVisible();
  const maryPage = await signedInPage(browser, mary, sessionPath, { viewport: widths.phone, timezoneId: 'Europe/Berlin' });
  await maryPage.getByRole('button', { name: 'Sign up' }).click();
  await expect(maryPage.getByText('You have a place', { exact: true })).toBeVisible();
  await expect(maryPage.getByText('Full · 0 waiting')).toBeVisible();
  await axeAtBothWidths(maryPage, 'group-session-signed-up');

  // The host joins backstage: the livestream's call page, where she may go live.
  await gracePage.reload();
  await gracePage.getByRole('button', { name: 'Join backstage' }).click();
  await expect(gracePage).toHaveURL(/\/calls\/livestream\/g-/);
  await gracePage.getByRole('button', { name: 'Join call' }).click();
  await expect(gracePage.getByRole('button', { name: 'Go live' })).toBeVisible({ timeout: 30_000 });
  await screenshot(gracePage, 'group-session-backstage-desktop');

  // A mentee with a place waits until the host goes live, then joins.
  await adaPage.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(adaPage).toHaveURL(/\/calls\/livestream\/g-/);
  await expect(adaPage.getByText('The host has not started this call yet.', { exact: false })).toBeVisible({ timeout: 30_000 });
  await expect(adaPage.getByRole('button', { name: 'Join call' })).toBeDisabled();
  await screenshot(adaPage, 'group-session-starting-soon-desktop');
  await gracePage.getByRole('button', { name: 'Go live' }).click();
  await expect(gracePage.getByRole('button', { name: 'Stop live' })).toBeVisible({ timeout: 30_000 });
  await expect(adaPage.getByRole('button', { name: 'Join call' })).toBeEnabled({ timeout: 30_000 });
  await adaPage.getByRole('button', { name: 'Join call' }).click();
  await expect(adaPage.getByRole('button', { name: 'Leave call' })).toBeVisible({ timeout: 30_000 });
  await expect(adaPage.getByRole('button', { name: 'Go live' })).toHaveCount(0);
  await screenshot(adaPage, 'group-session-live-viewer-desktop');
  await screenshot(gracePage, 'group-session-live-host-desktop');
});
