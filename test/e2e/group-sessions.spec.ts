import { expect as baseExpect, test } from './fixtures';
import { createTestUser } from '../support/auth';
import { axe, axeAtBothWidths, wcag } from './axe';
import { call, makePair, pairProfile, signedInPage, stage } from './pairs';
import { chromiumExecutable, withFakeMedia } from './playwright.config';
import { screenshot, widths } from './support';
import type { APIRequestContext, Page } from '@playwright/test';

/** The member's voice as the page plays it: a live, enabled audio track (null while the page plays none). */
const playingAudio = (page: Page, userId: string) =>
  page.evaluate((id) => {
    const track = (document.querySelector<HTMLAudioElement>(`audio[data-user-id="${id}"]`)?.srcObject as MediaStream | null)?.getAudioTracks()[0];
    return track ? { readyState: track.readyState, enabled: track.enabled } : null;
  }, userId);

/*
 * A workshop in three browsers: the mentor (Grace, New York) schedules one from the Group sessions page, starting a
 * few minutes from now; two mentees (Ada and Mary, Berlin) sign up on its page; Grace joins the live room backstage
 * and goes live while the mentees see "Starting soon"; Ada raises a hand and Grace brings her on stage, where the
 * others see her after the host; once both on stage agreed, Grace records it and Mary reads that it is recorded;
 * Mary's reaction shows on her tile; Grace mutes Ada, then removes her, and Ada cannot
 * come back; Grace ends the session, and its recording is on its page. Screenshots and axe at 1280 and 375 px on the way.
 */

// Calls between browsers run in the browser itself, not the headless shell (see headlessShellExecutable).
test.use({ launchOptions: withFakeMedia(chromiumExecutable) });

// Three browsers with cameras: beside the other worker's recorded and transcribed call (Chromium, ffmpeg and
// pocketsphinx filling both cores), a page took over 5 s to show what the server had answered (a schedule, a sign-up),
// though it passes alone in 1.2 min. What each step waits for is unchanged; how long it may take is not the point here.
const expect = baseExpect.configure({ timeout: 15_000 });

/** `YYYY-MM-DDTHH:MM` on the wall clock of `zone`, as a datetime-local input takes it. */
const wallClock = (at: Date, zone: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
};

/** The user ids of the stage's tiles, in the order the page shows them. */
const stageOrder = (page: Page) => page.locator('.role-sorted-stage__tile').evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-user-id')));

/** The widest frame a member's camera plays at on this page (0 while it does not play). */
const playingVideoWidth = (page: Page, userId: string) =>
  page.locator(`video[data-user-id="${userId}"]`).evaluateAll((videos) => Math.max(0, ...videos.map((video) => (video as HTMLVideoElement).videoWidth)));

/** The room at both widths: no sideways scroll, axe clean (WCAG: Stream's tiles are in it), a screenshot of each. */
const inTheRoom = async (page: Page, name: string) => {
  for (const [label, viewport] of Object.entries(widths)) {
    await page.setViewportSize(viewport);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'), `${name} scrolls sideways at ${label}`).toBeLessThanOrEqual(0);
    const results = await axe(page, { tags: wcag });
    expect(results.violations.map(({ id, nodes }) => ({ id, nodes: nodes.map((node) => node.html.slice(0, 160)) })), `${name} at ${label}`).toEqual([]);
    await screenshot(page, `${name}-${label}`, { fullPage: false });
  }
  await page.setViewportSize(widths.desktop);
};

/** Grace (a mentor) and two mentees, Ada and Mary, and a topic of the programme's. */
const threeMembers = async (request: APIRequestContext) => {
  const { grace, ada, coordinator } = await makePair(request);
  const mary = await createTestUser(stage(), { name: 'Mary Somerville' });
  const programme = await call(request, coordinator, 'GET', '/api/programme');
  const topic = (programme.topics as string[])[0]!;
  await call(request, mary, 'PUT', '/api/profile/me', pairProfile(mary, 'mentee', programme.codeOfConductVersion as number, topic));
  await call(request, mary, 'POST', '/api/profile/me/submit');
  return { grace, ada, mary, topic };
};

