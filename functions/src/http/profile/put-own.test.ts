import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { publishAppEvent } from '../../lib/event-bus';
import { call, MEMBERS_TABLE, menteeInput, mentorInput, mentorItem, PROGRAMME_TABLE, storedProgramme } from '#testing/mentoring';
import { useTestIdentity } from '#testing/tokens';
import { handler } from './put-own';

vi.mock('../../lib/event-bus', () => ({ publishAppEvent: vi.fn(async () => 'event-id') }));

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
const identity = useTestIdentity({ beforeAll, afterAll });

const put = (body: unknown, claims: Record<string, unknown> = { sub: 'mentor-1', email: 'maria@example.org' }) =>
  call(handler, { method: 'PUT', path: '/api/profile/me', body, headers: identity.bearer(claims) });

const stored = (member: unknown, programme: unknown = undefined) => {
  dynamo.on(GetCommand, { TableName: MEMBERS_TABLE }).resolves({ Item: member as Record<string, unknown> | undefined });
  dynamo.on(GetCommand, { TableName: PROGRAMME_TABLE }).resolves({ Item: programme as Record<string, unknown> | undefined });
};

const written = () => dynamo.commandCalls(PutCommand).map((entry) => entry.args[0].input);

describe('PUT /api/profile/me', () => {
  beforeEach(() => {
    dynamo.reset();
    vi.mocked(publishAppEvent).mockClear();
    dynamo.on(PutCommand).resolves({});
  });

  it('creates a new mentor’s draft profile, only if none exists, with the programme’s spelling of each topic', async () => {
    stored(undefined);
    const answer = await put(mentorInput());
    expect(answer.status).toBe(200);
    const [input] = written();
    expect(input).toMatchObject({ TableName: MEMBERS_TABLE, ConditionExpression: 'attribute_not_exists(id)' });
    expect(input!.Item).toMatchObject({
      id: 'mentor-1',
      email: 'maria@example.org',
      role: 'mentor',
      topics: ['Leadership', 'Career change'],
      approvalState: 'draft',
      activeMentees: 0,
      version: 1,
    });
    expect(input!.Item).not.toHaveProperty('listed');
    expect(input!.Item).not.toHaveProperty('submittedAt');
    expect(answer.body).toMatchObject({ onboarded: false, approval: { state: 'draft' }, email: 'maria@example.org', profile: { role: 'mentor', capacity: 2, openPlaces: 2 } });
    expect(publishAppEvent).toHaveBeenCalledWith('member.changed', { memberId: 'mentor-1', reason: 'role' });
  });

  it('writes an edit only over the version it read, keeping the approval, and lists an approved mentor who accepts requests', async () => {
    stored(mentorItem({ acceptingRequests: false, listed: undefined, photoKey: 'photos/mentor-1.webp' }));
    const answer = await put(mentorInput({ acceptingRequests: true }));
    expect(answer.status).toBe(200);
    const [input] = written();
    expect(input).toMatchObject({ ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': 3 } });
    expect(input!.Item).toMatchObject({ approvalState: 'approved', listed: 'mentor', version: 4, photoKey: 'photos/mentor-1.webp' });
    expect(publishAppEvent).toHaveBeenCalledWith('member.changed', { memberId: 'mentor-1', reason: 'profile' });
  });

  it('takes a paused mentor out of the directory in the same write', async () => {
    stored(mentorItem());
    await put(mentorInput({ acceptingRequests: false }));
    expect(written()[0]!.Item).not.toHaveProperty('listed');
  });

  it('never lists a pending mentor, whatever the profile says', async () => {
    stored(mentorItem({ approvalState: 'pending', listed: undefined, decidedAt: null }));
    await put(mentorInput({ acceptingRequests: true, capacity: 5 }));
    expect(written()[0]!.Item).toMatchObject({ approvalState: 'pending' });
    expect(written()[0]!.Item).not.toHaveProperty('listed');
  });

  it('refuses a change of role with 409 and stores nothing', async () => {
    stored(mentorItem());
    const answer = await put(menteeInput(), { sub: 'mentor-1' });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toEqual({ code: 'conflict', message: 'You joined as a mentor; the role cannot be changed.' });
    expect(written()).toHaveLength(0);
  });

  it('refuses topics outside the programme’s list, naming them', async () => {
    stored(undefined);
    const answer = await put(mentorInput({ topics: ['Leadership', 'Astrology', 'Knitting'] }));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'validation_failed', message: "Unknown topics: Astrology, Knitting. Choose topics from the programme's list." });
    expect(written()).toHaveLength(0);
  });

  it('checks topics against the stored programme, not the defaults', async () => {
    stored(undefined, storedProgramme({ topics: ['Astrology'] }));
    expect((await put(mentorInput({ topics: ['Astrology'] }))).status).toBe(200);
    expect((await put(mentorInput({ topics: ['Leadership'] }))).status).toBe(400);
  });

  it('refuses a stale code of conduct with 400', async () => {
    stored(undefined, storedProgramme({ codeOfConductVersion: 2 }));
    const answer = await put(mentorInput({ codeOfConductVersion: 1 }));
    expect(answer.status).toBe(400);
    expect(answer.body.error!.message).toBe('The code of conduct has changed: read and accept version 2.');
    expect(written()).toHaveLength(0);
  });

  it.each([
    ['an unknown language', { languages: ['xx'] }],
    ['no language', { languages: [] }],
    ['an invalid time zone', { timezone: 'Mars/Olympus' }],
    ['a bio over 2,000 characters', { bio: 'x'.repeat(2001) }],
    ['a name over 80 characters', { displayName: 'x'.repeat(81) }],
    ['more than 10 topics', { topics: Array.from({ length: 11 }, (_, i) => `Topic ${i}`) }],
    ['a window ending before it starts', { availability: [{ day: 1, start: '10:00', end: '09:00' }] }],
    ['an in-person mentor without a city', { format: 'in_person' }],
    ['a country that is no country', { country: 'EU' }],
    ['a capacity of 0', { capacity: 0 }],
  ])('refuses %s with 400 and stores nothing', async (_, change) => {
    stored(undefined);
    const answer = await put(mentorInput(change));
    expect(answer.status).toBe(400);
    expect(answer.body.error!.code).toBe('validation_failed');
    expect(written()).toHaveLength(0);
  });

  it('answers 409 when another write changed the profile since it was read', async () => {
    stored(mentorItem());
    dynamo.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'no', $metadata: {} }));
    const answer = await put(mentorInput());
    expect(answer.status).toBe(409);
    expect(publishAppEvent).not.toHaveBeenCalled();
  });

  it('still answers 200 when the event bus fails after the profile is stored', async () => {
    stored(undefined);
    vi.mocked(publishAppEvent).mockRejectedValueOnce(new Error('bus down'));
    expect((await put(mentorInput())).status).toBe(200);
    expect(written()).toHaveLength(1);
  });

  it('stores a mentee’s goals and no mentor fields', async () => {
    stored(undefined);
    await put(menteeInput({ capacity: 3 }), { sub: 'mentee-1' });
    const item = written()[0]!.Item!;
    expect(item).toMatchObject({ id: 'mentee-1', role: 'mentee', goals: 'Become a team lead.' });
    expect(item).not.toHaveProperty('capacity');
    expect(item).not.toHaveProperty('listed');
  });

  it('answers 401 without a token', async () => {
    const answer = await call(handler, { method: 'PUT', path: '/api/profile/me', body: mentorInput() });
    expect(answer.status).toBe(401);
  });
});
