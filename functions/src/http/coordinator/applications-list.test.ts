import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, coordinatorClaims, MEMBERS_TABLE, menteeItem, mentorItem } from '#testing/mentoring';
import { useTestIdentity } from '#testing/tokens';
import { handler } from './applications-list';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
const identity = useTestIdentity({ beforeAll, afterAll });

const list = (query?: Record<string, string>, claims: Record<string, unknown> = coordinatorClaims()) =>
  call(handler, { method: 'GET', path: '/api/coordinator/applications', query, headers: identity.bearer(claims) });

describe('GET /api/coordinator/applications', () => {
  beforeEach(() => dynamo.reset());

  it('lists pending applications oldest first from the approvals index, with the applicant’s e-mail', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [mentorItem({ approvalState: 'pending' })] });
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.body.applications).toEqual([
      expect.objectContaining({ email: 'mentor@example.org', approval: expect.objectContaining({ state: 'pending' }), member: expect.objectContaining({ id: 'mentor-1' }) }),
    ]);
    expect(dynamo.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      TableName: MEMBERS_TABLE,
      IndexName: 'approvals',
      KeyConditionExpression: 'approvalState = :state',
      ExpressionAttributeValues: { ':state': 'pending' },
      ScanIndexForward: true,
    });
  });

  it('lists decided ones newest first, mentees included', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [menteeItem()] });
    const answer = await list({ state: 'approved' });
    expect((answer.body.applications as { member: { role: string; goals: string } }[])[0]!.member).toMatchObject({ role: 'mentee', goals: 'Become a team lead.' });
    expect(dynamo.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({ ExpressionAttributeValues: { ':state': 'approved' }, ScanIndexForward: false });
  });

  it('refuses drafts as a state, and non-coordinators', async () => {
    expect((await list({ state: 'draft' })).status).toBe(400);
    expect((await list(undefined, { sub: 'mentor-1' })).status).toBe(403);
    expect(dynamo.calls()).toHaveLength(0);
  });
});
