import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiEvent, lambdaContext } from '#testing/events';
import { useTestIdentity } from '#testing/tokens';

const schedules = vi.hoisted(() => ({ scheduleOnce: vi.fn(async () => undefined), cancelSchedule: vi.fn(async () => undefined) }));
vi.mock('../../lib/schedules', () => schedules);

const { handler: requestHandler } = await import('./request');
const { handler: acceptHandler } = await import('./accept');
const { handler: declineHandler } = await import('./decline');
const { handler: getHandler } = await import('./get');
const { handler: expiryHandler } = await import('../../schedules/request-expiry');
const { handler: proposeHandler } = await import('../coordinator/mentorships-propose');

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
const cognito = mockClient(CognitoIdentityProviderClient);
const ses = mockClient(SESv2Client);
const bus = mockClient(EventBridgeClient);
Object.assign(process.env, {
  MENTORSHIPS_TABLE: 'mentorships',
  MEMBERS_TABLE: 'members',
  SAFEGUARDING_TABLE: 'safeguarding',
  PROGRAMME_TABLE: 'programme',
  MAIL_FROM: 'programme@example.org',
  SITE_URL: 'https://mentoring.example.org',
  EVENT_BUS_NAME: 'bus',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
});

const identity = useTestIdentity({ beforeAll, afterAll });

type Result = APIGatewayProxyStructuredResultV2;
const call = async (
  handler: (event: never, context: never) => Promise<unknown>,
  method: string,
  path: string,
  sub: string | null,
  { body, id, groups }: { body?: unknown; id?: string; groups?: string[] } = {},
) => {
  const response = (await handler(
    apiEvent({
      method,
      path,
      headers: { 'content-type': 'application/json', ...(sub ? identity.bearer({ sub, ...(groups ? { 'cognito:groups': groups } : {}) }) : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      pathParameters: id ? { id } : undefined,
    }) as never,
    lambdaContext() as never,
  )) as Result;
  return { status: response.statusCode, body: JSON.parse(response.body ?? 'null') };
};

// Whole member items, as the members repository stores them (the answers are built from them).
const PROFILE = { bio: '', country: 'DE', availability: [], format: 'online', topics: ['Career change'], lastActiveAt: null, version: 1 };
const MENTOR = { ...PROFILE, id: 'mentor-1', role: 'mentor', approvalState: 'approved', capacity: 2, activeMentees: 1, acceptingRequests: true, listed: 'mentor', displayName: 'Grace', headline: 'Engineer', languages: ['en'], timezone: 'Europe/Berlin', yearsOfExperience: 10, city: null };
const MENTEE = { ...PROFILE, id: 'mentee-1', role: 'mentee', approvalState: 'approved', displayName: 'Ada', headline: 'Learner', goals: 'Learn', languages: ['en'], timezone: 'Europe/London' };
const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const OTHER = '1f8fad5b-d9cb-469f-a165-70867728950e';
const meta = (overrides: Record<string, unknown> = {}) => ({
  pk: `MENTORSHIP#${ID}`,
  sk: 'META',
  id: ID,
  state: 'REQUESTED',
  version: 1,
  mentorId: MENTOR.id,
  menteeId: MENTEE.id,
  origin: 'request',
  message: 'Please mentor me',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2099-01-15T00:00:00.000Z',
  endsAt: null,
  activatedAt: null,
  declineReason: null,
  declineMessage: null,
  endReason: null,
  endMessage: null,
  acceptedBy: [],
  proposedBy: null,
  ...overrides,
});

const stored = (members: Record<string, unknown>[], mentorships: Record<string, unknown>[], extra: Record<string, Record<string, unknown>> = {}) => {
  dynamo.on(GetCommand).callsFake((input: { TableName: string; Key: Record<string, string> }) => {
    if (input.TableName === 'members') return { Item: members.find((member) => member.id === input.Key.id) };
    if (input.TableName === 'programme') return {};
    if (input.Key.sk === 'META') return { Item: mentorships.find((item) => item.pk === input.Key.pk) };
    return { Item: extra[`${input.Key.pk}/${input.Key.sk}`] };
  });
  dynamo.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: { id: string }[] }> }) => ({
    Responses: { members: members.filter((member) => input.RequestItems.members!.Keys.some((key) => key.id === member.id)) },
  }));
  dynamo.on(QueryCommand).callsFake((input: { IndexName?: string }) => ({ Items: input.IndexName === 'byMentee' ? mentorships : [] }));
};

