import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CreateScheduleCommand, DeleteScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messageEmailScheduleName, onMessageNew, onMessageRead } from '.';
import { messageNewSchema, messageReadSchema } from './events';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
const scheduler = mockClient(SchedulerClient);
Object.assign(process.env, {
  MENTORSHIPS_TABLE: 'mentorships-test',
  MEMBERS_TABLE: 'members-test',
  SAFEGUARDING_TABLE: 'safeguarding-test',
  NOTIFICATIONS_TABLE: 'notifications-test',
  PROGRAMME_TABLE: 'programme-test',
  SITE_URL: 'https://mentoring.example.org',
  SCHEDULE_GROUP_NAME: 'mentoring-test',
  SCHEDULER_ROLE_ARN: 'arn:aws:iam::1:role/scheduler',
  SCHEDULE_DEAD_LETTER_ARN: 'arn:aws:sqs:eu-west-1:1:dead',
  SCHEDULE_TARGETS: JSON.stringify({ 'message-email': 'arn:aws:lambda:eu-west-1:1:function:message-email' }),
});

const MENTORSHIP = '0b3c8a52-1f7e-4c1a-9d3e-2a4b5c6d7e8f';
const SENT_AT = '2026-11-29T10:00:00.000Z';

const newMessage = ({ from = 'mentor-1', unread = 1 as number | undefined, extra = {} } = {}) =>
  messageNewSchema.parse({
    type: 'message.new',
    cid: `messaging:${MENTORSHIP}`,
    channel_type: 'messaging',
    channel_id: MENTORSHIP,
    created_at: SENT_AT,
    message: { id: 'msg-1', type: 'regular', text: 'The text', user: { id: from }, created_at: SENT_AT, ...extra },
    members: [
      { user_id: 'mentor-1', user: { id: 'mentor-1', channel_unread_count: 0 } },
      { user_id: 'mentee-1', user: { id: 'mentee-1', ...(unread === undefined ? {} : { channel_unread_count: unread }) } },
    ],
  });

const mentorship = (state = 'ACTIVE') => dynamo.on(GetCommand, { TableName: 'mentorships-test' }).resolves({ Item: { id: MENTORSHIP, state, mentorId: 'mentor-1', menteeId: 'mentee-1' } });
const notificationsPut = () => dynamo.commandCalls(PutCommand).filter((call) => call.args[0].input.TableName === 'notifications-test');
const scheduled = () => scheduler.commandCalls(CreateScheduleCommand).map((call) => call.args[0].input);

describe('message notifications', () => {
  // The clock a moment after the message was sent: a due time already past would be moved to now.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(SENT_AT) + 1000);
  });
  afterEach(() => vi.useRealTimers());

  beforeEach(() => {
    dynamo.reset();
    scheduler.reset();
    mentorship();
    dynamo.on(BatchGetCommand).resolves({ Responses: { 'members-test': [{ id: 'mentor-1', displayName: 'Grace Hopper', role: 'mentor' }, { id: 'mentee-1', displayName: 'Ada Lovelace', role: 'mentee' }] } });
    dynamo.on(GetCommand, { TableName: 'safeguarding-test' }).resolves({});
    dynamo.on(GetCommand, { TableName: 'programme-test' }).resolves({ Item: { id: 'settings', messageEmailDelayMinutes: 30 } });
    dynamo.on(UpdateCommand).resolves({});
    dynamo.on(PutCommand).resolves({});
    scheduler.on(CreateScheduleCommand).resolves({});
    scheduler.on(DeleteScheduleCommand).resolves({});
  });

  it('starts a spell: the reader’s notification, naming who wrote, and the e-mail after the programme’s delay', async () => {
    await onMessageNew(newMessage());
    expect(notificationsPut().map((call) => call.args[0].input.Item)).toEqual([
      expect.objectContaining({ memberId: 'mentee-1', kind: 'message', text: 'Grace Hopper wrote to you', link: `/mentorships/${MENTORSHIP}`, unreadBy: 'mentee-1' }),
    ]);
    const [schedule] = scheduled();
    expect(schedule).toMatchObject({ Name: messageEmailScheduleName('mentee-1', MENTORSHIP), ScheduleExpression: 'at(2026-11-29T10:30:00)' });
    expect(JSON.parse(schedule!.Target!.Input!)).toMatchObject({ kind: 'message-email', payload: { memberId: 'mentee-1', mentorshipId: MENTORSHIP, since: SENT_AT } });
    expect(JSON.stringify(schedule)).not.toContain('The text');
  });

  it('a later message of an open spell adds nothing (one notification and one e-mail per conversation)', async () => {
    dynamo.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'open', $metadata: {} }));
    await onMessageNew(newMessage());
    expect(notificationsPut()).toEqual([]);
    expect(scheduled()).toEqual([]);
  });

  it.each([
    ['a muted conversation (Stream counts it 0)', () => newMessage({ unread: 0 }), () => undefined],
    ['the programme’s own message', () => newMessage({ from: 'mentoring-programme' }), () => undefined],
    ['a thread reply kept in its thread', () => newMessage({ extra: { parent_id: 'p-1' } }), () => undefined],
    ['a suspended mentorship (its channel frozen)', () => newMessage(), () => mentorship('SUSPENDED')],
    ['a block between the two', () => newMessage(), () => dynamo.on(GetCommand, { TableName: 'safeguarding-test' }).resolves({ Item: { pk: 'x' } })],
  ])('%s notifies nobody', async (_, event, given) => {
    given();
    await onMessageNew(event());
    expect(notificationsPut()).toEqual([]);
    expect(scheduled()).toEqual([]);
    expect(dynamo.commandCalls(UpdateCommand)).toEqual([]);
  });

  it('reading the conversation marks the spell’s notification read and cancels its e-mail', async () => {
    const notificationId = '2026-11-29T10:00:00.123Z#0a1b2c3d';
    dynamo.on(UpdateCommand, { Key: { memberId: 'messages#mentee-1', sk: MENTORSHIP } }).resolves({ Attributes: { since: SENT_AT, notificationId } });
    dynamo.on(QueryCommand).resolves({ Count: 0 });
    await onMessageRead(messageReadSchema.parse({ type: 'message.read', channel_type: 'messaging', channel_id: MENTORSHIP, created_at: '2026-11-29T10:05:00.000Z', user: { id: 'mentee-1' } }));
    const updates = dynamo.commandCalls(UpdateCommand).map((call) => call.args[0].input);
    expect(updates).toContainEqual(expect.objectContaining({ Key: { memberId: 'mentee-1', sk: notificationId }, UpdateExpression: 'SET readAt = :at REMOVE unreadBy' }));
    expect(scheduler.commandCalls(DeleteScheduleCommand).map((call) => call.args[0].input.Name)).toEqual([messageEmailScheduleName('mentee-1', MENTORSHIP)]);
  });
});
