import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiEvent, lambdaContext } from '#testing/events';
import { useTestIdentity } from '#testing/tokens';

const schedules = vi.hoisted(() => ({
  scheduleOnce: vi.fn(async (_kind: string, _name: string, _at: Date, _payload: unknown) => undefined),
  cancelSchedule: vi.fn(async (_name: string) => undefined),
}));
vi.mock('../../lib/schedules', () => schedules);

const { handler: bookHandler } = await import('./book');
const { handler: rescheduleHandler } = await import('./reschedule');

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
const cognito = mockClient(CognitoIdentityProviderClient);
const ses = mockClient(SESv2Client);
Object.assign(process.env, {
  SESSIONS_TABLE: 'sessions',
  MENTORSHIPS_TABLE: 'mentorships',
  MEMBERS_TABLE: 'members',
  MAIL_FROM: 'Mentoring <programme@example.org>',
  COGNITO_USER_POOL_ID: 'pool',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
});

const identity = useTestIdentity({ beforeAll, afterAll });
const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const SESSION_ID = `m-${ID}-abc123`;

const call = async (handler: (event: never, context: never) => Promise<unknown>, path: string, sub: string, body: unknown, id: string) => {
  const response = (await handler(
    apiEvent({ method: 'POST', path, headers: { 'content-type': 'application/json', ...identity.bearer({ sub }) }, body: JSON.stringify(body), pathParameters: { id } }) as never,
    lambdaContext() as never,
  )) as APIGatewayProxyStructuredResultV2;
  return { status: response.statusCode, body: JSON.parse(response.body ?? 'null') };
};

// Mondays 18:00–20:00 in Berlin; Mondays 12:00–14:00 in New York: one common hour, 17:00–18:00 UTC, on 9 March 2026.
const members = [
  { id: 'mentor-1', displayName: 'Grace', timezone: 'Europe/Berlin', availability: [{ day: 1, start: '18:00', end: '20:00' }] },
  { id: 'mentee-1', displayName: 'Ada', timezone: 'America/New_York', availability: [{ day: 1, start: '12:00', end: '14:00' }] },
];
const mentorship = (state = 'ACTIVE') => ({ pk: `MENTORSHIP#${ID}`, sk: 'META', id: ID, state, mentorId: 'mentor-1', menteeId: 'mentee-1', version: 2 });
const cancelled = (codes: string[]) =>
  new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-01T12:00:00Z') });
  dynamo.reset();
  ses.reset();
  cognito.reset();
  schedules.scheduleOnce.mockClear();
  schedules.cancelSchedule.mockClear();
  ses.on(SendEmailCommand).resolves({ MessageId: 'x' });
  cognito.on(AdminGetUserCommand).callsFake((input: { Username: string }) => ({ UserAttributes: [{ Name: 'email', Value: `${input.Username}@example.org` }] }));
  dynamo.on(GetCommand, { TableName: 'mentorships' }).resolves({ Item: mentorship() });
  dynamo.on(BatchGetCommand).resolves({ Responses: { members } });
  dynamo.on(QueryCommand).resolves({ Items: [] });
  dynamo.on(TransactWriteCommand).resolves({});
});
afterEach(() => vi.useRealTimers());

const book = (body: unknown, sub = 'mentee-1') => call(bookHandler, `/api/mentorships/${ID}/sessions`, sub, body, ID);