const transactions = () => dynamo.commandCalls(TransactWriteCommand).map((entry) => entry.args[0].input.TransactItems!);

const cancelled = (codes: string[]) =>
  new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

beforeEach(() => {
  dynamo.reset();
  cognito.reset();
  ses.reset();
  bus.reset();
  schedules.scheduleOnce.mockClear();
  schedules.cancelSchedule.mockClear();
  dynamo.on(TransactWriteCommand).resolves({});
  cognito.on(AdminGetUserCommand).callsFake((input: { Username: string }) => ({ UserAttributes: [{ Name: 'email', Value: `${input.Username}@example.org` }] }));
  ses.on(SendEmailCommand).resolves({});
  bus.on(PutEventsCommand).resolves({ Entries: [{ EventId: 'e1' }], FailedEntryCount: 0 });
});

describe('POST /api/coordinator/mentorships (a proposal)', () => {
  const propose = () =>
    call(proposeHandler, 'POST', '/api/coordinator/mentorships', 'coordinator-1', { groups: ['coordinators'], body: { mentorId: MENTOR.id, menteeId: MENTEE.id, message: 'You two would fit.' } });

  it('goes only to a mentor the directory lists, checked again on the stored mentor when it commits', async () => {
    stored([MENTOR, MENTEE], []);
    dynamo.on(TransactWriteCommand).callsFake((input) => {
      stored([MENTOR, MENTEE], [input.TransactItems[0].Put.Item]);
      return {};
    });
    expect((await propose()).status).toBe(201);
    const check = transactions()[0]!.find((item) => item.ConditionCheck?.TableName === 'members')!.ConditionCheck!;
    expect(check).toMatchObject({ Key: { id: MENTOR.id }, ExpressionAttributeNames: { '#l_acceptingRequests': 'acceptingRequests', '#l_suspended': 'suspended', '#l_capacity': 'capacity' } });
  });

  it('refuses a paused mentor (they said no new mentees; a proposal has no expiry), storing nothing', async () => {
    stored([{ ...MENTOR, acceptingRequests: false, listed: undefined }, MENTEE], []);
    const response = await propose();
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ code: 'conflict', reason: 'not_accepting' });
    expect(transactions()).toEqual([]);
  });

  it('answers a pause that commits during the proposal as not accepting', async () => {
    stored([MENTOR, MENTEE], []);
    dynamo.on(TransactWriteCommand).callsFake((input) => {
      const codes = input.TransactItems.map((item: { ConditionCheck?: { TableName: string } }) => (item.ConditionCheck?.TableName === 'members' ? 'ConditionalCheckFailed' : 'None'));
      throw cancelled(codes);
    });
    const response = await propose();
    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({ code: 'conflict', reason: 'not_accepting', message: 'This mentor is not taking new mentees right now.' });
  });
});

