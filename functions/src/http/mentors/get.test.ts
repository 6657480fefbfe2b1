import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetDirectoryCache } from '../../directory/cache';
import { call, coordinatorClaims, MEMBERS_TABLE, menteeItem, mentorItem, PROGRAMME_TABLE, SAFEGUARDING_TABLE, storedProgramme } from '#testing/mentoring';
import { useTestIdentity } from '#testing/tokens';
import { handler } from './get';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
const identity = useTestIdentity({ beforeAll, afterAll });

const get = (id: string, claims?: Record<string, unknown>) =>
  call(handler, { method: 'GET', path: `/api/mentors/${id}`, params: { id }, headers: claims ? identity.bearer(claims) : {} });

describe('GET /api/mentors/{id}', () => {
  beforeEach(() => {
    dynamo.reset();
    resetDirectoryCache();
    dynamo.on(GetCommand, { TableName: PROGRAMME_TABLE }).resolves({});
    dynamo.on(GetCommand, { TableName: SAFEGUARDING_TABLE }).resolves({});
    dynamo.on(GetCommand, { TableName: MEMBERS_TABLE, Key: { id: 'mentor-1' } }).resolves({ Item: mentorItem({ acceptingRequests: false, listed: undefined }) });
    dynamo.on(GetCommand, { TableName: MEMBERS_TABLE, Key: { id: 'pending-1' } }).resolves({ Item: mentorItem({ id: 'pending-1', approvalState: 'pending', listed: undefined }) });
    dynamo.on(GetCommand, { TableName: MEMBERS_TABLE, Key: { id: 'mentee-1' } }).resolves({ Item: menteeItem() });
  });

  it('shows an approved mentor, even paused, to members, without the e-mail address', async () => {
    const answer = await get('mentor-1', { sub: 'mentee-1' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: 'mentor-1', role: 'mentor', acceptingRequests: false, openPlaces: 2, yearsOfExperience: 12 });
    expect(JSON.stringify(answer.body)).not.toContain('@');
  });

  it('shows a pending mentor only to themselves and to coordinators; others get the same 404 as for an unknown id', async () => {
    const other = await get('pending-1', { sub: 'mentee-1' });
    expect(other.status).toBe(404);
    expect(other.body.error!.message).toBe('No mentor with this id.');
    expect((await get('pending-1', { sub: 'pending-1' })).status).toBe(200);
    expect((await get('pending-1', coordinatorClaims())).status).toBe(200);
    dynamo.on(GetCommand, { TableName: MEMBERS_TABLE, Key: { id: 'nobody' } }).resolves({});
    expect((await get('nobody', { sub: 'mentee-1' })).body).toEqual(other.body);
  });

  it.each([
    ['the viewer blocked the mentor', { pk: 'MEMBER#mentee-1', sk: 'BLOCKS#mentor-1' }],
    ['the mentor blocked the viewer', { pk: 'MEMBER#mentor-1', sk: 'BLOCKS#mentee-1' }],
  ])('answers the unknown-id 404 when %s', async (_, key) => {
    dynamo.on(GetCommand, { TableName: SAFEGUARDING_TABLE, Key: key }).resolves({ Item: { pk: key.pk } });
    const answer = await get('mentor-1', { sub: 'mentee-1' });
    expect(answer).toMatchObject({ status: 404, body: { error: { code: 'not_found', message: 'No mentor with this id.' } } });
  });

  it('never shows a mentee through the mentors route', async () => {
    expect((await get('mentee-1', { sub: 'mentor-1' })).status).toBe(404);
  });

  it('asks visitors to sign in when the directory is for members, and shows them mentors when it is public', async () => {
    expect((await get('mentor-1')).status).toBe(401);
    resetDirectoryCache();
    dynamo.on(GetCommand, { TableName: PROGRAMME_TABLE }).resolves({ Item: storedProgramme({ directoryVisibility: 'public' }) });
    expect((await get('mentor-1')).status).toBe(200);
    expect((await get('pending-1')).status).toBe(404);
  });
});
