import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PROGRAMME } from '@mentoring/shared';
import { call, coordinatorClaims, PROGRAMME_TABLE, storedProgramme } from '#testing/mentoring';
import { useTestIdentity } from '#testing/tokens';
import { handler as getHandler } from './get';
import { handler } from './put';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
const identity = useTestIdentity({ beforeAll, afterAll });

const { codeOfConductVersion: _version, updatedAt: _updatedAt, ...settings } = DEFAULT_PROGRAMME;
const put = (body: unknown, claims: Record<string, unknown> = coordinatorClaims()) =>
  call(handler, { method: 'PUT', path: '/api/programme', body, headers: identity.bearer(claims) });
const puts = () => dynamo.commandCalls(PutCommand).map((entry) => entry.args[0].input);

describe('programme settings', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(PutCommand).resolves({});
  });

  it('answers the shipped defaults to anyone until a coordinator saves', async () => {
    dynamo.on(GetCommand).resolves({});
    const answer = await call(getHandler, { method: 'GET', path: '/api/programme' });
    expect(answer).toEqual({ status: 200, body: DEFAULT_PROGRAMME });
  });

  it('saves the first settings only if none exist, keeping version 1 when the code of conduct is unchanged', async () => {
    dynamo.on(GetCommand).resolves({});
    const answer = await put({ ...settings, name: 'Women in Tech Mentoring', menteesNeedApproval: true });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ name: 'Women in Tech Mentoring', menteesNeedApproval: true, codeOfConductVersion: 1, updatedAt: expect.any(String) });
    expect(puts()[0]).toMatchObject({ TableName: PROGRAMME_TABLE, ConditionExpression: 'attribute_not_exists(id)', Item: { id: 'settings', name: 'Women in Tech Mentoring' } });
  });

  it('bumps the code-of-conduct version when its text changes, not for whitespace, over the stored item it read', async () => {
    dynamo.on(GetCommand).resolves({ Item: storedProgramme({ codeOfConductVersion: 4 }) });
    const reworded = await put({ ...settings, codeOfConduct: `${settings.codeOfConduct} Be on time.` });
    expect(reworded.body.codeOfConductVersion).toBe(5);
    expect(puts()[0]).toMatchObject({ ConditionExpression: 'updatedAt = :seen', ExpressionAttributeValues: { ':seen': '2026-01-01T00:00:00.000Z' } });
    const rewrapped = await put({ ...settings, codeOfConduct: settings.codeOfConduct.replaceAll(' ', '  ') });
    expect(rewrapped.body.codeOfConductVersion).toBe(4);
  });

  it('reads again when another coordinator saved in between, so the version counts every change', async () => {
    dynamo.on(GetCommand).resolvesOnce({ Item: storedProgramme({ codeOfConductVersion: 1 }) }).resolves({ Item: storedProgramme({ codeOfConductVersion: 2, codeOfConduct: 'Another text that is long enough.', updatedAt: '2026-02-01T00:00:00.000Z' }) });
    dynamo.on(PutCommand).rejectsOnce(new ConditionalCheckFailedException({ message: 'no', $metadata: {} })).resolves({});
    const answer = await put({ ...settings, codeOfConduct: 'A third text, long enough as well.' });
    expect(answer.body.codeOfConductVersion).toBe(3);
    expect(puts()).toHaveLength(2);
  });

  it.each([
    ['duplicate topics', { topics: ['Security', 'security'] }],
    ['no topics', { topics: [] }],
    ['a code of conduct under 20 characters', { codeOfConduct: 'Be nice.' }],
    ['an unknown visibility', { directoryVisibility: 'everyone' }],
    ['a missing name', { name: '' }],
  ])('refuses %s with 400 and stores nothing', async (_, change) => {
    dynamo.on(GetCommand).resolves({});
    expect((await put({ ...settings, ...change })).status).toBe(400);
    expect(puts()).toHaveLength(0);
  });

  it('refuses members who are not coordinators', async () => {
    const answer = await put(settings, { sub: 'mentor-1' });
    expect(answer.status).toBe(403);
    expect(dynamo.calls()).toHaveLength(0);
  });
});
