import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { NOTIFICATION_ID_PATTERN } from '@mentoring/shared';
import { keepNotification, linkIn, listNotifications, markRead, recordNotification } from '.';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
process.env.NOTIFICATIONS_TABLE = 'notifications-test';

const site = 'https://mentoring.example.org';
const message = { subject: 'Mia Mentee asks you to be their mentor', text: `Mia sent you a request.\n\nAnswer the request: ${site}/mentorships/m-1\n` };
const now = new Date('2026-11-24T10:00:00.000Z');

describe('notifications service', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(PutCommand).resolves({});
  });

  it('keeps the e-mail as an unread notification: its subject, its link as a path, expiring after 90 days', async () => {
    const kept = await recordNotification('mentor-1', 'mentorship', message, site, { now });
    const input = dynamo.commandCalls(PutCommand)[0]!.args[0].input;
    expect(input).toMatchObject({ TableName: 'notifications-test', ConditionExpression: 'attribute_not_exists(sk)' });
    expect(input.Item).toEqual({
      memberId: 'mentor-1',
      sk: kept.id,
      kind: 'mentorship',
      text: message.subject,
      link: '/mentorships/m-1',
      createdAt: now.toISOString(),
      unreadBy: 'mentor-1',
      expiresAt: now.getTime() / 1000 + 90 * 86_400,
    });
    expect(kept.id).toMatch(NOTIFICATION_ID_PATTERN);
    expect(kept.readAt).toBeNull();
  });

  it('takes a given link over the message’s, and the home page when the message has none', async () => {
    expect((await recordNotification('a', 'session', message, site, { link: '/mentorships/m-2' })).link).toBe('/mentorships/m-2');
    expect(linkIn('No link here, only https://elsewhere.example/x', site)).toBe('/');
    expect(linkIn(`Join: ${site}/calls/default/s-1 then ${site}/mentorships/m-1`, `${site}/`)).toBe('/calls/default/s-1');
  });

  it('never throws after a stored change: a failed write is logged and counted', async () => {
    dynamo.on(PutCommand).rejects(new Error('table down'));
    await expect(keepNotification('a', 'mentorship', message, site)).resolves.toBeUndefined();
  });

  it('lists the member’s own partition newest first, with a cursor and the unread count from the sparse index', async () => {
    const item = { memberId: 'm', sk: '2026-11-24T09:00:00.000Z#0a1b2c3d', kind: 'session', text: 'Booked', link: '/mentorships/x', createdAt: '2026-11-24T09:00:00.000Z', unreadBy: 'm', expiresAt: 1 };
    dynamo.on(QueryCommand, { IndexName: 'unread' }).resolves({ Count: 3 });
    dynamo.on(QueryCommand, { IndexName: undefined }).resolves({ Items: [item], LastEvaluatedKey: { memberId: 'm', sk: item.sk } });
    const page = await listNotifications('m', { limit: 1 });
    expect(page).toEqual({
      notifications: [{ id: item.sk, kind: 'session', text: 'Booked', link: '/mentorships/x', createdAt: item.createdAt, readAt: null }],
      nextCursor: expect.any(String),
      unread: 3,
    });
    await listNotifications('m', { cursor: page.nextCursor! });
    const second = dynamo.commandCalls(QueryCommand).map((each) => each.args[0].input).filter((input) => !input.IndexName)[1]!;
    expect(second).toMatchObject({ KeyConditionExpression: 'memberId = :member', ExpressionAttributeValues: { ':member': 'm' }, ScanIndexForward: false, ExclusiveStartKey: { memberId: 'm', sk: item.sk } });
  });

  it('refuses a cursor that is not one of its own (400), reading nothing', async () => {
    await expect(listNotifications('m', { cursor: Buffer.from('{"memberId":"other"}').toString('base64url') })).rejects.toMatchObject({ code: 'validation_failed' });
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('marks the named ones read in the caller’s own partition only, each once', async () => {
    dynamo.on(UpdateCommand).resolves({});
    dynamo.on(QueryCommand).resolves({ Count: 0 });
    const id = '2026-11-24T09:00:00.000Z#0a1b2c3d';
    expect(await markRead('m', { ids: [id, id] }, now)).toEqual({ unread: 0 });
    const updates = dynamo.commandCalls(UpdateCommand).map((each) => each.args[0].input);
    expect(updates).toEqual([
      {
        TableName: 'notifications-test',
        Key: { memberId: 'm', sk: id },
        UpdateExpression: 'SET readAt = :at REMOVE unreadBy',
        ConditionExpression: 'attribute_exists(unreadBy)',
        ExpressionAttributeValues: { ':at': now.toISOString() },
      },
    ]);
  });

  it('marks all: every unread one the index finds, across its pages', async () => {
    dynamo.on(UpdateCommand).resolves({});
    dynamo
      .on(QueryCommand, { Select: undefined })
      .resolvesOnce({ Items: [{ sk: 'a' }], LastEvaluatedKey: { sk: 'a' } })
      .resolvesOnce({ Items: [{ sk: 'b' }] });
    dynamo.on(QueryCommand, { Select: 'COUNT' }).resolves({ Count: 0 });
    await markRead('m', { all: true }, now);
    expect(dynamo.commandCalls(UpdateCommand).map((each) => each.args[0].input.Key)).toEqual([
      { memberId: 'm', sk: 'a' },
      { memberId: 'm', sk: 'b' },
    ]);
  });
});