describe('POST /api/mentorships (a request)', () => {
  it('stores META, its event, the pair guard, the counted request and checks no match and a listed mentor, in one transaction after scheduling its expiry', async () => {
    stored([MENTOR, MENTEE], []);
    dynamo.on(TransactWriteCommand).callsFake((input) => {
      const put = input.TransactItems[0].Put.Item;
      stored([MENTOR, MENTEE], [put]);
      return {};
    });
    const { status, body } = await call(requestHandler, 'POST', '/api/mentorships', MENTEE.id, { body: { mentorId: MENTOR.id, message: 'Please mentor me' } });
    expect(status).toBe(201);
    expect(body).toMatchObject({ state: 'REQUESTED', viewerRole: 'mentee', mentor: { id: MENTOR.id }, actions: ['withdraw'] });
    const [items] = transactions();
    expect(items!.map((item) => Object.keys(item)[0])).toEqual(['Put', 'Put', 'Put', 'Update', 'ConditionCheck', 'ConditionCheck', 'ConditionCheck', 'ConditionCheck']);
    expect(items![2]!.Put).toMatchObject({ Item: { pk: `PAIR#${MENTOR.id}#${MENTEE.id}`, sk: 'GUARD' }, ConditionExpression: 'attribute_not_exists(pk)' });
    expect(items![3]!.Update).toMatchObject({ Key: { pk: `MENTEE#${MENTEE.id}`, sk: 'COUNTERS' }, ExpressionAttributeValues: { ':max': 3 } });
    expect(items![4]!.ConditionCheck).toMatchObject({ Key: { pk: `MENTEE#${MENTEE.id}`, sk: 'MATCH' } });
    expect(items![5]!.ConditionCheck).toMatchObject({ TableName: 'members', Key: { id: MENTOR.id } });
    // Neither has blocked the other when it commits (safeguarding): both directions of the block.
    expect(items![6]!.ConditionCheck).toMatchObject({ TableName: 'safeguarding', Key: { pk: `MEMBER#${MENTEE.id}`, sk: `BLOCKS#${MENTOR.id}` }, ConditionExpression: 'attribute_not_exists(pk)' });
    expect(items![7]!.ConditionCheck).toMatchObject({ TableName: 'safeguarding', Key: { pk: `MEMBER#${MENTOR.id}`, sk: `BLOCKS#${MENTEE.id}` }, ConditionExpression: 'attribute_not_exists(pk)' });
    expect(schedules.scheduleOnce.mock.calls.map((args) => (args as unknown[])[0])).toEqual(['request-expiry', 'request-reminder']);
    const mail = ses.commandCalls(SendEmailCommand)[0]!.args[0].input;
    expect(mail.Destination!.ToAddresses).toEqual([`${MENTOR.id}@example.org`]);
    expect(mail.Content!.Simple!.Body!.Text!.Data).toContain(`https://mentoring.example.org/mentorships/${body.id}`);
  });

  it.each([
    ['the mentee blocked the mentor', (mentee: string, mentor: string) => `MEMBER#${mentee}/BLOCKS#${mentor}`, 409, 'You have blocked this mentor. Unblock them first if you want to ask again.'],
    ['the mentor blocked the mentee', (mentee: string, mentor: string) => `MEMBER#${mentor}/BLOCKS#${mentee}`, 404, 'There is no such mentor.'],
  ])('refuses a request when %s, storing nothing', async (_, key, status, message) => {
    stored([MENTOR, MENTEE], [], { [key(MENTEE.id, MENTOR.id)]: { blockedAt: '2026-01-01T00:00:00.000Z' } });
    const response = await call(requestHandler, 'POST', '/api/mentorships', MENTEE.id, { body: { mentorId: MENTOR.id, message: 'Please mentor me' } });
    expect(response.status).toBe(status);
    expect(response.body.error).toEqual(status === 404 ? { code: 'not_found', message } : { code: 'conflict', reason: 'blocked', message });
    expect(transactions()).toEqual([]);
  });

  it('answers a block that commits during the request as the mentor being absent, cancelling its schedules', async () => {
    stored([MENTOR, MENTEE], []);
    dynamo.on(TransactWriteCommand).rejects(cancelled(['None', 'None', 'None', 'None', 'None', 'None', 'None', 'ConditionalCheckFailed']));
    const response = await call(requestHandler, 'POST', '/api/mentorships', MENTEE.id, { body: { mentorId: MENTOR.id, message: 'Please mentor me' } });
    expect(response.status).toBe(409);
    expect(response.body.error!.message).toBe('There is no such mentor.');
    expect(schedules.cancelSchedule).toHaveBeenCalledTimes(2);
  });

  it('refuses a request over the open-request limit, saying the limit in words, and cancels the schedules it set', async () => {
    stored([MENTOR, MENTEE], []);
    dynamo.on(TransactWriteCommand).rejects(cancelled(['None', 'None', 'None', 'ConditionalCheckFailed', 'None', 'None']));
    const { status, body } = await call(requestHandler, 'POST', '/api/mentorships', MENTEE.id, { body: { mentorId: MENTOR.id, message: 'Hi' } });
    expect(status).toBe(409);
    expect(body.error.message).toMatch(/already have 3 open requests, the most the programme allows/);
    expect(body.error.reason).toBe('request_limit');
    expect(schedules.cancelSchedule).toHaveBeenCalledTimes(2);
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('refuses a second live request to the same mentor', async () => {
    stored([MENTOR, MENTEE], []);
    dynamo.on(TransactWriteCommand).rejects(cancelled(['None', 'None', 'ConditionalCheckFailed', 'None', 'None', 'None']));
    const { status, body } = await call(requestHandler, 'POST', '/api/mentorships', MENTEE.id, { body: { mentorId: MENTOR.id, message: 'Hi' } });
    expect(status).toBe(409);
    expect(body.error).toEqual({ code: 'conflict', reason: 'already_requested', message: 'You already have a request or mentorship with this mentor.' });
  });

  it.each([
    ['a pending mentor', { ...MENTOR, approvalState: 'pending' }, 404],
    ['a rejected mentor', { ...MENTOR, approvalState: 'rejected' }, 404],
    ['a mentee', { ...MENTEE, id: MENTOR.id }, 404],
    ['a paused mentor', { ...MENTOR, acceptingRequests: false, listed: undefined }, 409],
    ['a full mentor', { ...MENTOR, activeMentees: 2, listed: undefined }, 409],
  ])('refuses a request to %s', async (_label, mentor, status) => {
    stored([mentor, MENTEE], []);
    const answer = await call(requestHandler, 'POST', '/api/mentorships', MENTEE.id, { body: { mentorId: MENTOR.id, message: 'Hi' } });
    expect(answer.status).toBe(status);
    expect(transactions()).toHaveLength(0);
    expect(schedules.scheduleOnce).not.toHaveBeenCalled();
  });

  it('refuses a request from a mentor, and one without a message', async () => {
    stored([MENTOR, { ...MENTOR, id: 'mentor-2' }], []);
    expect((await call(requestHandler, 'POST', '/api/mentorships', 'mentor-2', { body: { mentorId: MENTOR.id, message: 'Hi' } })).status).toBe(403);
    expect((await call(requestHandler, 'POST', '/api/mentorships', MENTEE.id, { body: { mentorId: MENTOR.id, message: '  ' } })).status).toBe(400);
    expect((await call(requestHandler, 'POST', '/api/mentorships', null, { body: { mentorId: MENTOR.id, message: 'Hi' } })).status).toBe(401);
  });
});

describe('POST /api/mentorships/{id}/accept', () => {
  const path = `/api/mentorships/${ID}/accept`;
  const counters = (openRequests: number) => ({ [`MENTEE#${MENTEE.id}/COUNTERS`]: { openRequests, openProposals: 0 } });

  it('activates it, takes the mentor\'s last place (off the directory) and invalidates the mentee\'s other request, in one transaction', async () => {
    const other = meta({ pk: `MENTORSHIP#${OTHER}`, id: OTHER, mentorId: 'mentor-2', version: 3 });
    stored([MENTOR, MENTEE], [meta(), other], counters(2));
    const { status } = await call(acceptHandler, 'POST', path, MENTOR.id, { id: ID });
    expect(status).toBe(200);
    const [items] = transactions();
    const updates = items!.filter((item) => item.Update).map((item) => item.Update!);
    expect(updates[0]).toMatchObject({ Key: { pk: `MENTORSHIP#${ID}`, sk: 'META' }, ConditionExpression: '#state = :from AND version = :version', ExpressionAttributeValues: { ':from': 'REQUESTED', ':to': 'ACTIVE', ':version': 1 } });
    expect(updates[1]).toMatchObject({ Key: { pk: `MENTORSHIP#${OTHER}` }, ExpressionAttributeValues: { ':to': 'INVALIDATED', ':version': 3 } });
    expect(updates[2]).toMatchObject({ Key: { sk: 'COUNTERS' }, ExpressionAttributeValues: { ':requests': -2, ':expectedRequests': 2 } });
    expect(updates[3]).toMatchObject({ TableName: 'members', Key: { id: MENTOR.id }, ExpressionAttributeValues: { ':next': 2, ':l_was_activeMentees': 1, ':l_was_capacity': 2 } });
    expect(updates[3]!.UpdateExpression).toMatch(/REMOVE listed ADD version :one$/);
    expect(items!.find((item) => item.Put?.Item?.sk === 'MATCH')!.Put!.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(items!.filter((item) => item.Delete).map((item) => item.Delete!.Key)).toEqual([{ pk: `PAIR#mentor-2#${MENTEE.id}`, sk: 'GUARD' }]);
    expect(schedules.scheduleOnce).toHaveBeenCalledWith('mentorship-end', `mentorship-end-${ID}`, expect.any(Date), { mentorshipId: ID });
    expect(schedules.cancelSchedule.mock.calls.map((args) => (args as unknown[])[0]).sort()).toEqual(
      [`request-expiry-${ID}`, `request-reminder-${ID}`, `request-expiry-${OTHER}`, `request-reminder-${OTHER}`].sort(),
    );
    const recipients = ses.commandCalls(SendEmailCommand).map((entry) => entry.args[0].input.Destination!.ToAddresses![0]);
    expect(recipients.sort()).toEqual([`${MENTEE.id}@example.org`, 'mentor-2@example.org']);
    expect(JSON.parse(bus.commandCalls(PutEventsCommand)[0]!.args[0].input.Entries![0]!.Detail!)).toEqual({ mentorshipId: ID, version: 2 });
  });

  it('answers 200 with the stored mentorship when a profile misses optional parts (the write committed: never a 500)', async () => {
    // Items written before those fields existed, or by a partial save: no bio, languages, availability, city...
    const { bio: _bio, languages: _languages, availability: _availability, city: _city, headline: _headline, ...sparseMentor } = MENTOR;
    const { bio: _b, goals: _goals, lastActiveAt: _last, ...sparseMentee } = MENTEE;
    stored([sparseMentor, sparseMentee], [meta()], counters(1));
    const { status, body } = await call(acceptHandler, 'POST', path, MENTOR.id, { id: ID });
    expect(status).toBe(200);
    expect(body.mentorProfile).toMatchObject({ id: MENTOR.id, bio: '', languages: [], availability: [], city: null, headline: '' });
    expect(body.menteeProfile).toMatchObject({ id: MENTEE.id, bio: '', goals: '', lastActiveAt: null });
  });

  it('answers a repeated accept (a retry whose first answer was lost) with 200 and the mentorship, changing and sending nothing', async () => {
    stored([MENTOR, MENTEE], [meta({ state: 'ACTIVE', version: 2, activatedAt: '2026-11-20T10:00:00.000Z' })], counters(0));
    const { status, body } = await call(acceptHandler, 'POST', path, MENTOR.id, { id: ID });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: ID, state: 'ACTIVE' });
    expect(transactions()).toHaveLength(0);
    expect(schedules.scheduleOnce).not.toHaveBeenCalled();
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
    // The mentee never accepted a request: for her it stays a refusal.
    expect((await call(acceptHandler, 'POST', path, MENTEE.id, { id: ID })).status).toBe(409);
  });

  it('is refused to the mentee who sent the request (403)', async () => {
    stored([MENTOR, MENTEE], [meta()], counters(1));
    const { status, body } = await call(acceptHandler, 'POST', path, MENTEE.id, { id: ID });
    expect(status).toBe(403);
    expect(body.error.message).toBe('Only the mentor who received this request can accept it.');
    expect(transactions()).toHaveLength(0);
  });

  it('answers 404 to someone outside the mentorship, as for an unknown id', async () => {
    stored([MENTOR, MENTEE], [meta()], counters(1));
    const outsider = await call(acceptHandler, 'POST', path, 'stranger', { id: ID });
    const unknown = await call(acceptHandler, 'POST', `/api/mentorships/${OTHER}/accept`, MENTOR.id, { id: OTHER });
    expect(outsider).toEqual({ status: 404, body: { error: { code: 'not_found', message: 'There is no such mentorship.' } } });
    expect(unknown).toEqual(outsider);
    expect((await call(getHandler, 'GET', `/api/mentorships/${ID}`, 'stranger', { id: ID })).status).toBe(404);
  });

  it.each([
    ['EXPIRED', 'expired', 'You cannot accept it: the request expired without an answer.'],
    ['WITHDRAWN', 'withdrawn', 'You cannot accept it: the mentee withdrew the request.'],
    ['INVALIDATED', 'already_matched', 'You cannot accept it: the mentee has been matched with another mentor, so the request no longer stands.'],
  ])('says what happened to a request that is %s (409, with the reason)', async (state, reason, message) => {
    stored([MENTOR, MENTEE], [meta({ state })], counters(0));
    expect(await call(acceptHandler, 'POST', path, MENTOR.id, { id: ID })).toEqual({ status: 409, body: { error: { code: 'conflict', reason, message } } });
  });

  it('refuses when every place is taken, saying how many there are', async () => {
    stored([{ ...MENTOR, activeMentees: 2 }, MENTEE], [meta()], counters(1));
    const { status, body } = await call(acceptHandler, 'POST', path, MENTOR.id, { id: ID });
    expect(status).toBe(409);
    expect(body.error).toEqual({ code: 'conflict', reason: 'no_places_left', message: 'You have no place left: your capacity is 2 mentees at once, and all are taken.' });
    expect(schedules.scheduleOnce).not.toHaveBeenCalled();
  });

  it('re-reads after losing a race for the place and answers by what it finds; the end schedule is cancelled', async () => {
    const members = [MENTOR, MENTEE];
    stored(members, [meta()], counters(1));
    dynamo.on(TransactWriteCommand).callsFake(() => {
      // Another accept took the last place meanwhile.
      stored([{ ...MENTOR, activeMentees: 2 }, MENTEE], [meta()], counters(1));
      throw cancelled(['None', 'None', 'None', 'None', 'ConditionalCheckFailed']);
    });
    const { status, body } = await call(acceptHandler, 'POST', path, MENTOR.id, { id: ID });
    expect(status).toBe(409);
    expect(body.error.message).toMatch(/no place left/);
    expect(transactions()).toHaveLength(1);
    expect(schedules.cancelSchedule).toHaveBeenCalledWith(`mentorship-end-${ID}`);
  });
});

describe('POST /api/mentorships/{id}/decline', () => {
  const path = `/api/mentorships/${ID}/decline`;

  it('needs a reason from the list (400)', async () => {
    stored([MENTOR, MENTEE], [meta()]);
    expect((await call(declineHandler, 'POST', path, MENTOR.id, { id: ID, body: {} })).status).toBe(400);
    expect((await call(declineHandler, 'POST', path, MENTOR.id, { id: ID, body: { reason: 'busy' } })).status).toBe(400);
    expect(transactions()).toHaveLength(0);
  });

  it('declines with the reason, frees the pair and the mentee\'s request, and tells the mentee why', async () => {
    stored([MENTOR, MENTEE], [meta()]);
    const { status } = await call(declineHandler, 'POST', path, MENTOR.id, { id: ID, body: { reason: 'not_my_area', message: 'Try Alan' } });
    expect(status).toBe(200);
    const [items] = transactions();
    expect(items![0]!.Update!.ExpressionAttributeValues).toMatchObject({ ':to': 'DECLINED', ':f0': 'not_my_area', ':f1': 'Try Alan' });
    expect(items!.some((item) => item.Delete?.Key?.pk === `PAIR#${MENTOR.id}#${MENTEE.id}`)).toBe(true);
    expect(items!.find((item) => item.Update?.Key?.sk === 'COUNTERS')!.Update!.ExpressionAttributeValues).toMatchObject({ ':requests': -1 });
    // In the same transaction, the mentor joins the mentee's DECLINED set: her directory leaves him out from now on.
    expect(items!.find((item) => item.Update?.Key?.sk === 'DECLINED')!.Update).toEqual({
      TableName: 'mentorships',
      Key: { pk: `MENTEE#${MENTEE.id}`, sk: 'DECLINED' },
      UpdateExpression: 'ADD mentorIds :id',
      ExpressionAttributeValues: { ':id': new Set([MENTOR.id]) },
    });
    const text = ses.commandCalls(SendEmailCommand)[0]!.args[0].input.Content!.Simple!.Body!.Text!.Data!;
    expect(text).toContain('Their reason: Not my area.');
    expect(text).toContain('Try Alan');
  });

  it('is refused to the mentee of a request (403)', async () => {
    stored([MENTOR, MENTEE], [meta()]);
    expect((await call(declineHandler, 'POST', path, MENTEE.id, { id: ID, body: { reason: 'other' } })).status).toBe(403);
  });
});

describe('the request-expiry schedule', () => {
  const fired = (mentorshipId: string, { kind = 'request-expiry', scheduledTime = '2026-03-15T10:00:00Z', payload = { mentorshipId } as unknown } = {}) =>
    expiryHandler(
      {
        kind,
        payload,
        scheduledTime,
        scheduleArn: `arn:aws:scheduler:eu-west-1:123456789012:schedule/mentoring-dev/request-expiry-${mentorshipId}`,
        executionId: 'e-1',
        attemptNumber: '1',
      },
      lambdaContext(),
    );

  it('expires an unanswered request, counts the mentor\'s expiry and pauses at the second in a row', async () => {
    stored([{ ...MENTOR, expiredInARow: 1 }, MENTEE], [meta({ expiresAt: '2026-03-15T09:59:59.400Z' })]);
    const pauses: unknown[] = [];
    dynamo.on(UpdateCommand).callsFake((input) => {
      pauses.push(input);
      return {};
    });
    await fired(ID);
    const [items] = transactions();
    expect(items![0]!.Update!.ExpressionAttributeValues).toMatchObject({ ':to': 'EXPIRED' });
    expect(items!.at(-1)!.Update).toMatchObject({ TableName: 'members', UpdateExpression: 'ADD expiredInARow :one, version :one' });
    expect(pauses).toEqual([expect.objectContaining({ UpdateExpression: 'SET acceptingRequests = :false, expiredInARow = :zero, pausedAt = :now REMOVE listed ADD version :one' })]);
    const subjects = ses.commandCalls(SendEmailCommand).map((entry) => entry.args[0].input.Content!.Simple!.Subject!.Data);
    expect(subjects).toContain('You are no longer receiving mentorship requests');
    expect(schedules.scheduleOnce).not.toHaveBeenCalled();
  });

  it('does nothing to a request that was accepted meanwhile', async () => {
    stored([MENTOR, MENTEE], [meta({ state: 'ACTIVE', version: 2, expiresAt: null })]);
    await fired(ID);
    expect(transactions()).toHaveLength(0);
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
    expect(schedules.scheduleOnce).not.toHaveBeenCalled();
  });

  it('decides by the schedule\'s time, not the wall clock: a run before the request\'s end sets itself again for it', async () => {
    stored([MENTOR, MENTEE], [meta({ expiresAt: '2026-03-15T10:00:00.500Z' })]);
    await fired(ID);
    expect(transactions()).toHaveLength(0);
    expect(schedules.scheduleOnce).toHaveBeenCalledWith('request-expiry', `request-expiry-${ID}`, new Date('2026-03-15T10:00:00.500Z'), { mentorshipId: ID });
  });

  it('does nothing for a request that does not exist', async () => {
    stored([MENTOR, MENTEE], [meta()]);
    await fired(OTHER);
    expect(transactions()).toHaveLength(0);
    expect(schedules.scheduleOnce).not.toHaveBeenCalled();
  });

  it('refuses a payload of the wrong shape or kind', async () => {
    await expect(fired(ID, { payload: {} })).rejects.toThrow(/unexpected payload/);
    await expect(fired(ID, { kind: 'mentorship-end' })).rejects.toThrow(/invoked for a mentorship-end schedule/);
  });
});
