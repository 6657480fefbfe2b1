import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, coordinatorClaims, menteeItem, mentorItem } from '#testing/mentoring';
import { useTestIdentity } from '#testing/tokens';
import { handler } from './get';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
const identity = useTestIdentity({ beforeAll, afterAll });

const get = (id: string, claims?: Record<string, unknown>) =>
  call(handler, { method: 'GET', path: `/api/members/${id}`, params: { id }, headers: claims ? identity.bearer(claims) : {} });

describe('GET /api/members/{id}', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(GetCommand, { Key: { id: 'mentee-1' } }).resolves({ Item: menteeItem() });
    dynamo.on(GetCommand, { Key: { id: 'mentor-1' } }).resolves({ Item: mentorItem() });
    dynamo.on(GetCommand, { Key: { id: 'rejected-1' } }).resolves({ Item: mentorItem({ id: 'rejected-1', approvalState: 'rejected', listed: undefined }) });
    dynamo.on(GetCommand, { Key: { id: 'nobody' } }).resolves({});
  });

  it('shows a mentee’s profile, goals included, to the mentee and to coordinators, never the e-mail address', async () => {
    const own = await get('mentee-1', { sub: 'mentee-1' });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: 'mentee-1', role: 'mentee', goals: 'Become a team lead.' });
    expect(JSON.stringify(own.body)).not.toContain('@');
    expect((await get('mentee-1', coordinatorClaims())).status).toBe(200);
  });

  it('refuses a mentee’s profile to other members, mentors included, as if it did not exist', async () => {
    const byMentor = await get('mentee-1', { sub: 'mentor-1' });
    const byMentee = await get('mentee-1', { sub: 'mentee-2' });
    const unknown = await get('nobody', { sub: 'mentor-1' });
    expect(byMentor.status).toBe(404);
    expect(byMentee.status).toBe(404);
    expect(byMentor.body).toEqual(unknown.body);
    expect(unknown.body.error).toEqual({ code: 'not_found', message: 'No member with this id.' });
  });

  it('shows approved mentors to members, and rejected ones only to themselves and coordinators', async () => {
    expect((await get('mentor-1', { sub: 'mentee-1' })).body).toMatchObject({ role: 'mentor', openPlaces: 2 });
    expect((await get('rejected-1', { sub: 'mentee-1' })).status).toBe(404);
    expect((await get('rejected-1', { sub: 'rejected-1' })).status).toBe(200);
    expect((await get('rejected-1', coordinatorClaims())).status).toBe(200);
  });

  it('answers 401 to visitors', async () => {
    expect((await get('mentor-1')).status).toBe(401);
    expect(dynamo.calls()).toHaveLength(0);
  });
});
