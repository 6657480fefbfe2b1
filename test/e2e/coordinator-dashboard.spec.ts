import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { RuntimeConfig } from '@mentoring/shared';
import { cognitoClient, createTestUser, signIn, type StageCognito } from '../support/auth';
import { axe } from './axe';
import { screenshot, stageInfo, widths } from './support';

/**
 * The coordinator's dashboard in Chromium: a quiet pair, an unanswered request and an open report are stored as
 * the other features store them (straight into the stage's tables, with names unique to this run); the
 * coordinator signs in, sees them first on /coordinator, exports them as CSV, and opens the feedback list.
 */

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const ahead = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const stageCognito = async (request: APIRequestContext): Promise<StageCognito> => {
  const config = (await (await request.get('/config.json')).json()) as RuntimeConfig;
  if (!config.cognito) throw new Error('/config.json names no user pool');
  return config.cognito;
};

const store = async (tableKey: string, items: Record<string, unknown>[]) => {
  const info = stageInfo();
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient(
      info.dynamoDbEndpoint ? { endpoint: info.dynamoDbEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {},
    ),
  );
  try {
    await client.send(new BatchWriteCommand({ RequestItems: { [info.tables[tableKey]!]: items.map((Item) => ({ PutRequest: { Item } })) } }));
  } finally {
    client.destroy();
  }
};

