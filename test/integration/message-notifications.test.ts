import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { StreamClient } from '@stream-io/node-sdk';
import { StreamChat } from 'stream-chat';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { NotificationPage } from '@mentoring/shared';
import { createTestUser, type TestUser } from '../support/auth';
import { spawnLocalStage, type SpawnedStage } from '../support/local-stage';
import { mailTo, waitForMail } from '../support/mail';
import { localSchedules, moveScheduleClock } from '../support/scheduler';
import { db } from './support/db';
import { deliverWebhook, localBusLog } from './support/stream-webhooks';
import { waitFor } from './support/wait-for';

/**
 * Messages nobody misses, on a stage of its own whose Stream is the chat stand-in (the shared stage's is a recorder):
 * the stand-in's signed message.new and message.read webhooks, the bus and its consumer, DynamoDB Local, the
 * Scheduler stand-in with its moved clock and the SES stand-in's inbox. Members act as the browser does, with
 * stream-chat; the programme acts with @stream-io/node-sdk, as the functions do.
 */
describe.runIf(inject('isLocal'))('message notifications on the local stage', () => {
  let stage: SpawnedStage;
  let server: StreamClient;
  const clients: StreamChat[] = [];
  const DELAY_MS = 15 * 60_000;

  beforeAll(async () => {
    // No Stream credentials: the stage runs its own chat stand-in and points the functions at it.
    stage = await spawnLocalStage({ env: { STREAM_API_KEY: '', STREAM_API_SECRET: '', STREAM_BASE_URL: '' } });
    if (stage.stream.mode !== 'stand-in') throw new Error('The stage did not start its Stream stand-in');
    server = new StreamClient(stage.stream.apiKey, stage.stream.secret, { basePath: stage.stream.url, timeout: 5000 });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.disconnectUser().catch(() => undefined)));
    await stage?.stop();
  });

  const tables = () => db(stage.dynamoDbEndpoint);
  const api = (path: string, init: RequestInit = {}) => fetch(`${stage.url}${path}`, init);
  const notifications = async (user: TestUser) => (await (await api('/api/notifications', { headers: { authorization: `Bearer ${user.idToken}` } })).json()) as NotificationPage;

  /** The bus's events of a channel, once every one of `count` such events has been consumed. */
  const consumed = (cid: string, type: string, count: number) =>
    waitFor(async () => {
      const mine = (await localBusLog(stage.eventBus.endpoint)).filter(({ event }) => event.detail.cid === cid && event['detail-type'] === type);
      return mine.length >= count && mine.every(({ deliveries }) => deliveries.length > 0 && deliveries.every((each) => each.status === 'succeeded')) && mine;
    }, `${count} ${type} of ${cid} consumed`);

  const emailSchedules = async () => (await localSchedules(stage.scheduler.endpoint)).schedules.filter((schedule) => schedule.kind === 'message-email' && !schedule.completed);

  /** A mentor and a mentee in an ACTIVE mentorship, their Stream users and the pair's channel; each connected as the browser is. */
  const pair = async (state = 'ACTIVE') => {
    const [mentor, mentee] = await Promise.all([
      createTestUser({ url: stage.url, cognito: stage.cognito }, { name: 'Grace Hopper' }),
      createTestUser({ url: stage.url, cognito: stage.cognito }, { name: 'Ada Lovelace' }),
    ]);
    const id = randomUUID();
    const at = new Date().toISOString();
    const member = (who: TestUser, role: string) =>
      tables().send(new PutCommand({ TableName: stage.tables.members!, Item: { id: who.sub, role, displayName: who.name, headline: '', bio: '', languages: ['en'], timezone: 'UTC', country: 'DE', availability: [], format: 'online', topics: ['Career change'], approvalState: 'approved' } }));
    await Promise.all([member(mentor, 'mentor'), member(mentee, 'mentee')]);
    await tables().send(
      new PutCommand({
        TableName: stage.tables.mentorships!,
        Item: { pk: `MENTORSHIP#${id}`, sk: 'META', id, state, version: 2, mentorId: mentor.sub, menteeId: mentee.sub, origin: 'request', message: 'Hello', createdAt: at, updatedAt: at, activatedAt: at, expiresAt: null, endsAt: null, acceptedBy: ['mentor'], proposedBy: null },
      }),
    );
    await server.upsertUsers([
      { id: mentor.sub, name: mentor.name, role: 'user' },
      { id: mentee.sub, name: mentee.name, role: 'user' },
      { id: 'mentoring-programme', name: 'Mentoring programme', role: 'admin' },
    ]);
    await server.chat.channel('messaging', id).getOrCreate({ data: { created_by_id: 'mentoring-programme', members: [{ user_id: mentor.sub }, { user_id: mentee.sub }] } });
    const connect = async (who: TestUser) => {
      const client = new StreamChat(stage.stream.mode === 'stand-in' ? stage.stream.apiKey : '', { baseURL: stage.stream.mode === 'stand-in' ? stage.stream.url : '', timeout: 5000, allowServerSideConnect: true });
      clients.push(client);
      await client.connectUser({ id: who.sub, name: who.name }, server.generateUserToken({ user_id: who.sub }));
      const channel = client.channel('messaging', id);
      await channel.watch();
      return channel;
    };
    const [mentorChat, menteeChat] = await Promise.all([connect(mentor), connect(mentee)]);
    return { id, cid: `messaging:${id}`, mentor, mentee, mentorChat, menteeChat };
  };

  it('a message unread after the delay: one notification for the burst, then exactly one e-mail, without the text', async () => {
    const { id, cid, mentee, mentorChat } = await pair();
    await mentorChat.sendMessage({ text: 'The secret plan for your CV' });
    await consumed(cid, 'message.new', 1);
    const first = await notifications(mentee);
    expect(first.unread).toBe(1);
    expect(first.notifications).toEqual([{ id: expect.any(String), kind: 'message', text: 'Grace Hopper wrote to you', link: `/mentorships/${id}`, createdAt: expect.any(String), readAt: null }]);

    // A burst: still one notification and one e-mail due, 15 minutes (the programme's default) after the first.
    await mentorChat.sendMessage({ text: 'And a second thought' });
    await mentorChat.sendMessage({ text: 'And a third' });
    await consumed(cid, 'message.new', 3);
    expect((await notifications(mentee)).notifications).toHaveLength(1);
    const due = await emailSchedules();
    expect(due).toHaveLength(1);
    expect(Date.parse(due[0]!.dueAt) - Date.parse(first.notifications[0]!.createdAt)).toBeGreaterThan(DELAY_MS - 120_000);
    expect(Date.parse(due[0]!.dueAt) - Date.parse(first.notifications[0]!.createdAt)).toBeLessThan(DELAY_MS + 120_000);

    const moved = await moveScheduleClock(stage.scheduler.endpoint, { advanceMs: DELAY_MS + 60_000 });
    expect(moved.runs.filter((run) => run.kind === 'message-email').map((run) => run.status)).toEqual(['succeeded']);
    const mail = await waitForMail(stage.ses.endpoint, mentee.email, (each) => each.subject === 'Grace Hopper wrote to you');
    expect(mail.body.text).toContain(`${stage.url}/mentorships/${id}`);
    for (const text of ['secret plan', 'second thought', 'third']) expect(mail.body.text).not.toContain(text);
    // Another move runs nothing more: one e-mail per conversation.
    await moveScheduleClock(stage.scheduler.endpoint, { advanceMs: DELAY_MS + 60_000 });
    expect((await mailTo(stage.ses.endpoint, mentee.email)).filter((each) => each.subject === 'Grace Hopper wrote to you')).toHaveLength(1);
  });

  it('read before the delay: the notification is marked read and no e-mail goes', async () => {
    const { cid, mentee, mentorChat, menteeChat } = await pair();
    await mentorChat.sendMessage({ text: 'Shall we meet on Friday?' });
    await consumed(cid, 'message.new', 1);
    expect((await notifications(mentee)).unread).toBe(1);

    await menteeChat.markRead();
    await consumed(cid, 'message.read', 1);
    const after = await notifications(mentee);
    expect(after.unread).toBe(0);
    expect(after.notifications[0]!.readAt).not.toBeNull();
    expect(await emailSchedules()).toEqual([]);
    await moveScheduleClock(stage.scheduler.endpoint, { advanceMs: DELAY_MS + 60_000 });
    expect(await mailTo(stage.ses.endpoint, mentee.email)).toEqual([]);
  });

  it('a muted conversation and a frozen channel notify nobody', async () => {
    const muted = await pair();
    await muted.menteeChat.mute();
    await muted.mentorChat.sendMessage({ text: 'Are you there?' });
    await consumed(muted.cid, 'message.new', 1);

    // A suspended mentorship's channel is frozen: the members cannot write, and what the programme writes notifies nobody.
    const frozen = await pair('SUSPENDED');
    await server.chat.channel('messaging', frozen.id).updateChannelPartial({ set: { frozen: true } });
    await server.chat.channel('messaging', frozen.id).sendMessage({ message: { text: 'Written while frozen', user_id: frozen.mentor.sub } });
    await consumed(frozen.cid, 'message.new', 1);

    for (const { mentee } of [muted, frozen]) expect(await notifications(mentee)).toEqual({ notifications: [], nextCursor: null, unread: 0 });
    expect(await emailSchedules()).toEqual([]);
    await moveScheduleClock(stage.scheduler.endpoint, { advanceMs: DELAY_MS + 60_000 });
    for (const { mentee } of [muted, frozen]) expect(await mailTo(stage.ses.endpoint, mentee.email)).toEqual([]);
  });

  it('a webhook with a bad signature is refused (401) and nothing is stored', async () => {
    const { id, cid, mentor, mentee } = await pair();
    const forged = {
      type: 'message.new',
      cid,
      channel_type: 'messaging',
      channel_id: id,
      created_at: new Date().toISOString(),
      message: { id: randomUUID(), type: 'regular', text: 'Forged', user: { id: mentor.sub }, created_at: new Date().toISOString() },
      members: [{ user_id: mentee.sub, user: { id: mentee.sub, channel_unread_count: 1 } }],
    };
    const apiKey = stage.stream.mode === 'stand-in' ? stage.stream.apiKey : '';
    const refused = await deliverWebhook(forged, { target: { url: stage.url, apiKey, apiSecret: 'not-the-secret' } });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('unauthenticated');
    expect((await localBusLog(stage.eventBus.endpoint)).filter(({ event }) => event.detail.cid === cid)).toEqual([]);
    expect(await notifications(mentee)).toEqual({ notifications: [], nextCursor: null, unread: 0 });
  });
});
