import { expect, test } from './fixtures';
import type { TestUser } from '../support/auth';
import { axeAtBothWidths } from './axe';
import { makePair, signedInPage } from './pairs';
import { memberChat, pairChannel } from './stand-in-chat';
import { screenshot } from './support';

/*
 * Safeguarding in two browsers: a mentee reports a message in the pair's chat (on the stage's Stream stand-in,
 * where the mentor wrote it), and a coordinator finds the
 * report in /coordinator/reports, reads it, notes and resolves it. The pair is made through the API.
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

test('a mentee reports a chat message; a coordinator finds it in the queue, notes and resolves it', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const { grace, ada, coordinator: cora, mentorshipId } = await makePair(request, profile);

  // The mentor writes in the pair's channel (on the stage's Stream stand-in); the mentee opens the mentorship: the
  // chat shows the mentor's message, and its menu offers "Report".
  const text = 'Answer me right now or I will tell everyone.';
  const graceChat = await memberChat(request, grace);
  await (await pairChannel(graceChat, mentorshipId)).sendMessage({ text });
  await graceChat.disconnectUser();
  const adaPage = await signedInPage(browser, ada, `/mentorships/${mentorshipId}`);
  const message = adaPage.locator('.str-chat__message').filter({ hasText: text });
  await expect(message).toBeVisible({ timeout: 20_000 });
  await message.hover();
  await message.getByRole('button', { name: 'Open Message Actions Menu' }).click();
  await adaPage.getByRole('menu', { name: 'Message Actions' }).getByRole('menuitem', { name: 'Report', exact: true }).click();

  const dialog = adaPage.getByRole('dialog', { name: 'Report a concern' });
  await expect(dialog.getByText('About a message from Grace Hopper.')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Harassment or bullying' }).check();
  await dialog.getByRole('textbox', { name: 'What happened?' }).fill('She threatens me when I do not answer at once.');
  await axeAtBothWidths(adaPage, 'safeguarding-report-dialog');
  await dialog.getByRole('button', { name: 'Send the report' }).click();
  await expect(dialog.getByText('Your report reached the programme coordinators.', { exact: false })).toBeVisible();
  await screenshot(adaPage, 'safeguarding-report-sent');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  // The coordinator: the queue's open tab has it; its page shows the message as seen; a note; resolved.
  const coraPage = await signedInPage(browser, cora, '/coordinator/reports');
  const item = coraPage.getByRole('listitem').filter({ hasText: 'Ada Lovelace' }).filter({ hasText: 'A chat message from Grace Hopper' });
  await expect(item).toBeVisible();
  await axeAtBothWidths(coraPage, 'safeguarding-queue');
  await item.getByRole('link', { name: 'Harassment or bullying' }).click();
  await expect(coraPage.getByRole('heading', { level: 1, name: 'Harassment or bullying' })).toBeVisible();
  await expect(coraPage.getByText(text)).toBeVisible();
  await expect(coraPage.getByText('She threatens me when I do not answer at once.')).toBeVisible();
  await coraPage.getByRole('textbox', { name: 'Note' }).fill('Spoke to Ada on the phone; she is safe. Warned Grace.');
  await coraPage.getByRole('button', { name: 'Add a note' }).click();
  await expect(coraPage.getByText('Spoke to Ada on the phone; she is safe. Warned Grace.')).toBeVisible();
  await axeAtBothWidths(coraPage, 'safeguarding-report');
  await coraPage.getByRole('button', { name: 'Mark as resolved' }).click();
  await expect(coraPage.getByText('Resolved', { exact: true })).toBeVisible();

  await coraPage.getByRole('link', { name: 'All reports' }).click();
  await expect(coraPage.getByRole('listitem').filter({ hasText: 'A chat message from Grace Hopper' }).filter({ hasText: 'Ada Lovelace' })).toHaveCount(0);
  await coraPage.getByRole('link', { name: 'Resolved' }).click();
  await expect(coraPage.getByRole('listitem').filter({ hasText: 'A chat message from Grace Hopper' }).filter({ hasText: 'Ada Lovelace' })).toBeVisible();
  await screenshot(coraPage, 'safeguarding-queue-resolved');
});
