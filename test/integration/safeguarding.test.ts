import { AdminAddUserToGroupCommand, AdminGetUserCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  COORDINATORS_GROUP,
  DELETE_ACCOUNT_CONFIRMATION,
  SUSPENDED_MESSAGE,
  type DirectoryPage,
  type MentorshipDetail,
  type ReportDetail,
  type ReportSummary,
} from '@mentoring/shared';
import { cognitoClient, signIn, type TestUser } from '../support/auth';
import { waitForMail } from '../support/mail';
import { waitForMailEvent } from './support/mail-events';
import { stageStream } from './support/stream-api';
import { api } from './support/api';
import { bearer, newUser, stageCognito } from './support/auth';
import { seedStreamUser } from './support/members';
import { db, getItem, tableName } from './support/db';

/**
 * Safeguarding on the local stage: reports reach the coordinators' queue and their inboxes (the SES stand-in),
 * blocks and suspensions take effect on requests, the directory and the Stream requests the server sends (the
 * recorder that stands in for Stream), and a member's own data can be exported and deleted.
 */
const sesEndpoint = inject('sesEndpoint');

type Answer<T> = { status: number; body: T & { error?: { code: string; message: string } } };
const call = async <T = MentorshipDetail>(method: string, path: string, token: string, body?: unknown): Promise<Answer<T>> => {
  const response = await api(path, {
    method,
    headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer<T>['body'] };
};

const seedMember = async (id: string, fields: Record<string, unknown>) => {
  await seedStreamUser(id, String(fields.displayName ?? `Member ${id.slice(0, 6)}`));
  await db().send(
    new PutCommand({
      TableName: tableName('members'),
      Item: {
        id,
        displayName: `Member ${id.slice(0, 8)}`,
        headline: 'Here to learn',
        bio: '',
        languages: ['en'],
        timezone: 'Europe/Berlin',
        country: 'DE',
        availability: [],
        format: 'online',
        topics: ['Career change'],
        approvalState: 'approved',
        codeOfConductVersion: 1,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        version: 1,
        ...fields,
      },
    }),
  );
};
const mentor = async (capacity = 2) => {
  const user = await newUser('Grace Mentor');
  await seedMember(user.sub, { role: 'mentor', capacity, activeMentees: 0, acceptingRequests: true, yearsOfExperience: 10, listed: 'mentor' });
  return user;
};
const mentee = async () => {
  const user = await newUser('Ada Mentee');
  await seedMember(user.sub, { role: 'mentee', goals: 'Find my way' });
  return user;
};
const coordinator = async () => {
  const user = await newUser('Casey Coordinator');
  const cognito = await stageCognito();
  const client = cognitoClient(cognito);
  try {
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId: cognito.userPoolId, Username: user.email, GroupName: COORDINATORS_GROUP }));
  } finally {
    client.destroy();
  }
  // The group reaches the ID token only at the next sign-in.
  return { ...user, idToken: await signIn(cognito, user.email, user.password) };
};

const request = (from: TestUser, to: TestUser) => call('POST', '/api/mentorships', from.idToken, { mentorId: to.sub, message: 'I would love your help with my career change.' });
const activePair = async () => {
  const [grace, ada] = await Promise.all([mentor(), mentee()]);
  const created = await request(ada, grace);
  expect(created.status).toBe(201);
  const accepted = await call('POST', `/api/mentorships/${created.body.id}/accept`, grace.idToken);
  expect(accepted.body.state).toBe('ACTIVE');
  return { grace, ada, id: created.body.id };
};

