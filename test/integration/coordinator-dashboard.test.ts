import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COORDINATORS_GROUP, DAY_MS, type Dashboard, type FeedbackEntry } from '@mentoring/shared';
import { cognitoClient, createTestUser, signIn, type TestUser } from '../support/auth';
import { spawnLocalStage, type SpawnedStage } from '../support/local-stage';
import { waitForMail } from '../support/mail';
import { localSchedules, moveScheduleClock } from '../support/scheduler';

/**
 * The coordinator's dashboard on its own local stage (so the counts are exactly the data this test makes):
 * members, mentorships and reports are written straight to DynamoDB Local as the other features store them,
 * then the API's dashboard must count them; members get 403; the weekly digest reaches the SES stand-in when
 * the stand-in's clock passes the schedule's time.
 */
describe('the coordinator dashboard on the local stage', () => {
  let stage: SpawnedStage;
  let db: DynamoDBDocumentClient;
  let coordinator: TestUser & { token: string };
  let member: TestUser;
  const now = Date.now();
  const ago = (days: number) => new Date(now - days * DAY_MS).toISOString();
  const ahead = (days: number) => new Date(now + days * DAY_MS).toISOString();

  const get = async <T>(path: string, token?: string) => {
    const response = await fetch(`${stage.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: response.status, body: (await response.json()) as T };
  };
  const put = async (table: string, items: Record<string, unknown>[]) => {
    for (let start = 0; start < items.length; start += 25) {
      await db.send(new BatchWriteCommand({ RequestItems: { [stage.tables[table]!]: items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } })) } }));
    }
  };
  const person = (id: string, role: 'mentor' | 'mentee', displayName: string, fields: Record<string, unknown> = {}) => ({
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
    createdAt: ago(90),
    submittedAt: ago(89),
    updatedAt: ago(89),
    version: 1,
    ...fields,
  });
  const mentorship = (id: string, state: string, mentorId: string, menteeId: string, fields: Record<string, unknown> = {}) => ({
    pk: `MENTORSHIP#${id}`,
    sk: 'META',
    id,
    state,
    version: 1,
    mentorId,
    menteeId,
    origin: 'request',
    message: 'Hello',
    createdAt: ago(80),
    updatedAt: ago(1),
    expiresAt: null,
    endsAt: null,
    activatedAt: null,
    acceptedBy: [],
    ...fields,
  });

  beforeAll(async () => {
    // Its own stage with the product's 30 s between refreshes (the shared stages let tests refresh at once).
    stage = await spawnLocalStage();
    db = DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: stage.dynamoDbEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    );
    const user = await createTestUser(stage, { name: 'Casey Coordinator' });
    const cognito = cognitoClient(stage.cognito);
    try {
      await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: stage.cognito.userPoolId, Username: user.email, GroupName: COORDINATORS_GROUP }));
    } finally {
      cognito.destroy();
    }
    coordinator = { ...user, token: await signIn(stage.cognito, user.email, user.password) };
    member = await createTestUser(stage, { name: 'Mo Member' });

    await put('members', [
      // Mentees: a (matched after 10 days, completed), b (matched after 20 days, active and quiet), c (requested),
      // d (approved, nothing yet), e (draft: signed up only).
      person('a', 'mentee', 'Ana Mentee', { createdAt: ago(90) }),
      person('b', 'mentee', 'Ben Mentee', { createdAt: ago(90) }),
      person('c', 'mentee', 'Cleo Mentee', { createdAt: ago(30) }),
      person('d', 'mentee', 'Dev Mentee', { createdAt: ago(20) }),
      person('e', 'mentee', 'Eve Mentee', { createdAt: ago(5), approvalState: 'draft', submittedAt: undefined }),
      person('m1', 'mentor', 'Mara Mentor'),
      person('m2', 'mentor', 'Max Mentor'),
      person('p1', 'mentor', 'Pat Pending', { approvalState: 'pending', submittedAt: ago(3) }),
    ]);
    await put('mentorships', [
      mentorship('x1', 'COMPLETED', 'm1', 'a', { activatedAt: ago(80), firstSessionAt: ago(75), lastSessionAt: ago(20) }),
      // Active since 70 days, last session 50 days ago: quiet (45).
      mentorship('x2', 'ACTIVE', 'm2', 'b', { activatedAt: ago(70), firstSessionAt: ago(65), lastSessionAt: ago(50) }),
      // Active, met last week, but the mentee said "not a fit".
      mentorship('x3', 'ACTIVE', 'm1', 'd', { activatedAt: ago(20), firstSessionAt: ago(10), lastSessionAt: ago(7), fitCheck: { mentee: 'not_a_fit', mentor: 'good' } }),
      // Requests: one past half of the 14 days (3 left), one young (12 left).
      mentorship('x4', 'REQUESTED', 'm2', 'c', { createdAt: ago(11), expiresAt: ahead(3) }),
      mentorship('x5', 'REQUESTED', 'm1', 'c', { createdAt: ago(2), expiresAt: ahead(12) }),
      mentorship('x6', 'DECLINED', 'm2', 'd', { createdAt: ago(40) }),
    ]);
    await put('safeguarding', [
      { pk: 'REPORT#r1', sk: 'META', id: 'r1', status: 'open', category: 'harassment', createdAt: ago(2) },
      { pk: 'REPORT#r2', sk: 'META', id: 'r2', status: 'resolved', category: 'spam', createdAt: ago(9) },
    ]);
  }, 120_000);

  afterAll(async () => {
    db?.destroy();
    await stage?.stop();
  });

  it('is for coordinators only', async () => {
    for (const path of ['/api/coordinator/dashboard', '/api/coordinator/feedback', '/api/coordinator/mentorships?q=ana']) {
      const refused = await get<{ error: { code: string } }>(path, member.idToken);
      expect(refused.status, path).toBe(403);
      expect(refused.body.error.code).toBe('forbidden');
      expect((await get(path)).status, path).toBe(401);
    }
  });

  it('counts what needs attention and the funnel from the stored data', async () => {
    const { status, body } = await get<Dashboard>('/api/coordinator/dashboard', coordinator.token);
    expect(status).toBe(200);
    expect(body.attentionCounts).toEqual({ open_report: 1, request_unanswered: 1, quiet_pair: 1, not_a_fit: 1, pending_application: 1 });
    expect(body.attention.map((item) => item.key)).toEqual([
      'open_report:r1',
      // Then the medium ones, oldest first: quiet since 50 days, "not a fit" since the first session 10 days
      // ago, the request since its half-way point 4 days ago.
      'quiet_pair:x2',
      'not_a_fit:x3',
      'request_unanswered:x4',
      'pending_application:p1',
    ]);
    expect(body.attention[1]).toMatchObject({ title: 'Max Mentor and Ben Mentee: no session in 45 days', since: ago(50), link: '/mentorships/x2', quietDays: 45 });
    expect(body.attention[3]).toMatchObject({ title: "Cleo Mentee's request to Max Mentor is unanswered (3 days left)", link: '/mentorships/x4' });
    expect(Object.fromEntries(body.funnel.steps.map((step) => [step.step, step.count]))).toEqual({
      signedUp: 5,
      profileComplete: 4,
      approved: 4,
      requested: 4,
      matched: 3,
      firstSession: 3,
      completed: 1,
    });
    // Sign-up to match: a 10 days, b 20 days, d 0 days (signed up 20 days ago, matched 20 days ago) → median 10 days.
    expect(body.funnel.medianSignUpToMatchMs).toBe(10 * DAY_MS);
    expect(body.membersByRole).toEqual({ mentor: 3, mentee: 5 });
    expect(body.mentorshipsByState).toMatchObject({ ACTIVE: 2, REQUESTED: 2, COMPLETED: 1, DECLINED: 1, ENDED: 0 });
    expect(body.readCapacityUnits).toBeGreaterThan(0);
    expect(body).toMatchObject({ attentionTotal: 5, nextCursor: null });
  });

  it('pages the attention list from the stored snapshot, every count whole on each page', async () => {
    const whole = (await get<Dashboard>('/api/coordinator/dashboard', coordinator.token)).body;
    const keys: string[] = [];
    let next: string | null = null;
    do {
      const page: { status: number; body: Dashboard } = await get<Dashboard>(`/api/coordinator/dashboard?limit=2${next ? `&cursor=${next}` : ''}`, coordinator.token);
      expect(page.status).toBe(200);
      expect(page.body.generatedAt).toBe(whole.generatedAt);
      expect(page.body.attentionCounts).toEqual(whole.attentionCounts);
      expect(page.body.attention.length).toBeLessThanOrEqual(2);
      keys.push(...page.body.attention.map((item) => item.key));
      next = page.body.nextCursor;
    } while (next);
    expect(keys).toEqual(whole.attention.map((item) => item.key));
    for (const query of ['limit=0', 'limit=9999', 'cursor=forged']) {
      const refused = await get<{ error: { code: string } }>(`/api/coordinator/dashboard?${query}`, coordinator.token);
      expect(refused.status, query).toBe(400);
      expect(refused.body.error.code).toBe('validation_failed');
    }
  });

  it('answers from the snapshot until the schedule or a coordinator renews it, and refuses a second refresh within 30 s', async () => {
    const refresh = async (token: string) => {
      const response = await fetch(`${stage.url}/api/coordinator/dashboard/refresh`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      return { status: response.status, body: (await response.json()) as Dashboard & { error: { code: string; message: string } } };
    };
    expect((await refresh(member.idToken)).status).toBe(403);
    const before = (await get<Dashboard>('/api/coordinator/dashboard', coordinator.token)).body;
    // The snapshot was made moments ago (the first GET of this stage computed it): too soon for another.
    const early = await refresh(coordinator.token);
    expect(early.status).toBe(429);
    expect(early.body.error).toEqual({ code: 'too_many_requests', message: expect.stringMatching(/try again in \d+ s/) });

    // A second open report: the answer stays the snapshot's until it is renewed.
    await put('safeguarding', [{ pk: 'REPORT#r3', sk: 'META', id: 'r3', status: 'open', category: 'spam', createdAt: ago(1) }]);
    const unchanged = (await get<Dashboard>('/api/coordinator/dashboard', coordinator.token)).body;
    expect(unchanged.generatedAt).toBe(before.generatedAt);
    expect(unchanged.attentionCounts.open_report).toBe(1);

    // The recurring schedule (every 5 minutes) renews it when the stand-in's clock reaches its time.
    const snapshotSchedule = (await localSchedules(stage.scheduler.endpoint)).schedules.find((schedule) => schedule.name === 'dashboard-snapshot');
    expect(snapshotSchedule).toBeDefined();
    const moved = await moveScheduleClock(stage.scheduler.endpoint, { now: snapshotSchedule!.dueAt });
    const run = moved.runs.find((entry) => entry.kind === 'dashboard-snapshot');
    expect(run?.status).toBe('succeeded');
    const renewed = (await get<Dashboard>('/api/coordinator/dashboard', coordinator.token)).body;
    expect(Date.parse(renewed.generatedAt)).toBe(Date.parse(run!.scheduledTime));
    expect(renewed.attentionCounts.open_report).toBe(2);
    expect(renewed.attention.map((item) => item.key)).toContain('open_report:r3');

    // "Refresh now" stores one too: the next GET answers it.
    await put('safeguarding', [{ pk: 'REPORT#r3', sk: 'META', id: 'r3', status: 'resolved', category: 'spam', createdAt: ago(1) }]);
    const refreshed = await refresh(coordinator.token);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.attentionCounts.open_report).toBe(1);
    const after = (await get<Dashboard>('/api/coordinator/dashboard', coordinator.token)).body;
    expect(after.generatedAt).toBe(refreshed.body.generatedAt);
    expect(after.attentionCounts.open_report).toBe(1);
    expect((await refresh(coordinator.token)).status).toBe(429);
  });

  it('lists all feedback with ratings, by type, with who sent it', async () => {
    const send = (body: Record<string, unknown>, token?: string) =>
      fetch(`${stage.url}/api/feedback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    expect((await send({ source: '/about', rating: 2, feedbackType: 'global', answers: ['=HYPERLINK("http://evil.test")'] }, member.idToken)).status).toBe(201);
    expect((await send({ source: '/', rating: 5, feedbackType: 'global', answers: ['Lovely'] })).status).toBe(201);
    const all = await get<{ feedback: FeedbackEntry[]; averageRating: number | null }>('/api/coordinator/feedback', coordinator.token);
    expect(all.status).toBe(200);
    expect(all.body.feedback).toHaveLength(2);
    expect(all.body.averageRating).toBe(3.5);
    const mine = all.body.feedback.find((entry) => entry.rating === 2)!;
    // The member has no profile item here: named as a former member, never by e-mail.
    expect(mine).toMatchObject({ feedbackType: 'global', source: '/about', from: { id: member.sub, displayName: 'A former member' } });
    expect(all.body.feedback.find((entry) => entry.rating === 5)!.from).toBeNull();
    expect((await get<{ feedback: FeedbackEntry[] }>('/api/coordinator/feedback?type=match', coordinator.token)).body.feedback).toEqual([]);
    expect((await get<{ feedback: FeedbackEntry[] }>('/api/coordinator/feedback?maxRating=3', coordinator.token)).body.feedback.map((entry) => entry.rating)).toEqual([2]);
    expect((await get('/api/coordinator/feedback?type=other', coordinator.token)).status).toBe(400);
  });

  it('finds mentorships by a member name', async () => {
    const found = await get<{ mentorships: { id: string }[] }>('/api/coordinator/mentorships?q=cleo', coordinator.token);
    expect(found.body.mentorships.map((entry) => entry.id).sort()).toEqual(['x4', 'x5']);
  });

  it('e-mails the weekly digest to coordinators when its schedule fires', async () => {
    const { schedules } = await localSchedules(stage.scheduler.endpoint);
    const digest = schedules.find((schedule) => schedule.name === 'weekly-digest');
    expect(digest).toBeDefined();
    await moveScheduleClock(stage.scheduler.endpoint, { now: digest!.dueAt });
    const mail = await waitForMail(stage.ses.endpoint, coordinator.email, (sent) => /your attention/.test(sent.subject));
    expect(mail.subject).toMatch(/^Mentoring programme: \d+ things need your attention$/);
    const text = mail.body.text ?? '';
    expect(text).toContain(`- Open report: Harassment or bullying (since ${ago(2).slice(0, 10)}): ${stage.url}/coordinator/reports/r1`);
    expect(text).toContain(`Pat Pending applied as a mentor`);
    expect(text).toContain(`${stage.url}/coordinator`);
    // Members who are not coordinators get nothing.
    expect(await waitForMail(stage.ses.endpoint, member.email, () => true, 1000).catch(() => null)).toBeNull();
  });
});
