import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { refusesSuspended, routeList, SUSPENDED_MESSAGE, type RouteContract, type RouteKey } from '@mentoring/shared';
import { apiEvent, lambdaContext } from '#testing/events';
import { useTestIdentity } from '#testing/tokens';
import { httpHandler } from './handler';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
Object.assign(process.env, { MEMBERS_TABLE: 'members', AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test' });
const identity = useTestIdentity({ beforeAll, afterAll });

const entry = (key: RouteKey, auth: RouteContract['auth'], extra: Partial<RouteContract> = {}) =>
  ({ key, handler: 'http/things/x', auth, response: z.object({ ok: z.boolean() }), needs: {}, ...extra }) as RouteContract & { key: RouteKey };

const invoke = async (contract: RouteContract & { key: RouteKey }, method: string) => {
  let ran = false;
  const handler = httpHandler(contract, async () => {
    ran = true;
    return { ok: true };
  });
  const response = (await handler(apiEvent({ method, path: '/api/things', headers: identity.bearer({ sub: 'member-1' }) }), lambdaContext())) as APIGatewayProxyStructuredResultV2;
  return { status: response.statusCode, body: JSON.parse(response.body!) as Record<string, unknown>, ran };
};

describe('a suspended member can sign in and read, nothing more', () => {
  beforeEach(() => dynamo.reset());

  it('refuses a signed-in write with 403 and the words a member understands, before the route runs', async () => {
    dynamo.on(GetCommand).resolves({ Item: { suspended: true } });
    const answer = await invoke(entry('POST /api/things', 'required'), 'POST');
    expect(answer).toEqual({ status: 403, body: { error: { code: 'forbidden', message: SUSPENDED_MESSAGE } }, ran: false });
    expect(dynamo.commandCalls(GetCommand)[0]!.args[0].input).toMatchObject({ TableName: 'members', Key: { id: 'member-1' }, ProjectionExpression: 'suspended' });
  });

  it('lets a member who is not suspended (or has no profile yet) write', async () => {
    dynamo.on(GetCommand).resolvesOnce({ Item: { suspended: false } }).resolvesOnce({});
    expect((await invoke(entry('POST /api/things', 'required'), 'POST')).status).toBe(200);
    expect((await invoke(entry('POST /api/things', 'required'), 'POST')).status).toBe(200);
  });

  it('reads nothing on reads, on routes that allow the suspended (deleting their account) and on coordinators\' routes', async () => {
    dynamo.on(GetCommand).resolves({ Item: { suspended: true } });
    expect((await invoke(entry('GET /api/things', 'required'), 'GET')).status).toBe(200);
    expect((await invoke(entry('DELETE /api/things', 'required', { allowSuspended: true }), 'DELETE')).status).toBe(200);
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('grants every refusing route of the table the read it makes, and nothing to the rest', () => {
    for (const route of routeList()) {
      if (refusesSuspended(route)) expect(route.needs.tables?.members, route.key).toContain('GetItem');
    }
    const refusing = routeList().filter(refusesSuspended).map((route) => route.key);
    expect(refusing).toContain('POST /api/mentorships');
    expect(refusing).toContain('PUT /api/profile/me');
    expect(refusing).toContain('POST /api/reports');
    expect(refusing).not.toContain('DELETE /api/me');
    expect(refusing).not.toContain('GET /api/mentorships');
    expect(routeList().find((route) => route.key === 'POST /api/profile/me/photo')!.needs.tables).toEqual({ members: ['GetItem'] });
  });
});
