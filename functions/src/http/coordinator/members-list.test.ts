import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, coordinatorClaims, menteeItem, mentorItem } from '#testing/mentoring';
import { useTestIdentity } from '#testing/tokens';
import { handler } from './members-list';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
process.env.MENTORSHIPS_TABLE ??= 'mentorships-test';
const identity = useTestIdentity({ beforeAll, afterAll });

const search = (query?: Record<string, string>, claims: Record<string, unknown> = coordinatorClaims()) =>
  call(handler, { method: 'GET', path: '/api/coordinator/members', query, headers: identity.bearer(claims) });

describe('GET /api/coordinator/members', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(BatchGetCommand).resolves({ Responses: { [process.env.MENTORSHIPS_TABLE!]: [{ pk: 'MENTEE#mentee-2' }] } });
  });

  it('finds approved members of a role by name, says who is matched, and never shows an e-mail', async () => {
    dynamo.on(QueryCommand).resolves({
      Items: [
        menteeItem({ id: 'mentee-1', displayName: 'Grace Hopper' }),
        menteeItem({ id: 'mentee-2', displayName: 'Grace Kelly' }),
        menteeItem({ id: 'mentee-3', displayName: 'Alan Turing' }),
        mentorItem({ id: 'mentor-1', displayName: 'Grace Mentor' }),
      ],
    });
    const answer = await search({ role: 'mentee', q: 'grace' });
    expect(answer.status).toBe(200);
    const members = answer.body.members as { id: string; matched: boolean }[];
    expect(members.map(({ id, matched }) => ({ id, matched }))).toEqual([
      { id: 'mentee-1', matched: false },
      { id: 'mentee-2', matched: true },
    ]);
    expect(JSON.stringify(answer.body)).not.toContain('@');
    expect(dynamo.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({ IndexName: 'approvals', ExpressionAttributeValues: { ':state': 'approved' } });
    expect(answer.body.nextCursor).toBeNull();
  });

  it('pages with a cursor that starts after the last member shown', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [menteeItem({ id: 'mentee-1' }), menteeItem({ id: 'mentee-3' })] });
    const first = await search({ role: 'mentee', limit: '1' });
    expect((first.body.members as { id: string }[]).map(({ id }) => id)).toEqual(['mentee-1']);
    const cursor = first.body.nextCursor as string;
    expect(cursor).toEqual(expect.any(String));
    await search({ role: 'mentee', limit: '1', cursor });
    expect(dynamo.commandCalls(QueryCommand).at(-1)!.args[0].input.ExclusiveStartKey).toMatchObject({ id: 'mentee-1', approvalState: 'approved' });
  });

  it('refuses a forged cursor with 400 and anyone but a coordinator with 403', async () => {
    expect((await search({ cursor: 'not-a-cursor' })).status).toBe(400);
    expect((await search({}, { sub: 'mentee-1' })).status).toBe(403);
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });
});