/** A start the form takes (its step is 5 minutes), 2 to 7 minutes ahead: the host may go backstage from 10 minutes before. */
const soonOnTheForm = () => {
  const step = 5 * 60_000;
  return new Date(Math.ceil((Date.now() + 2 * 60_000) / step) * step);
};

test('a mentor schedules a workshop, two mentees sign up, and the host runs its live room: backstage, raised hands, moderation, reactions', async ({ browser, request }) => {
  test.setTimeout(420_000);
  const { grace, ada, mary, topic } = await threeMembers(request);

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

  // The host joins backstage from the session's page: the workshop's live room, under the session's title.
  await gracePage.reload();
  await gracePage.getByRole('button', { name: 'Join backstage' }).click();
  await expect(gracePage).toHaveURL(/\/calls\/livestream\/g-/);
  await expect(gracePage.getByRole('heading', { level: 1, name: 'Reading a compiler' })).toBeVisible();
  await expect(gracePage.getByText('Workshop · Hosted by Grace Hopper')).toBeVisible();
  await expect(gracePage.getByText('You join backstage: members see you once you go live.')).toBeVisible({ timeout: 30_000 });
  await gracePage.getByRole('button', { name: 'Join call' }).click();
  await expect(gracePage.getByRole('button', { name: 'Go live' })).toBeVisible({ timeout: 30_000 });
  await expect(gracePage.getByText('You are backstage. 2 members with a place see “Starting soon” until you go live.')).toBeVisible();
  await expect(gracePage.getByRole('button', { name: 'Invite a guest' })).toHaveCount(0);
  await expect(gracePage.getByRole('region', { name: 'Raised hands (0)' })).toBeVisible();
  await inTheRoom(gracePage, 'group-session-backstage');

  // Members with a place see "Starting soon", at the start in their own zone, with nothing to set up, until she goes live.
  const session = await call(request, ada, 'GET', `/api/group-sessions/${sessionPath.split('/').pop()}`);
  const startsAt = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(session.startsAt as string));
  for (const page of [adaPage, maryPage]) {
    await page.goto(sessionPath);
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await expect(page).toHaveURL(/\/calls\/livestream\/g-/);
    await expect(page.getByText('Starting soon', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(`It starts at ${startsAt} (Europe/Berlin). You can join as soon as the host goes live.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Join call' })).toBeDisabled();
    await expect(page.getByRole('button', { name: /^(Camera|Microphone) / })).toHaveCount(0);
  }
  await axeAtBothWidths(adaPage, 'group-session-starting-soon');

  await gracePage.getByRole('button', { name: 'Go live' }).click();
  await expect(gracePage.getByRole('button', { name: 'Stop live' })).toBeVisible({ timeout: 30_000 });
  for (const page of [adaPage, maryPage]) {
    await page.getByRole('button', { name: 'Join call' }).click({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Leave call' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Go live' })).toHaveCount(0);
  }

  // Ada raises a hand; Grace sees the queue and brings her on stage: her camera and microphone come on, and the others
  // see her after the host, before the audience.
  await adaPage.getByRole('button', { name: 'Raise hand' }).click();
  await expect(adaPage.getByText('Your hand is raised. The host sees it and may bring you on stage.')).toBeVisible();
  const hands = gracePage.getByRole('region', { name: 'Raised hands (1)' });
  await expect(hands.getByRole('listitem')).toHaveText([/Ada Lovelace/], { timeout: 30_000 });
  await hands.getByRole('button', { name: 'Bring Ada Lovelace on stage' }).click();
  await expect(adaPage.getByText('You are on stage: everyone sees and hears you.')).toBeVisible({ timeout: 30_000 });
  await expect(adaPage.getByRole('button', { name: 'Microphone on' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => stageOrder(maryPage), { timeout: 60_000 }).toEqual([grace.sub, ada.sub, mary.sub]);
  await expect.poll(() => playingVideoWidth(gracePage, ada.sub), { timeout: 60_000 }).toBeGreaterThan(0);
  // On Mary's phone the stage scrolls: Ada's camera plays once her tile is in view (the SDK subscribes to what is seen).
  await maryPage.locator(`.role-sorted-stage__tile[data-user-id="${ada.sub}"]`).scrollIntoViewIfNeeded();
  await expect.poll(() => playingVideoWidth(maryPage, ada.sub), { timeout: 60_000 }).toBeGreaterThan(0);
  await expect(maryPage.locator(`[data-user-id="${grace.sub}"] .call-tile-role`)).toHaveText('Host');

  // Recording waits for everyone on stage: Grace and Ada agree (Mary, of the audience, is not asked), then Grace starts
  // it, and Mary reads that the session is recorded.
  const startRecording = gracePage.getByRole('button', { name: 'Start recording' });
  await expect(startRecording).toBeDisabled();
  await expect(gracePage.getByText(/^Waiting for everyone on stage to agree to recording: .*Ada Lovelace/)).toBeVisible();
  await gracePage.getByRole('button', { name: 'I agree to be recorded' }).click();
  await adaPage.getByRole('button', { name: 'I agree to be recorded' }).click();
  await expect(maryPage.getByRole('button', { name: 'I agree to be recorded' })).toHaveCount(0);
  await startRecording.click();
  await expect(gracePage.getByRole('button', { name: 'Stop recording' })).toBeVisible({ timeout: 30_000 });
  await expect(maryPage.getByText('This session is being recorded')).toBeVisible({ timeout: 30_000 });
  await inTheRoom(maryPage, 'group-session-live-stage');
  // Kept short: the stand-in composes a recording when it stops, for as long as it ran, on the cores the calls share.
  await gracePage.getByRole('button', { name: 'Stop recording' }).click();
  await expect(startRecording).toBeVisible({ timeout: 30_000 });

  // Grace pins Ada for everyone: every page shows her pinned (the SFU's pins); the stage keeps its role order.
  const adaTile = (page: Page) => page.locator(`.role-sorted-stage__tile[data-user-id="${ada.sub}"]`);
  await adaTile(gracePage).getByRole('button', { name: 'Pin Ada Lovelace for everyone' }).click();
  for (const page of [gracePage, adaPage, maryPage]) {
    await expect(adaTile(page).getByRole('button', { name: 'Unpin Ada Lovelace' })).toHaveAttribute('aria-pressed', 'true', { timeout: 30_000 });
  }
  expect(await stageOrder(maryPage)).toEqual([grace.sub, ada.sub, mary.sub]);
  await screenshot(gracePage, 'group-session-live-host-desktop', { fullPage: false });

  // Mary reacts: the others see it on her tile.
  await maryPage.getByRole('button', { name: 'React' }).click();
  const reactions = maryPage.getByRole('group', { name: 'React' });
  // Raising a hand is a request here (the button beside the stage), not a reaction.
  await expect(reactions.getByRole('button', { name: 'Thumbs up' })).toBeVisible();
  await expect(reactions.getByRole('button', { name: 'Raise hand' })).toHaveCount(0);
  await reactions.getByRole('button', { name: 'Thumbs up' }).click();
  await expect(gracePage.locator(`.role-sorted-stage__tile[data-user-id="${mary.sub}"] .str-video__reaction`)).toHaveText('👍');

  // Grace mutes Ada (her own page says her microphone is off), then removes her: she leaves and cannot come back.
  await gracePage.getByRole('button', { name: 'Participants' }).click();
  const people = gracePage.getByRole('region', { name: 'In the call (3)' });
  await people.getByRole('button', { name: 'Mute Ada Lovelace' }).click();
  await expect(adaPage.getByRole('button', { name: 'Microphone off' })).toBeVisible({ timeout: 30_000 });
  await people.getByRole('button', { name: 'Remove Ada Lovelace from the session' }).click();
  await expect(adaPage.getByText('The host removed you from this session.', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => stageOrder(maryPage), { timeout: 30_000 }).toEqual([grace.sub, mary.sub]);
  await adaPage.getByRole('button', { name: 'Skip' }).click();
  await expect(adaPage).toHaveURL(new RegExp(`${sessionPath}$`));
  await adaPage.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(adaPage.getByText('The host removed you from this session, so you cannot join it again.')).toBeVisible({ timeout: 30_000 });
  await expect(adaPage.getByRole('button', { name: 'Join call' })).toHaveCount(0);

  // Grace ends the session for everyone.
  await gracePage.getByRole('button', { name: 'End the session for everyone' }).click();
  await expect(maryPage.getByText('The session has ended.', { exact: true })).toBeVisible({ timeout: 30_000 });

  // Afterwards the session is ended, from its call's webhooks, and its host reads who came and for how long; a
  // mentee reads no one's attendance.
  await gracePage.goto(sessionPath);
  const attendance = gracePage.getByRole('region', { name: 'Attendance' });
  // The recording Grace made is in the session's archive.
  const archive = gracePage.getByRole('region', { name: 'Recording and transcript' });
  await expect(async () => {
    await gracePage.reload();
    await expect(gracePage.getByRole('list', { name: 'About' }).getByText('Ended', { exact: true })).toBeVisible({ timeout: 2000 });
    await expect(attendance.getByRole('listitem')).toHaveCount(3, { timeout: 2000 });
    await expect(archive.getByLabel(/^Recording rec_livestream_/)).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  for (const name of ['Grace Hopper', 'Ada Lovelace', 'Mary Somerville']) await expect(attendance.getByRole('listitem').filter({ hasText: name })).toContainText(/min in the call/);
  await axeAtBothWidths(gracePage, 'group-session-attendance');
  await maryPage.goto(sessionPath);
  await expect(maryPage.getByRole('list', { name: 'About' }).getByText('Ended', { exact: true })).toBeVisible();
  await expect(maryPage.getByRole('region', { name: 'Attendance' })).toHaveCount(0);

  // Mary rates it; Grace reads the rating and the comment, not who gave it.
  const rating = maryPage.getByRole('region', { name: 'How was it?' });
  await rating.getByTestId('star-5').click();
  await expect(rating.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await rating.getByLabel('A comment for the host (optional)').fill('The pass-by-pass walk made it click.');
  await axeAtBothWidths(maryPage, 'group-session-rate');
  await rating.getByRole('button', { name: 'Send rating' }).click();
  await expect(rating.getByText('Thank you: you gave it 5 of 5.')).toBeVisible();
  await gracePage.reload();
  const ratings = gracePage.getByRole('region', { name: 'Ratings' });
  await expect(ratings).toContainText('5.0 of 5 from 1 member');
  await expect(ratings).toContainText('“The pass-by-pass walk made it click.”');
  await expect(ratings).not.toContainText('Mary');
});

/*
 * An open circle (an audio room) in three browsers: Grace hosts, live from backstage, and speaks; Ada asks to speak,
 * Grace gives her the floor, Mary hears her after the host, and Grace takes the floor back. Axe at both widths.
 */
test('an open circle: a listener asks to speak, the host gives the floor, the others hear them after the host, and the host takes it back', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const { grace, ada, mary, topic } = await threeMembers(request);
  const circle = await call(request, grace, 'POST', '/api/group-sessions', {
    kind: 'open_circle', title: 'Office hours: first jobs', description: 'Bring a question about your first job in tech.', topics: [topic],
    startsAt: soonOnTheForm().toISOString(), durationMinutes: 30, capacity: 5, audience: 'all', coHostIds: [], speakerIds: [],
  });
  const sessionPath = `/group-sessions/${circle.id as string}`;
  for (const member of [ada, mary]) await call(request, member, 'POST', `/api/group-sessions/${circle.id as string}/sign-up`);

  // Grace goes backstage with her microphone on and goes live; Ada and Mary join as listeners.
  const gracePage = await signedInPage(browser, grace, sessionPath, { viewport: widths.desktop, timezoneId: 'America/New_York' });
  await gracePage.getByRole('button', { name: 'Join backstage' }).click();
  await expect(gracePage).toHaveURL(/\/calls\/audio_room\/g-/);
  await expect(gracePage.getByText('Open circle · Hosted by Grace Hopper')).toBeVisible();
  await gracePage.getByRole('button', { name: 'Join call' }).click({ timeout: 30_000 });
  await expect(gracePage.getByRole('button', { name: 'Go live' })).toBeVisible({ timeout: 30_000 });
  // The host speaks from the start (the room turns a host's microphone on; listeners have none).
  await expect(gracePage.getByRole('button', { name: 'Microphone on' })).toBeVisible();
  await gracePage.getByRole('button', { name: 'Go live' }).click();
  await expect(gracePage.getByRole('button', { name: 'Stop live' })).toBeVisible({ timeout: 30_000 });
  const adaPage = await signedInPage(browser, ada, sessionPath, { viewport: widths.desktop, timezoneId: 'Europe/Berlin' });
  const maryPage = await signedInPage(browser, mary, sessionPath, { viewport: widths.phone, timezoneId: 'Europe/Berlin' });
  for (const page of [adaPage, maryPage]) {
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await expect(page).toHaveURL(/\/calls\/audio_room\/g-/);
    await page.getByRole('button', { name: 'Join call' }).click({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Leave call' })).toBeVisible({ timeout: 30_000 });
    // Audio only: no camera anywhere, and a listener has no microphone until given the floor.
    await expect(page.getByRole('button', { name: /^(Camera|Microphone) / })).toHaveCount(0);
  }
  await expect.poll(() => playingAudio(maryPage, grace.sub), { timeout: 30_000 }).toEqual({ readyState: 'live', enabled: true });

  // Ada asks to speak; Grace sees the request and gives her the floor: her microphone comes on and the others hear her,
  // after the host and before the listeners.
  await adaPage.getByRole('button', { name: 'Request to speak' }).click();
  await expect(adaPage.getByText('Request sent. Waiting for a host…')).toBeVisible();
  const asking = gracePage.getByRole('region', { name: 'Asking to speak (1)' });
  await expect(asking.getByRole('listitem')).toHaveText([/Ada Lovelace/], { timeout: 30_000 });
  await asking.getByRole('button', { name: 'Let Ada Lovelace speak' }).click();
  await expect(adaPage.getByText('You have the floor: everyone hears you.')).toBeVisible({ timeout: 30_000 });
  await expect(adaPage.getByRole('button', { name: 'Microphone on' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => playingAudio(maryPage, ada.sub), { timeout: 30_000 }).toEqual({ readyState: 'live', enabled: true });
  await expect.poll(() => stageOrder(maryPage), { timeout: 30_000 }).toEqual([grace.sub, ada.sub, mary.sub]);
  await expect(gracePage.getByRole('region', { name: 'Asking to speak (0)' })).toBeVisible();
  await inTheRoom(maryPage, 'open-circle-speaking');
  await inTheRoom(gracePage, 'open-circle-host');

  // Grace takes the floor back: Ada's microphone goes off, her page says why, and she may ask again.
  await gracePage.getByRole('region', { name: 'Speaking from the audience' }).getByRole('button', { name: 'Stop Ada Lovelace speaking' }).click();
  await expect(adaPage.getByText('A host has turned off your microphone permission.')).toBeVisible({ timeout: 30_000 });
  await expect(adaPage.getByRole('button', { name: /^Microphone / })).toHaveCount(0);
  await expect(adaPage.getByRole('button', { name: 'Request to speak' })).toBeVisible();
  await expect(gracePage.getByRole('region', { name: 'Speaking from the audience' })).toHaveCount(0, { timeout: 30_000 });
  await inTheRoom(adaPage, 'open-circle-floor-taken-back');
});
