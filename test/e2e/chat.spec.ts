import { expect, test } from './fixtures';
import { axe, wcag } from './axe';
import { call, makePair, signedInPage } from './pairs';
import { memberChat, pairChannel } from './stand-in-chat';
import { screenshot, widths } from './support';

/*
 * Chat between the two members of a mentorship, each in their own browser, on the stage's Stream stand-in: the
 * real stream-chat and stream-chat-react, nothing routed. A writes on the mentorship page, B sees it arrive on /messages without reloading,
 * counted unread; B replies in a thread, A reacts, A sees B's read receipt. Then a block ends the mentorship:
 * the channel is frozen, the page says the conversation is closed and the stand-in refuses a message.
 */

test('two members chat on the stand-in: a message arrives live, a thread reply, a reaction, unread counts and read receipts', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { grace, ada, mentorshipId } = await makePair(request);
  // The channel exists once the bus has run the mentorship-channel consumer.
  const probe = await memberChat(request, grace);
  await pairChannel(probe, mentorshipId);
  await probe.disconnectUser();

  const gracePage = await signedInPage(browser, grace, `/mentorships/${mentorshipId}`, { viewport: widths.desktop });
  const adaPage = await signedInPage(browser, ada, '/messages', { viewport: widths.desktop });
  const list = adaPage.getByRole('complementary', { name: 'Conversations' });
  const preview = list.getByRole('listbox', { name: 'Your conversations' }).getByRole('option');
  await expect(preview).toHaveCount(1, { timeout: 20_000 });
  // The programme's welcome (a system message) is the first unread one.
  await expect(preview).toHaveAccessibleName(/1 unread message\b/);

  // A writes on the mentorship page; B, on /messages, sees it arrive (no reload) and counted unread.
  const composer = gracePage.getByRole('textbox', { name: /message/i });
  await expect(composer).toBeVisible({ timeout: 20_000 });
  await composer.fill('Hello Ada, shall we meet on Tuesday?');
  await composer.press('Enter');
  await expect(gracePage.locator('.str-chat__message').filter({ hasText: 'Hello Ada, shall we meet on Tuesday?' })).toBeVisible();
  await expect(preview).toHaveAccessibleName(/2 unread messages\. Last message from [^:]+: Hello Ada, shall we meet on Tuesday\?/);
  await screenshot(adaPage, 'chat-unread');

  // B opens the conversation: the message is there, the unread count goes, and A sees it read.
  await preview.click();
  const adaMessage = adaPage.locator('.str-chat__message').filter({ hasText: 'Hello Ada, shall we meet on Tuesday?' });
  await expect(adaMessage).toBeVisible();
  await expect(preview).not.toHaveAccessibleName(/unread/);
  await expect(gracePage.locator('.str-chat__message').filter({ hasText: 'Hello Ada' }).locator('[data-testid="message-status-read-by"]')).toBeVisible({ timeout: 10_000 });

  // B replies in a thread; A's page shows the reply count under the message.
  // A message's actions show while it is hovered; a re-render (a receipt arriving) can drop the hover, so hover again.
  await expect(async () => {
    await adaMessage.hover();
    await adaMessage.getByRole('button', { name: /thread|reply/i }).first().click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const thread = adaPage.locator('.str-chat__thread');
  await expect(thread).toBeVisible();
  const threadComposer = thread.getByRole('textbox', { name: /message|reply/i });
  await threadComposer.fill('Tuesday works, 18:00?');
  await threadComposer.press('Enter');
  await expect(thread.locator('.str-chat__message').filter({ hasText: 'Tuesday works, 18:00?' })).toBeVisible();
  await expect(gracePage.locator('.str-chat__message').filter({ hasText: 'Hello Ada' }).getByText(/1 reply/i)).toBeVisible();

  // A reacts to the message; B sees the reaction.
  const graceMessage = gracePage.locator('.str-chat__message').filter({ hasText: 'Hello Ada' });
  await expect(async () => {
    await graceMessage.hover();
    await graceMessage.getByRole('button', { name: /reaction/i }).first().click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await gracePage.locator('.str-chat__reaction-selector button').first().click();
  // In B's channel (the message list's copy, not the thread's header), A's reaction appears.
  await expect(adaMessage.first().getByRole('figure', { name: 'Reaction list' })).toBeVisible();
  await expect(adaMessage.first().getByRole('figure', { name: 'Reaction list' })).toContainText('1');
  await screenshot(gracePage, 'chat-mentorship-page');
  await screenshot(adaPage, 'chat-messages-page');

  // The populated chat view passes axe, Stream's components included, at both widths.
  for (const [label, viewport] of Object.entries(widths)) {
    await adaPage.setViewportSize(viewport);
    const results = await axe(adaPage, { tags: wcag });
    expect(results.violations.map(({ id, nodes }) => ({ id, nodes: nodes.map((node) => node.html.slice(0, 160)) })), `chat view at ${label}`).toEqual([]);
  }
});

test('a blocked pair’s channel is closed: the page says so, and the stand-in refuses a message', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { grace, ada, mentorshipId } = await makePair(request);
  const graceChat = await memberChat(request, grace);
  const channel = await pairChannel(graceChat, mentorshipId);

  await call(request, ada, 'POST', `/api/members/${grace.sub}/block`);
  // The block ends the mentorship; the bus freezes the channel.
  await expect.poll(async () => (await channel.query({})).channel.frozen, { timeout: 20_000 }).toBe(true);
  const { message } = await channel.sendMessage({ text: 'Please unblock me' });
  expect(message.type).toBe('error');

  const gracePage = await signedInPage(browser, grace, `/mentorships/${mentorshipId}`, { viewport: widths.desktop });
  await expect(gracePage.getByText('This conversation is closed. Its history stays readable.')).toBeVisible({ timeout: 20_000 });
  await expect(gracePage.getByRole('textbox', { name: /message/i })).toHaveCount(0);
  // Last: the SDK may still be handling the freeze's events, and a channel used after disconnect throws.
  await channel.stopWatching();
  await graceChat.disconnectUser();
});
