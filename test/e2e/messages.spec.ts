import { expect, test } from './fixtures';
import { createTestUser } from '../support/auth';
import { onboardAsMentee } from '../support/onboarding';
import { axe, wcag } from './axe';
import { makePair, signedInPage, stage } from './pairs';
import { memberChat, pairChannel } from './stand-in-chat';
import { screenshot, widths } from './support';

test('the public home page loads no chat code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || request.resourceType() === 'stylesheet') scripts.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => /MessagesPage|stream/i.test(url))).toEqual([]);
});

test('/messages sends a signed-out visitor to sign in with the way back', async ({ page }) => {
  await page.goto('/messages');
  await expect(page).toHaveURL(/\/login\?next=%2Fmessages$/);
});

/*
 * The channel list on the stage's Stream stand-in, with the real stream-chat in the browser: Ada, a mentee, has her
 * pair's channel with Grace and a one-to-one with Katherine. A message from Grace moves the pair's conversation to
 * the top and counts unread, live; opening it reads it. The conversation's code (stream-chat-react) loads on opening.
 */
test('a member finds the pair’s conversation on /messages, opens it, and a message from the mentor moves it to the top, unread', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const { grace, ada, mentorshipId } = await makePair(request);
  const graceChat = await memberChat(request, grace);
  const pair = await pairChannel(graceChat, mentorshipId);
  // Katherine writes to Ada after the pair's welcome: her conversation starts on top.
  const katherine = await createTestUser(stage(), { name: 'Katherine Johnson' });
  await onboardAsMentee(stage().url, katherine.idToken, { displayName: 'Katherine Johnson' });
  const katherineChat = await memberChat(request, katherine);
  const oneToOne = katherineChat.channel('messaging', { members: [katherine.sub, ada.sub] });
  await oneToOne.watch();
  await oneToOne.sendMessage({ text: 'Hello Ada, I am **Katherine**.' });

  const scripts: string[] = [];
  const page = await signedInPage(browser, ada, '/messages', { viewport: widths.desktop }, async (signingIn) => {
    signingIn.on('request', (asked) => {
      if (asked.resourceType() === 'script') scripts.push(new URL(asked.url()).pathname);
    });
  });
  const list = page.getByRole('complementary', { name: 'Conversations' });
  const rows = list.getByRole('listbox', { name: 'Your conversations' }).getByRole('option');
  await expect(rows).toHaveCount(2, { timeout: 20_000 });
  await expect(rows.nth(0)).toHaveAccessibleName(/^Katherine Johnson\. \d{2}:\d{2}\. 1 unread message\. Last message from Katherine Johnson: Hello Ada, I am Katherine\.$/);
  // The pair's channel carries the programme's welcome, unread.
  await expect(rows.nth(1)).toHaveAccessibleName(/^Grace Hopper\. \d{2}:\d{2}\. 1 unread message\. Last message from [^:]+: /);
  await expect(rows.nth(1).getByTestId('unread-badge')).toHaveText('1');
  // The list painted without the open conversation's code.
  expect(scripts.filter((path) => /\/Conversation-[^/]*\.js$/.test(path))).toEqual([]);
  await screenshot(page, 'messages-list-1280', { fullPage: false });
  const results = await axe(page, { tags: wcag, include: '.messages__list' });
  expect(results.violations.map(({ id, nodes }) => ({ id, nodes: nodes.map((node) => node.html.slice(0, 160)) }))).toEqual([]);
  // Each row's name holds what it shows, in order (WCAG 2.5.3; an experimental axe rule, so asked for by name).
  const labelInName = await axe(page, { rules: ['label-content-name-mismatch'], include: '.messages__list' });
  expect(labelInName.violations.map(({ id, nodes }) => ({ id, nodes: nodes.map((node) => node.html.slice(0, 160)) }))).toEqual([]);

  // Ada opens the pair's conversation: its messages show, the row is selected and read.
  await rows.nth(1).click();
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await expect(conversation.locator('.str-chat__message, .str-chat__message--system').first()).toBeVisible({ timeout: 20_000 });
  expect(scripts.filter((path) => /\/Conversation-[^/]*\.js$/.test(path))).toHaveLength(1);
  const graceRow = rows.filter({ has: page.locator('.str-chat__channel-list-item-data__title', { hasText: 'Grace Hopper' }) });
  await expect(graceRow).toHaveAttribute('aria-selected', 'true');
  await expect(graceRow).not.toHaveAccessibleName(/unread/, { timeout: 10_000 });

  // She moves on to Katherine's; Grace then writes: the pair's conversation moves to the top, counted unread.
  await rows.filter({ hasText: 'Katherine Johnson' }).click();
  await expect(conversation.getByText('Katherine', { exact: false }).first()).toBeVisible();
  await pair.sendMessage({ text: 'Ada, shall we meet on Tuesday?' });
  await expect(rows.nth(0)).toHaveAccessibleName(/^Grace Hopper\. \d{2}:\d{2}\. 1 unread message\. Last message from Grace Hopper: Ada, shall we meet on Tuesday\?$/, { timeout: 10_000 });
  await expect(rows.nth(0).getByTestId('unread-badge')).toHaveText('1');
  await expect(rows.nth(1)).toHaveAccessibleName(/^Katherine Johnson\. \d{2}:\d{2}\. Last message/);
  await screenshot(page, 'messages-unread-1280', { fullPage: false });

  // On a phone one pane shows at a time: Katherine's conversation, then Back to the list (focus on her row).
  await page.setViewportSize(widths.phone);
  await expect(list).toBeHidden();
  const back = page.getByRole('button', { name: 'Back to conversations' });
  await back.click();
  await expect(rows.nth(1)).toBeFocused();
  await expect(rows.nth(0).getByTestId('unread-badge')).toHaveText('1');
  await screenshot(page, 'messages-list-375', { fullPage: false });
  // Opening the pair's conversation reads it; Back returns to its row.
  await rows.nth(0).click();
  await expect(conversation.locator('.str-chat__message').filter({ hasText: 'Ada, shall we meet on Tuesday?' })).toBeVisible();
  await expect(list).toBeHidden();
  await screenshot(page, 'messages-open-375', { fullPage: false });
  await back.click();
  await expect(rows.nth(0)).toBeFocused();
  await expect(rows.nth(0)).not.toHaveAccessibleName(/unread/);

  await page.context().close();
  await oneToOne.stopWatching();
  await pair.stopWatching();
  await katherineChat.disconnectUser();
  await graceChat.disconnectUser();
});