const expectNoAxeViolations = async (page: Page) => {
  const { violations } = await axe(page);
  expect(violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
};

const checkPage = async (page: Page, name: string) => {
  for (const [label, size] of Object.entries(widths)) {
    await page.setViewportSize(size);
    await expect.poll(() => page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
    // The charts arrive lazily: look (and let axe look) once they are drawn.
    await expect(page.getByText('Loading the chart…')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await screenshot(page, `coordinator-${name}-${label}`);
  }
  await page.setViewportSize(widths.desktop);
};

test('a coordinator sees what needs attention first on the dashboard, exports it, and reads the feedback', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const cognito = await stageCognito(request);
  const user = await createTestUser({ url: baseURL!, cognito }, { name: 'Cora Coordinator' });
  const client = cognitoClient(cognito);
  try {
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId: cognito.userPoolId, Username: user.email, GroupName: 'coordinators' }));
  } finally {
    client.destroy();
  }
  await signIn(cognito, user.email, user.password);

  const person = (id: string, role: string, displayName: string) => ({
    id,
    role,
    displayName,
    email: `${id}@example.org`,
    headline: '',
    bio: '',
    languages: ['en'],
    country: 'DE',
    timezone: 'Europe/Berlin',
    availability: [],
    format: 'online',
    topics: [],
    approvalState: 'approved',
    createdAt: ago(100),
    submittedAt: ago(100),
    updatedAt: ago(100),
    version: 1,
  });
  const mentor = `Quinn Quiet ${run}`;
  const mentee = `Rae Waiting ${run}`;
  await store('members', [person(`e2e-mentor-${run}`, 'mentor', mentor), person(`e2e-mentee-${run}`, 'mentee', mentee)]);
  const meta = (id: string, state: string, fields: Record<string, unknown>) => ({
    pk: `MENTORSHIP#${id}`,
    sk: 'META',
    id,
    state,
    version: 1,
    mentorId: `e2e-mentor-${run}`,
    menteeId: `e2e-mentee-${run}`,
    origin: 'request',
    message: 'Hello',
    createdAt: ago(90),
    updatedAt: ago(1),
    acceptedBy: [],
    ...fields,
  });
  await store('mentorships', [
    meta(`e2e-quiet-${run}`, 'ACTIVE', { activatedAt: ago(80), firstSessionAt: ago(75), lastSessionAt: ago(61) }),
    meta(`e2e-request-${run}`, 'REQUESTED', { createdAt: ago(12), expiresAt: ahead(2) }),
  ]);
  // An open report about the quiet mentor, stored whole (the safeguarding queue in the same stage lists it too).
  const reportId = randomUUID();
  await store('safeguarding', [
    {
      pk: `REPORT#${reportId}`,
      sk: 'META',
      id: reportId,
      status: 'open',
      category: 'harassment',
      subject: { kind: 'member', memberId: `e2e-mentor-${run}` },
      reporterId: `e2e-mentee-${run}`,
      reporterName: mentee,
      concernsId: `e2e-mentor-${run}`,
      concernsName: mentor,
      mentorshipId: null,
      endedMentorshipId: null,
      description: 'Seeded by the dashboard test.',
      createdAt: ago(1),
      updatedAt: ago(1),
      version: 1,
    },
  ]);

  // A workshop held two days ago (stored as the group sessions' functions store it), with the coordinator as its
  // co-host: two places, one who came for 25 minutes and rated it 4; its title is one a spreadsheet would run.
  const groupId = randomUUID();
  const groupTitle = `=Workshop ${run}`;
  const held = ago(2);
  await store('groupSessions', [
    {
      pk: `GROUP#${groupId}`,
      sk: 'META',
      id: groupId,
      kind: 'workshop',
      title: groupTitle,
      description: 'Seeded by the dashboard test.',
      topics: ['Career change'],
      startsAt: held,
      durationMinutes: 60,
      capacity: 10,
      audience: 'all',
      state: 'ended',
      hostId: `e2e-mentor-${run}`,
      coHostIds: [user.sub],
      speakerIds: [],
      callType: 'livestream',
      callId: `g-${groupId}`,
      taken: 2,
      waiting: 0,
      cancelReason: null,
      createdBy: `e2e-mentor-${run}`,
      createdAt: ago(10),
      updatedAt: held,
      listing: 'GROUP_PAST',
    },
    { pk: `GROUP#${groupId}`, sk: `SEAT#e2e-mentee-${run}`, groupSessionId: groupId, memberId: `e2e-mentee-${run}`, status: 'in', signedUpAt: ago(5), startsAt: held, rating: 4, ratingComment: '', ratedAt: held },
    { pk: `GROUP#${groupId}`, sk: `SEAT#e2e-absent-${run}`, groupSessionId: groupId, memberId: `e2e-absent-${run}`, status: 'in', signedUpAt: ago(5), startsAt: held },
    { pk: `GROUP#${groupId}`, sk: `ATTEND#c1#e2e-mentee-${run}`, memberId: `e2e-mentee-${run}`, joinedAt: held, leftAt: held, seconds: 1500 },
  ]);

  await page.goto('/login?next=%2Fcoordinator');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Programme dashboard' })).toBeVisible();

  const attention = page.getByRole('region', { name: /Needs attention/ });
  await expect(attention).toBeVisible();
  // The page answers from the stored snapshot, which may predate this test's data: "Refresh now" computes it afresh.
  await expect(page.getByText(/^Updated (just now|\d+ minutes? ago)$/)).toBeVisible();
  await page.getByRole('button', { name: 'Refresh now' }).click();
  await expect(page.getByText('The figures are up to date.')).toBeVisible();
  await expect(page.getByText('Updated just now')).toBeVisible();
  // The list comes a page at a time; other tests' data on this stage may push ours past the first page.
  const showMore = attention.getByRole('button', { name: 'Show more' });
  while (await showMore.isVisible()) {
    const shown = await attention.getByRole('status').textContent();
    await showMore.click();
    await expect(attention.getByRole('status')).not.toHaveText(shown ?? '');
  }
  await expect(attention.getByRole('status')).toHaveText(/^Showing ([\d,]+) of \1 items?\.$/);
  const items = attention.getByRole('listitem').filter({ has: page.getByRole('link') });
  await expect(attention.getByRole('link', { name: `Open report: Harassment or bullying about ${mentor}` })).toBeVisible();
  await expect(attention.getByRole('link', { name: `${mentor} and ${mentee}: no session in 60 days` })).toBeVisible();
  await expect(attention.getByRole('link', { name: `${mentee}'s request to ${mentor} is unanswered (2 days left)` })).toBeVisible();
  // Urgent first: the first item of the list is marked so.
  await expect(items.first()).toContainText('Urgent');
  await expect(page.getByRole('region', { name: 'From sign-up to completion' }).getByRole('table')).toBeVisible();
  await expect(page.getByRole('img', { name: /Bar chart of the funnel/ })).toBeVisible();
  const groups = page.getByRole('region', { name: 'Group sessions' });
  const heldRow = groups.getByRole('region', { name: 'Held and cancelled' }).getByRole('row').filter({ has: page.getByRole('link', { name: groupTitle }) });
  await expect(heldRow).toContainText(`${mentor}`);
  await expect(heldRow).toContainText('2 of 10125 min4 of 5 (1 rating)');
  await checkPage(page, 'dashboard');

  const groupDownload = page.waitForEvent('download');
  await groups.getByRole('button', { name: 'Export CSV: group sessions' }).click();
  const groupCsv = readFileSync((await (await groupDownload).path())!, 'utf8');
  expect(groupCsv.startsWith('\uFEFFTitle,Kind,Host,Start,State,Capacity,Signed up,Waiting,Attended,Average minutes attended,Mean rating,Ratings,Link\r\n')).toBe(true);
  expect(groupCsv).toContain(`\r\n'${groupTitle},workshop,${mentor},${held},ended,10,2,0,1,25,4,1,`);

  // The session's page, as its co-host: "Report a participant" offers the host and the one who came.
  await heldRow.getByRole('link', { name: groupTitle }).click();
  await expect(page.getByRole('heading', { level: 1, name: groupTitle })).toBeVisible();
  const reporting = page.getByRole('region', { name: 'Report a participant' });
  await expect(reporting.getByRole('combobox', { name: 'Who' }).getByRole('option')).toHaveText(['Choose a participant', mentor, mentee]);
  await reporting.getByRole('combobox', { name: 'Who' }).selectOption({ label: mentee });
  await checkPage(page, 'group-session-report');
  await reporting.getByRole('button', { name: 'Report…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a concern' });
  await expect(dialog.getByText(`${mentee}, in the group session “${groupTitle}”`, { exact: false })).toBeVisible();
  await dialog.getByRole('radio', { name: 'Harassment or bullying' }).check();
  await dialog.getByLabel('What happened?').fill(`Seeded by the dashboard test ${run}.`);
  await checkPage(page, 'group-session-report-dialog');
  await dialog.getByRole('button', { name: 'Send the report' }).click();
  await expect(dialog.getByRole('heading', { name: 'Thank you for telling us' })).toBeVisible();

  // The schedule form, with its member pickers.
  await page.goto('/group-sessions');
  await page.getByRole('button', { name: 'Schedule a group session' }).click();
  const form = page.getByRole('dialog', { name: 'Schedule a group session' });
  const coHosts = form.getByRole('group', { name: 'Co-hosts (optional)' });
  await expect(coHosts).toBeVisible();
  // The search is Stream's autocomplete (the stand-in's here): the host of the seeded workshop has no chat user, so
  // nothing is found for its run's name, and the picker says so.
  await coHosts.getByRole('searchbox').fill(`Nobody ${run}`);
  await expect(coHosts.getByRole('status')).toHaveText(`No member called “Nobody ${run}”.`);
  await coHosts.scrollIntoViewIfNeeded();
  await checkPage(page, 'group-session-form');
  await page.goto('/coordinator');

  const download = page.waitForEvent('download');
  await attention.getByRole('button', { name: 'Export CSV: needs attention' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^needs-attention-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!, 'utf8');
  expect(csv.startsWith('\uFEFFKind,Urgency,What,Since,Link\r\n')).toBe(true);
  expect(csv).toContain(`\r\nopen_report,high,Open report: Harassment or bullying about ${mentor},${ago(1).slice(0, 10)}`);
  expect(csv).toContain(`quiet_pair,high,${mentor} and ${mentee}: no session in 60 days,`);

  await page.getByRole('link', { name: `${mentor} and ${mentee}: no session in 60 days` }).click();
  await expect(page).toHaveURL(new RegExp(`/mentorships/e2e-quiet-${run}$`));

  // Feedback whose answer a spreadsheet would run: the export makes it text.
  const formula = `=HYPERLINK("http://evil.test/${run}","Click")`;
  const sent = await request.post('/api/feedback', { data: { source: '/about', rating: 1, feedbackType: 'global', answers: [formula] } });
  expect(sent.status()).toBe(201);
  await page.goto(`/coordinator/feedback?rating=2&q=${run}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
  await expect(page.getByText(formula)).toBeVisible();
  await checkPage(page, 'feedback');
  const feedbackDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV: feedback' }).click();
  const feedbackCsv = readFileSync((await (await feedbackDownload).path())!, 'utf8');
  expect(feedbackCsv).toContain(`,global,1,"'=HYPERLINK(""http://evil.test/${run}"",""Click"")",/about,,\r\n`);

  await page.goto('/coordinator/members?role=mentor');
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await page.getByLabel('Name').fill(`Quinn Quiet ${run}`);
  await expect(page.getByText(`${mentor} · Mentor`)).toBeVisible();
  await checkPage(page, 'members');
});
