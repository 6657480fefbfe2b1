import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axe, wcag } from './axe';
import { makePair, signedInPage } from './pairs';
import { memberChat, pairChannel } from './stand-in-chat';
import { screenshot, widths } from './support';

/*
 * The chat's poll, pin, mute and search between a pair, each member in their own browser on the stage's Stream
 * stand-in (the real stream-chat and stream-chat-react): the mentor on the mentorship page at 1280 px, the mentee on
 * /messages at 375 px. The mentor's poll is voted on by the mentee and the count changes live on the mentor's page,
 * then the mentor ends it; the mentee pins the mentor's message and the mentor sees it pinned; the mentee mutes the
 * conversation and a new message counts no unread; the mentee finds a message by its words and it opens in place;
 * then she sees the mentor typing, his image with its words, his edit of them and his deletion of the message.
 */

/** A 1×1 PNG: the smallest image the composer previews and Stream's CDN (the stand-in's s3rver) serves back. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const axeClean = async (page: Page, label: string) => {
  // stream-chat-react's toasts ("Message pinned") fade in: axe reads their colours through the animation's opacity.
  // They are checked at rest, once the finite animations are over.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity));
  const results = await axe(page, { tags: wcag });
  expect(results.violations.map(({ id, nodes }) => ({ id, nodes: nodes.map((node) => node.html.slice(0, 160)) })), label).toEqual([]);
};

test('a poll voted on live, a pinned message, a muted conversation, a message found by search, typing, an image, an edit and a deletion, at 1280 and 375 px', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const { grace, ada, mentorshipId } = await makePair(request);
  const graceChat = await memberChat(request, grace);
  const pair = await pairChannel(graceChat, mentorshipId);
  await pair.sendMessage({ text: 'Read chapter three of the dragon book before we meet.' });
  await graceChat.disconnectUser();

  const gracePage = await signedInPage(browser, grace, `/mentorships/${mentorshipId}`, { viewport: widths.desktop });
  const adaPage = await signedInPage(browser, ada, '/messages', { viewport: widths.phone });
  const list = adaPage.getByRole('complementary', { name: 'Conversations' });
  const row = list.getByRole('listbox', { name: 'Your conversations' }).getByRole('option');
  await expect(row).toHaveCount(1, { timeout: 20_000 });

  // The mentor makes a poll in the pair's chat.
  await gracePage.getByRole('button', { name: 'Open Attachment Selector' }).click({ timeout: 20_000 });
  await gracePage.getByRole('menuitem', { name: 'Poll' }).click();
  await gracePage.getByPlaceholder('Ask a Question').fill('When shall we meet?');
  await gracePage.getByPlaceholder('Add an Option').last().fill('Monday');
  await gracePage.getByPlaceholder('Add an Option').last().fill('Friday');
  await gracePage.getByRole('button', { name: 'Send Poll' }).click();
  const gracePoll = gracePage.locator('.str-chat__poll').filter({ hasText: 'When shall we meet?' });
  await expect(gracePoll).toBeVisible();

  // The mentee, on her phone, opens the conversation and votes; the mentor's count moves without a reload.
  await row.click();
  const adaPoll = adaPage.locator('.str-chat__poll').filter({ hasText: 'When shall we meet?' });
  await expect(adaPoll).toBeVisible({ timeout: 20_000 });
  await adaPoll.getByRole('button', { name: /Friday/ }).click();
  await expect(adaPoll.getByRole('button', { name: /Friday/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(gracePoll.locator('.str-chat__poll-option').filter({ hasText: 'Friday' }).locator('.str-chat__poll-option-vote-count')).toHaveText('1');
  await screenshot(adaPage, 'chat-poll-voted-phone');

  // The mentor ends the poll; the mentee can vote no more.
  await gracePoll.getByRole('button', { name: 'End Poll' }).click();
  await gracePage.locator('.str-chat__end-poll-alert__end-vote-button').click();
  await expect(adaPoll.getByText('Vote ended')).toBeVisible();
  await expect(adaPoll.getByRole('button', { name: /Monday/ })).toHaveCount(0);

  // The mentee pins the mentor's message; the mentor sees it among the pinned messages.
  const adaMessage = adaPage.locator('.str-chat__message').filter({ hasText: 'Read chapter three' });
  await expect(async () => {
    await adaMessage.hover();
    await adaMessage.getByRole('button', { name: 'Open Message Actions Menu' }).click({ timeout: 2_000 });
    await adaPage.getByRole('menu', { name: 'Message Actions' }).getByRole('menuitem', { name: 'Pin Message', exact: true }).click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await gracePage.getByText('Pinned messages (1)').click();
  await expect(gracePage.getByRole('list', { name: 'Pinned messages' }).getByRole('button', { name: /Read chapter three/ })).toBeVisible();
  // Nothing the menu offers fails: Stream's member mute, which would hide nothing, is not there.
  await expect(async () => {
    await adaMessage.hover();
    await adaMessage.getByRole('button', { name: 'Open Message Actions Menu' }).click({ timeout: 2_000 });
    await expect(adaPage.getByRole('menu', { name: 'Message Actions' }).getByRole('menuitem', { name: 'Unpin Message', exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(adaPage.getByRole('menu', { name: 'Message Actions' }).getByRole('menuitem', { name: /^Mute/ })).toHaveCount(0);
  await adaPage.keyboard.press('Escape');

  // The mentee mutes the conversation and goes back to the list; the mentor's next message counts no unread.
  await adaPage.getByRole('button', { name: 'Mute conversation' }).click();
  await expect(adaPage.getByRole('button', { name: 'Unmute conversation' })).toHaveAttribute('aria-pressed', 'true');
  await adaPage.getByRole('button', { name: 'Back to conversations' }).click();
  const composer = gracePage.getByRole('textbox', { name: /message/i });
  await composer.fill('Bring the exercises on parsing too.');
  await composer.press('Enter');
  await expect(row).toHaveAccessibleName(/Bring the exercises on parsing too\./);
  await expect(row).not.toHaveAccessibleName(/unread/);

  // She finds the first message by its words; it opens in its conversation.
  await list.getByRole('searchbox', { name: 'Search members and messages' }).fill('dragon');
  const found = list.getByRole('list', { name: 'Messages found' }).getByRole('button', { name: /Read chapter three of the dragon book/ });
  await expect(found).toBeVisible({ timeout: 10_000 });
  await axeClean(adaPage, 'search results at 375 px');
  await found.click();
  await expect(adaMessage).toBeInViewport();

  // The mentor types (the mentee sees it), sends an image with words, edits the words, then deletes the message.
  const graceComposer = gracePage.getByRole('textbox', { name: /message/i });
  await graceComposer.pressSequentially('Here is the plan', { delay: 20 });
  await expect(adaPage.getByText('Grace Hopper is typing').first()).toBeVisible({ timeout: 10_000 });
  await gracePage.locator('.str-chat input[type="file"]').first().setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  // The composer sends once the upload (to the stand-in's CDN) is done.
  await expect(gracePage.getByTestId('attachment-preview-media')).toBeVisible({ timeout: 20_000 });
  await expect(gracePage.locator('.str-chat__attachment-preview-media--uploading')).toHaveCount(0, { timeout: 20_000 });
  await gracePage.getByRole('button', { name: 'Send', exact: true }).click();
  const adaPlan = adaPage.locator('.str-chat__message').filter({ hasText: 'Here is the plan' });
  await expect(adaPlan.locator('img').first()).toBeVisible({ timeout: 20_000 });
  await expect(adaPage.getByText('Grace Hopper is typing')).toHaveCount(0);

  const gracePlan = gracePage.locator('.str-chat__message').filter({ hasText: /Here is the (revised )?plan/ });
  const graceAction = async (name: string) =>
    expect(async () => {
      await gracePlan.hover();
      await gracePlan.getByRole('button', { name: 'Open Message Actions Menu' }).click({ timeout: 2_000 });
      await gracePage.getByRole('menu', { name: 'Message Actions' }).getByRole('menuitem', { name, exact: true }).click({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  await graceAction('Edit Message');
  await graceComposer.fill('Here is the revised plan');
  await graceComposer.press('Enter');
  await expect(adaPage.locator('.str-chat__message').filter({ hasText: 'Here is the revised plan' })).toBeVisible({ timeout: 20_000 });
  await screenshot(adaPage, 'chat-attachment-edited-phone');
  await graceAction('Delete Message');
  await gracePage.getByTestId('delete-message-alert-delete-button').click();
  await expect(adaPage.getByTestId('message-deleted-bubble')).toBeVisible({ timeout: 20_000 });
  await expect(adaPage.getByText('Here is the revised plan')).toHaveCount(0);

  // The pages with a poll, a pin and a mute in them pass axe at both widths.
  for (const [label, viewport] of Object.entries(widths)) {
    await adaPage.setViewportSize(viewport);
    await gracePage.setViewportSize(viewport);
    await axeClean(adaPage, `the mentee's conversation at ${label}`);
    await axeClean(gracePage, `the mentor's pair chat at ${label}`);
  }
  await screenshot(gracePage, 'chat-poll-pin-mentor');
});