describe('POST /api/mentorships/{id}/sessions', () => {
  it('stores the session, both members\' quarter-hour guards and the mentorship check in one transaction, then invites both and sets the reminders', async () => {
    const answer = await book({ startsAt: '2026-03-09T17:00:00Z', durationMinutes: 30, agenda: 'CV' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ state: 'scheduled', startsAt: '2026-03-09T17:00:00.000Z', durationMinutes: 30, bookedBy: 'mentee-1', callType: 'default' });
    expect(answer.body.id).toMatch(new RegExp(`^m-${ID}-[a-z0-9]+$`));

    const items = dynamo.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items[0]!.Put).toMatchObject({ TableName: 'sessions', Item: { pk: `SESSION#${answer.body.id}`, sk: 'META', state: 'scheduled', sequence: 0 }, ConditionExpression: 'attribute_not_exists(pk)' });
    expect(items.slice(1, 5).map((item) => [item.Put!.Item!.pk, item.Put!.Item!.sk, item.Put!.ConditionExpression])).toEqual([
      ['BUSY#mentor-1', '2026-03-09T17:00:00.000Z', 'attribute_not_exists(pk)'],
      ['BUSY#mentor-1', '2026-03-09T17:15:00.000Z', 'attribute_not_exists(pk)'],
      ['BUSY#mentee-1', '2026-03-09T17:00:00.000Z', 'attribute_not_exists(pk)'],
      ['BUSY#mentee-1', '2026-03-09T17:15:00.000Z', 'attribute_not_exists(pk)'],
    ]);
    expect(items[5]!.ConditionCheck).toMatchObject({ TableName: 'mentorships', Key: { pk: `MENTORSHIP#${ID}`, sk: 'META' }, ExpressionAttributeValues: { ':active': 'ACTIVE' } });

    const mails = ses.commandCalls(SendEmailCommand).map((each) => each.args[0].input);
    expect(mails.map((mail) => mail.Destination?.ToAddresses)).toEqual([['mentor-1@example.org'], ['mentee-1@example.org']]);
    expect(mails.map((mail) => mail.Content?.Simple?.Attachments?.[0]?.ContentType)).toEqual(['text/calendar; method=REQUEST; charset=UTF-8', 'text/calendar; method=REQUEST; charset=UTF-8']);
    expect(new TextDecoder().decode(mails[0]!.Content!.Simple!.Attachments![0]!.RawContent)).toContain('ORGANIZER;CN="Mentoring":MAILTO:programme@example.org');

    expect(schedules.scheduleOnce.mock.calls).toEqual([
      ['session-reminder', `sess-24h-${answer.body.id}`, new Date('2026-03-08T17:00:00Z'), { sessionId: answer.body.id, reminder: '24h', sequence: 0 }],
      ['session-reminder', `sess-1h-${answer.body.id}`, new Date('2026-03-09T16:00:00Z'), { sessionId: answer.body.id, reminder: '1h', sequence: 0 }],
    ]);
  });

  it('a quarter hour taken meanwhile (a guard\'s condition or a transaction in flight): 409, nothing sent', async () => {
    for (const codes of [['None', 'ConditionalCheckFailed', 'None', 'None', 'None', 'None'], ['TransactionConflict', 'None', 'None', 'None', 'None', 'None']]) {
      dynamo.on(TransactWriteCommand).rejects(cancelled(codes));
      const answer = await book({ startsAt: '2026-03-09T17:00:00Z', durationMinutes: 30, agenda: '' });
      expect(answer).toEqual({ status: 409, body: { error: { code: 'conflict', reason: 'time_taken', message: 'That time was just taken: one of you already has a session then. Choose another slot.' } } });
    }
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
    expect(schedules.scheduleOnce).not.toHaveBeenCalled();
  });

  it('the mentorship ended while booking: 409', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled(['None', 'None', 'None', 'None', 'None', 'ConditionalCheckFailed']));
    const answer = await book({ startsAt: '2026-03-09T17:00:00Z', durationMinutes: 30, agenda: '' });
    expect(answer.body.error).toEqual({ code: 'conflict', reason: 'ended', message: 'Sessions can be booked and changed only while the mentorship is active.' });
  });

  it.each([
    ['a time only one of them is free', '2026-03-09T16:00:00Z', 30, 400, 'That time is outside the availability you both share: choose one of the offered slots.'],
    ['a session running past the common hour', '2026-03-09T17:15:00Z', 60, 400, 'That time is outside the availability you both share: choose one of the offered slots.'],
    ['the past', '2026-02-23T17:00:00Z', 30, 400, 'That time has passed: choose a time in the future.'],
    ['off the quarter hour', '2026-03-09T17:05:00Z', 30, 400, 'Sessions start on the quarter hour (:00, :15, :30 or :45).'],
    ['more than 90 days ahead', '2026-06-01T16:00:00Z', 30, 400, 'Sessions can be booked at most 90 days ahead.'],
  ])('refuses %s before writing anything', async (_what, startsAt, durationMinutes, status, message) => {
    const answer = await book({ startsAt, durationMinutes, agenda: '' });
    expect({ status: answer.status, message: answer.body.error?.message }).toEqual({ status, message });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('refuses an overlap with a session one of them already has, from the guards read', async () => {
    dynamo
      .on(QueryCommand)
      .callsFake((input: { ExpressionAttributeValues: Record<string, unknown> }) => ({
        Items: input.ExpressionAttributeValues[':pk'] === 'BUSY#mentor-1' ? [{ sk: '2026-03-09T17:15:00.000Z', sessionId: 'other' }] : [],
      }));
    const answer = await book({ startsAt: '2026-03-09T17:00:00Z', durationMinutes: 30, agenda: '' });
    expect(answer).toEqual({ status: 409, body: { error: { code: 'conflict', reason: 'time_taken', message: 'One of you already has a session at that time.' } } });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('not a member: 404; not active: 409', async () => {
    expect((await book({ startsAt: '2026-03-09T17:00:00Z', durationMinutes: 30, agenda: '' }, 'stranger')).status).toBe(404);
    dynamo.on(GetCommand, { TableName: 'mentorships' }).resolves({ Item: mentorship('COMPLETED') });
    expect((await book({ startsAt: '2026-03-09T17:00:00Z', durationMinutes: 30, agenda: '' })).body.error?.code).toBe('conflict');
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});

describe('POST /api/sessions/{id}/reschedule', () => {
  const stored = {
    pk: `SESSION#${SESSION_ID}`, sk: 'META', id: SESSION_ID, mentorshipId: ID, mentorId: 'mentor-1', menteeId: 'mentee-1', state: 'scheduled', planned: true,
    startsAt: '2026-03-02T17:00:00.000Z', durationMinutes: 30, agenda: '', proposedTimes: [], bookedBy: 'mentee-1', cancelledBy: null, cancelReason: null, sequence: 4,
    createdAt: '2026-02-20T00:00:00.000Z', updatedAt: '2026-02-20T00:00:00.000Z',
  };

  it('moves the guards in the same transaction as the session (the shared quarter hour stays), bumps the sequence and moves the reminders', async () => {
    dynamo.on(GetCommand, { TableName: 'sessions' }).resolves({ Item: { ...stored, startsAt: '2026-03-09T17:00:00.000Z' } });
    const answer = await call(rescheduleHandler, `/api/sessions/${SESSION_ID}/reschedule`, 'mentor-1', { startsAt: '2026-03-09T17:15:00Z', reason: 'Train late' }, SESSION_ID);
    expect(answer.status).toBe(200);
    const items = dynamo.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items[0]!.Update).toMatchObject({ ConditionExpression: '#state = :was AND #sequence = :sequence', ExpressionAttributeValues: expect.objectContaining({ ':sequence': 4, ':next': 5 }) });
    expect(items.filter((item) => item.Delete).map((item) => [item.Delete!.Key!.pk, item.Delete!.Key!.sk])).toEqual([
      ['BUSY#mentor-1', '2026-03-09T17:00:00.000Z'],
      ['BUSY#mentee-1', '2026-03-09T17:00:00.000Z'],
    ]);
    expect(items.filter((item) => item.Put).map((item) => [item.Put!.Item!.pk, item.Put!.Item!.sk])).toEqual([
      ['BUSY#mentor-1', '2026-03-09T17:30:00.000Z'],
      ['BUSY#mentee-1', '2026-03-09T17:30:00.000Z'],
    ]);
    expect(schedules.scheduleOnce.mock.calls.map((args) => [args[1], args[2], args[3]])).toEqual([
      [`sess-24h-${SESSION_ID}`, new Date('2026-03-08T17:15:00Z'), { sessionId: SESSION_ID, reminder: '24h', sequence: 5 }],
      [`sess-1h-${SESSION_ID}`, new Date('2026-03-09T16:15:00Z'), { sessionId: SESSION_ID, reminder: '1h', sequence: 5 }],
    ]);
    const mails = ses.commandCalls(SendEmailCommand).map((each) => new TextDecoder().decode(each.args[0].input.Content!.Simple!.Attachments![0]!.RawContent));
    expect(mails.every((ics) => ics.includes('SEQUENCE:5') && ics.includes('METHOD:REQUEST'))).toBe(true);
  });

  it('a session changed by the other member meanwhile: 409, reminders untouched', async () => {
    dynamo.on(GetCommand, { TableName: 'sessions' }).resolves({ Item: { ...stored, startsAt: '2026-03-09T17:00:00.000Z' } });
    dynamo.on(TransactWriteCommand).rejects(cancelled(['ConditionalCheckFailed', 'None', 'None', 'None', 'None', 'None']));
    const answer = await call(rescheduleHandler, `/api/sessions/${SESSION_ID}/reschedule`, 'mentor-1', { startsAt: '2026-03-09T17:15:00Z', reason: 'Train late' }, SESSION_ID);
    expect(answer.body.error).toEqual({ code: 'conflict', reason: 'changed_meanwhile', message: 'The session was changed meanwhile: reload it and try again.' });
    expect(schedules.scheduleOnce).not.toHaveBeenCalled();
  });
});