const waitFor = async <T>(probe: () => Promise<T | undefined>, what: string) => {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
/** What the stage's Stream app answers of the pair's channel and of a member's user. */
const streamChannel = async (id: string) => (await (await stageStream()).chat.queryChannels({ filter_conditions: { cid: `messaging:${id}` } })).channels[0]?.channel;
const streamUser = async (id: string) =>
  (await (await stageStream()).queryUsers({ payload: { filter_conditions: { id }, include_deactivated_users: true } })).users[0];
const channelFrozen = (id: string, frozen: boolean) =>
  waitFor(async () => ((await streamChannel(id))?.frozen === frozen ? true : undefined), `channel ${id} ${frozen ? 'frozen' : 'open'}`);

const directoryIds = async (viewer: TestUser, q: string) =>
  (await call<DirectoryPage>('GET', `/api/mentors?q=${encodeURIComponent(q)}&limit=50`, viewer.idToken)).body.mentors.map((card) => card.id);

describe('safeguarding', () => {
  let casey: Awaited<ReturnType<typeof coordinator>>;
  beforeAll(async () => {
    casey = await coordinator();
  });

  describe('a report: from a chat message to the queue, the coordinators\' inbox and resolved', () => {
    it('stores the report, ends the mentorship on request, e-mails coordinators without the details, and lets only coordinators work it', async () => {
      const { grace, ada, id } = await activePair();
      const description = 'He keeps sending messages late at night after I asked him to stop.';
      const made = await call<{ id: string; createdAt: string; endedMentorshipId: string | null }>('POST', '/api/reports', ada.idToken, {
        category: 'harassment',
        description,
        subject: { kind: 'message', channelCid: `messaging:${id}`, messageId: 'msg-1', memberId: grace.sub, excerpt: 'Answer me now' },
        endMentorship: true,
      });
      expect(made.status).toBe(201);
      expect(made.body.endedMentorshipId).toBe(id);
      // Ended through the mentorship's own transition: its event log says so, and the pair's channel froze.
      const ended = (await call('GET', `/api/mentorships/${id}`, ada.idToken)).body;
      expect(ended.state).toBe('ENDED');
      expect(ended.events.at(-1)).toMatchObject({ type: 'end', actorId: ada.sub, to: 'ENDED' });
      await channelFrozen(id, true);

      await waitForMailEvent(casey.email, (subject) => subject === 'New safeguarding report: Harassment or bullying');
      // SES's events carry no body: what the mail says is read where the local stage runs as itself.
      if (sesEndpoint) {
        const mail = await waitForMail(sesEndpoint, casey.email, (each) => each.subject === 'New safeguarding report: Harassment or bullying');
        expect(mail.body.text).toContain(`/coordinator/reports/${made.body.id}`);
        expect(mail.body.text).not.toContain('late at night');
      }

      // Members read no report, not even their own, nor the queue.
      for (const token of [ada.idToken, grace.idToken]) {
        expect((await call('GET', '/api/coordinator/reports', token)).status).toBe(403);
        expect((await call('GET', `/api/coordinator/reports/${made.body.id}`, token)).status).toBe(403);
        expect((await call('POST', `/api/coordinator/reports/${made.body.id}/status`, token, { status: 'resolved', version: 1 })).status).toBe(403);
      }

      const open = await call<{ reports: ReportSummary[] }>('GET', '/api/coordinator/reports?status=open', casey.idToken);
      const listed = open.body.reports.find((report) => report.id === made.body.id)!;
      expect(listed).toMatchObject({
        category: 'harassment',
        status: 'open',
        description,
        reporter: { id: ada.sub },
        concerns: { id: grace.sub, name: `Member ${grace.sub.slice(0, 8)}` },
        mentorshipId: id,
        endedMentorshipId: id,
        subject: { kind: 'message', messageId: 'msg-1', excerpt: 'Answer me now' },
      });

      const noted = await call<ReportDetail>('POST', `/api/coordinator/reports/${made.body.id}/notes`, casey.idToken, { text: 'Called Ada; she is safe.' });
      expect(noted.status).toBe(201);
      expect(noted.body.notes).toEqual([expect.objectContaining({ authorId: casey.sub, text: 'Called Ada; she is safe.' })]);
      const reviewing = await call<ReportDetail>('POST', `/api/coordinator/reports/${made.body.id}/status`, casey.idToken, { status: 'in_review', version: noted.body.version });
      expect(reviewing.body.status).toBe('in_review');
      // A decision on an old read is refused, not applied over the newer one.
      const stale = await call('POST', `/api/coordinator/reports/${made.body.id}/status`, casey.idToken, { status: 'resolved', version: noted.body.version });
      expect(stale.status).toBe(409);
      const resolved = await call<ReportDetail>('POST', `/api/coordinator/reports/${made.body.id}/status`, casey.idToken, { status: 'resolved', version: reviewing.body.version });
      expect(resolved.body).toMatchObject({ status: 'resolved', notes: [expect.objectContaining({ text: 'Called Ada; she is safe.' })] });

      const ids = async (status: string) => (await call<{ reports: ReportSummary[] }>('GET', `/api/coordinator/reports?status=${status}`, casey.idToken)).body.reports.map((report) => report.id);
      expect(await ids('resolved')).toContain(made.body.id);
      expect(await ids('open')).not.toContain(made.body.id);
    });

    it('refuses bad reports with the documented errors and stores nothing', async () => {
      const { grace, ada, id } = await activePair();
      const outsider = await mentee();
      const before = (await call<{ reports: ReportSummary[] }>('GET', '/api/coordinator/reports', casey.idToken)).body.reports.length;
      const cases: [unknown, number, string][] = [
        [{ category: 'harassment', description: '', subject: { kind: 'member', memberId: grace.sub } }, 400, 'validation_failed'],
        [{ category: 'gossip', description: 'x', subject: { kind: 'member', memberId: grace.sub } }, 400, 'validation_failed'],
        [{ category: 'spam', description: 'x', subject: { kind: 'member', memberId: ada.sub } }, 400, 'validation_failed'],
        [{ category: 'spam', description: 'x', subject: { kind: 'member', memberId: 'nobody-at-all' } }, 404, 'not_found'],
      ];
      for (const [body, status, code] of cases) {
        const answer = await call('POST', '/api/reports', ada.idToken, body);
        expect([answer.status, answer.body.error?.code]).toEqual([status, code]);
      }
      // Someone else's mentorship is answered as if it did not exist, and nothing of it ends.
      const foreign = await call('POST', '/api/reports', outsider.idToken, { category: 'spam', description: 'x', subject: { kind: 'mentorship', mentorshipId: id }, endMentorship: true });
      expect(foreign.status).toBe(404);
      expect((await call('GET', `/api/mentorships/${id}`, ada.idToken)).body.state).toBe('ACTIVE');
      expect((await call<{ reports: ReportSummary[] }>('GET', '/api/coordinator/reports', casey.idToken)).body.reports.length).toBe(before);
    });
  });

  describe('a block', () => {
    it('ends the active mentorship, freezes its channel, refuses requests and hides the two from each other in the directory', async () => {
      const { grace, ada, id } = await activePair();
      const name = `Member ${grace.sub.slice(0, 8)}`;
      // Grace's place is taken (capacity 2, one left): she is still listed for others.
      expect(await directoryIds(ada, name)).toEqual([grace.sub]);

      const blocked = await call<{ blocked: boolean; endedMentorshipIds: string[] }>('POST', `/api/members/${ada.sub}/block`, grace.idToken);
      expect(blocked.body).toEqual({ blocked: true, endedMentorshipIds: [id] });
      expect((await call('GET', `/api/mentorships/${id}`, grace.idToken)).body).toMatchObject({ state: 'ENDED', endReason: 'other' });
      expect(await getItem(tableName('safeguarding'), { pk: `MEMBER#${grace.sub}`, sk: `BLOCKS#${ada.sub}` })).toMatchObject({ blockedAt: expect.any(String) });
      expect(await getItem(tableName('safeguarding'), { pk: `MEMBER#${ada.sub}`, sk: `BLOCKED_BY#${grace.sub}` })).toMatchObject({ blockedAt: expect.any(String) });
      await channelFrozen(id, true);

      expect(await directoryIds(ada, name)).toEqual([]);
      expect((await call('GET', `/api/mentors/${grace.sub}`, ada.idToken)).status).toBe(404);
      const again = await request(ada, grace);
      expect([again.status, again.body.error?.message]).toEqual([404, 'There is no such mentor.']);
      // Others still see her.
      expect(await directoryIds(await mentee(), name)).toEqual([grace.sub]);

      // Grace sees whom she blocked; Ada never learns who blocked her.
      expect((await call<{ blocks: { memberId: string }[] }>('GET', '/api/me/blocks', grace.idToken)).body.blocks.map((each) => each.memberId)).toEqual([ada.sub]);
      expect((await call<{ blocks: unknown[] }>('GET', '/api/me/blocks', ada.idToken)).body.blocks).toEqual([]);
      // Only the one who blocked can lift it.
      expect((await call('DELETE', `/api/members/${grace.sub}/block`, ada.idToken)).status).toBe(404);
      expect((await call('DELETE', `/api/members/${ada.sub}/block`, grace.idToken)).status).toBe(200);
      expect(await directoryIds(ada, name)).toEqual([grace.sub]);
      expect(await getItem(tableName('safeguarding'), { pk: `MEMBER#${ada.sub}`, sk: `BLOCKED_BY#${grace.sub}` })).toBeUndefined();
    });

    it('keeps two members hidden from each other while either block stands, when each has blocked the other', async () => {
      const [grace, ada] = await Promise.all([mentor(), mentee()]);
      const name = `Member ${grace.sub.slice(0, 8)}`;
      expect((await call('POST', `/api/members/${ada.sub}/block`, grace.idToken)).status).toBe(200);
      expect((await call('POST', `/api/members/${grace.sub}/block`, ada.idToken)).status).toBe(200);
      expect(await getItem(tableName('safeguarding'), { pk: `MEMBER#${ada.sub}`, sk: 'HIDDEN' })).toMatchObject({ blocks: new Set([grace.sub]), blockedBy: new Set([grace.sub]) });
      expect(await directoryIds(ada, name)).toEqual([]);
      // Grace lifts hers: Ada's still stands, so they stay hidden from each other.
      expect((await call('DELETE', `/api/members/${ada.sub}/block`, grace.idToken)).status).toBe(200);
      expect(await directoryIds(ada, name)).toEqual([]);
      expect(await getItem(tableName('safeguarding'), { pk: `MEMBER#${ada.sub}`, sk: 'HIDDEN' })).toEqual({ pk: `MEMBER#${ada.sub}`, sk: 'HIDDEN', blocks: new Set([grace.sub]) });
      expect((await call('DELETE', `/api/members/${grace.sub}/block`, ada.idToken)).status).toBe(200);
      expect(await directoryIds(ada, name)).toEqual([grace.sub]);
    });

    it('stops a mentee from asking a mentor they blocked, with a reason, and refuses bad blocks', async () => {
      const [bob, ada] = await Promise.all([mentor(), mentee()]);
      expect((await call('POST', `/api/members/${bob.sub}/block`, ada.idToken)).status).toBe(200);
      const refused = await request(ada, bob);
      expect([refused.status, refused.body.error?.message]).toEqual([409, 'You have blocked this mentor. Unblock them first if you want to ask again.']);
      expect((await call('POST', `/api/members/${ada.sub}/block`, ada.idToken)).status).toBe(400);
      expect((await call('POST', '/api/members/nobody-at-all/block', ada.idToken)).status).toBe(404);
      expect((await call('POST', `/api/coordinator/mentorships`, casey.idToken, { mentorId: bob.sub, menteeId: ada.sub, message: 'You two would fit.' })).status).toBe(409);
    });
  });

  describe('a suspension', () => {
    it('lets the member read but refuses every change, unlists a mentor, deactivates them at Stream and freezes their channels; restore undoes it', async () => {
      const { grace, ada, id } = await activePair();
      expect((await call('POST', `/api/coordinator/members/${grace.sub}/suspend`, ada.idToken)).status).toBe(403);

      const suspended = await call<{ suspended: boolean; suspendedAt: string }>('POST', `/api/coordinator/members/${grace.sub}/suspend`, casey.idToken);
      expect(suspended.body).toMatchObject({ suspended: true, suspendedAt: expect.any(String) });
      const item = await getItem(tableName('members'), { id: grace.sub });
      expect(item).toMatchObject({ suspended: true });
      expect(item).not.toHaveProperty('listed');
      await waitFor(async () => ((await streamUser(grace.sub))?.deactivated_at ? true : undefined), 'the deactivation at Stream');
      await channelFrozen(id, true);

      // Reads work; every change is a 403 with words she understands.
      expect((await call('GET', `/api/mentorships/${id}`, grace.idToken)).status).toBe(200);
      expect((await call('GET', '/api/profile/me', grace.idToken)).status).toBe(200);
      for (const [method, path, body] of [
        ['POST', `/api/mentorships/${id}/end`, { reason: 'no_time' }],
        ['POST', '/api/reports', { category: 'spam', description: 'x', subject: { kind: 'member', memberId: ada.sub } }],
        ['POST', `/api/members/${ada.sub}/block`, undefined],
        ['PUT', '/api/profile/me', {}],
      ] as const) {
        const refused = await call(method, path, grace.idToken, body);
        expect([refused.status, refused.body.error]).toEqual([403, { code: 'forbidden', message: SUSPENDED_MESSAGE }]);
      }
      // A suspended mentor receives no requests.
      const other = await mentee();
      expect((await request(other, grace)).status).toBe(409);

      const restored = await call<{ suspended: boolean }>('POST', `/api/coordinator/members/${grace.sub}/restore`, casey.idToken);
      expect(restored.body.suspended).toBe(false);
      await waitFor(async () => ((await streamUser(grace.sub)) && !(await streamUser(grace.sub))!.deactivated_at ? true : undefined), 'the reactivation at Stream');
      await channelFrozen(id, false);
      expect(await getItem(tableName('members'), { id: grace.sub })).toMatchObject({ suspended: false, listed: 'mentor' });
      expect((await request(other, grace)).status).toBe(201);
    });
  });

  describe('my data', () => {
    it('exports everything held about the member, and deletes the account after the typed confirmation', async () => {
      const { grace, ada, id } = await activePair();
      const bob = await mentor();
      await call('POST', '/api/reports', ada.idToken, { category: 'spam', description: 'Selling courses', subject: { kind: 'member', memberId: bob.sub } });
      await call('POST', `/api/members/${bob.sub}/block`, ada.idToken);
      // A block Ada received goes with her account too, both of its items.
      const carl = await mentor();
      expect((await call('POST', `/api/members/${ada.sub}/block`, carl.idToken)).status).toBe(200);

      const exported = await call<Record<string, unknown>>('GET', '/api/me/export', ada.idToken);
      expect(exported.status).toBe(200);
      expect(exported.body).toMatchObject({
        // The name she signed up with (cognito-local's ID tokens carry none, so the API asks the pool).
        account: { id: ada.sub, email: ada.email, name: ada.name },
        profile: { id: ada.sub, role: 'mentee', goals: 'Find my way' },
        mentorships: [expect.objectContaining({ id, state: 'ACTIVE', events: expect.any(Array) })],
        reportsMade: [expect.objectContaining({ category: 'spam', description: 'Selling courses' })],
        blocks: [{ memberId: bob.sub, blockedAt: expect.any(String) }],
        retention: expect.stringContaining('7 days'),
      });
      // Reports are never others' to read: Grace's export holds none of Ada's, nor who blocked whom.
      const graces = (await call<Record<string, unknown[]>>('GET', '/api/me/export', grace.idToken)).body;
      expect([graces.reportsMade, graces.blocks]).toEqual([[], []]);

      const unconfirmed = await call('DELETE', '/api/me', ada.idToken, { confirm: 'yes' });
      expect(unconfirmed.status).toBe(400);
      expect(await getItem(tableName('members'), { id: ada.sub })).toBeDefined();

      const deleted = await call<{ deleted: boolean; endedMentorshipIds: string[] }>('DELETE', '/api/me', ada.idToken, { confirm: DELETE_ACCOUNT_CONFIRMATION });
      expect(deleted.body).toEqual({ deleted: true, endedMentorshipIds: [id] });
      expect(await getItem(tableName('members'), { id: ada.sub })).toBeUndefined();
      expect(await getItem(tableName('safeguarding'), { pk: `MEMBER#${ada.sub}`, sk: `BLOCKS#${bob.sub}` })).toBeUndefined();
      expect(await getItem(tableName('safeguarding'), { pk: `MEMBER#${bob.sub}`, sk: `BLOCKED_BY#${ada.sub}` })).toBeUndefined();
      expect(await getItem(tableName('safeguarding'), { pk: `MEMBER#${carl.sub}`, sk: `BLOCKS#${ada.sub}` })).toBeUndefined();
      expect(await getItem(tableName('safeguarding'), { pk: `MEMBER#${ada.sub}`, sk: `BLOCKED_BY#${carl.sub}` })).toBeUndefined();
      expect((await call<{ blocks: unknown[] }>('GET', '/api/me/blocks', carl.idToken)).body.blocks).toEqual([]);
      // Nothing of hers is left in the block summaries: not her own, not in theirs.
      expect(await getItem(tableName('safeguarding'), { pk: `MEMBER#${ada.sub}`, sk: 'HIDDEN' })).toBeUndefined();
      for (const other of [bob, carl]) {
        const summary = await getItem(tableName('safeguarding'), { pk: `MEMBER#${other.sub}`, sk: 'HIDDEN' });
        expect([...((summary?.blocks as Set<string> | undefined) ?? []), ...((summary?.blockedBy as Set<string> | undefined) ?? [])]).not.toContain(ada.sub);
      }
      // Grace keeps the mentorship's history, with Ada shown as a former member.
      expect((await call('GET', `/api/mentorships/${id}`, grace.idToken)).body).toMatchObject({ state: 'ENDED', mentee: { id: ada.sub, displayName: 'A former member' } });
      // Pruned at Stream: the user and their messages gone, as Stream's delete with pruning leaves it.
      await waitFor(async () => ((await streamUser(ada.sub)) === undefined ? true : undefined), 'the Stream user deleted');
      const cognito = await stageCognito();
      const client = cognitoClient(cognito);
      try {
        await expect(client.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: ada.email }))).rejects.toBeInstanceOf(UserNotFoundException);
      } finally {
        client.destroy();
      }
    });
  });
});
