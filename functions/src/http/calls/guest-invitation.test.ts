import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiEvent, lambdaContext } from '#testing/events';
import { useTestIdentity } from '#testing/tokens';
import { createGuestInvitation, verifyGuestInvitation } from '../../calls/guest-invitation';
import { handler } from './guest-invitation';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
const SECRET = 'invitation-test-secret';
Object.assign(process.env, { CALLS_TABLE: 'calls-test', MENTORSHIPS_TABLE: 'mentorships-test', MEMBERS_TABLE: 'members-test', STREAM_API_KEY: 'key', STREAM_API_SECRET: SECRET });

const identity = useTestIdentity({ beforeAll, afterAll });
const MEMBER = '5f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const MENTORSHIP = '0b7f3c1e-5d2a-4c8e-9f61-2a3b4c5d6e7f';

const invite = async (type: string, id: string, sub: string | null = MEMBER) => {
  const response = (await handler(
    apiEvent({
      method: 'POST',
      path: `/api/calls/${type}/${id}/guest-invitations`,
      headers: sub ? identity.bearer({ sub, email: 'm@example.org' }) : {},
      pathParameters: { type, id },
    }),
    lambdaContext(),
  )) as APIGatewayProxyStructuredResultV2;
  return { status: response.statusCode, body: JSON.parse(response.body!) };
};

const stored = (items: Record<string, Record<string, unknown>>) =>
  dynamo.on(GetCommand).callsFake((input: { Key: { pk: string; sk: string } }) => ({ Item: items[`${input.Key.pk}|${input.Key.sk}`] }));

describe('POST /api/calls/{type}/{id}/guest-invitations', () => {
  beforeEach(() => dynamo.reset());

  it('gives a member of the call a signed invitation for that call, valid for a day, inside the link\'s fragment', async () => {
    stored({ [`CALL#default:abc|MEMBER#${MEMBER}`]: { removed: false } });
    const { status, body } = await invite('default', 'abc');
    expect(status).toBe(201);
    expect(body.path).toBe(`/join/default/abc#invitation=${body.invitation}`);
    const check = verifyGuestInvitation(SECRET, body.invitation);
    expect(check).toEqual({ ok: true, payload: { cid: 'default:abc', by: MEMBER, iat: expect.any(Number), exp: expect.any(Number) } });
    if (check.ok) expect(check.payload.exp - check.payload.iat).toBe(24 * 60 * 60);
    expect(Date.parse(body.expiresAt)).toBe((check as { payload: { exp: number } }).payload.exp * 1000);
  });

  it.each([
    ['a stranger', {}],
    ['a removed member', { [`CALL#default:abc|MEMBER#${MEMBER}`]: { removed: true } }],
  ])('answers 403 to %s', async (_name, items) => {
    stored(items);
    const { status, body } = await invite('default', 'abc');
    expect(status).toBe(403);
    expect(body.error.code).toBe('forbidden');
  });

  it('answers 401 without a sign-in, and 400 for a call id Stream would refuse', async () => {
    expect((await invite('default', 'abc', null)).status).toBe(401);
    expect((await invite('default', 'a:b')).status).toBe(400);
  });

  it.each([
    ['ACTIVE', 201],
    ['SUSPENDED', 403],
    ['ENDED', 403],
  ])("lets a party of a mentorship invite to the pair's call while it is %s only", async (state, expected) => {
    stored({ [`MENTORSHIP#${MENTORSHIP}|META`]: { id: MENTORSHIP, state, mentorId: MEMBER, menteeId: 'mentee' } });
    expect((await invite('default', `m-${MENTORSHIP}-abc123`)).status).toBe(expected);
  });

  it("never lets someone outside the pair invite to a mentorship's call", async () => {
    stored({ [`MENTORSHIP#${MENTORSHIP}|META`]: { id: MENTORSHIP, state: 'ACTIVE', mentorId: 'mentor', menteeId: 'mentee' } });
    expect((await invite('default', `m-${MENTORSHIP}-abc123`)).status).toBe(403);
  });
});

describe('guest invitations', () => {
  it('are refused once expired, when signed with another secret, or when any byte changed', () => {
    const { invitation } = createFor('default:abc');
    expect(verifyGuestInvitation(SECRET, invitation).ok).toBe(true);
    expect(verifyGuestInvitation(SECRET, invitation, Date.now() + 24 * 60 * 60 * 1000 + 1000)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyGuestInvitation('other', invitation)).toEqual({ ok: false, reason: 'signature' });
    const [version, payload, signature] = invitation.split('.') as [string, string, string];
    expect(verifyGuestInvitation(SECRET, `${version}.${payload}x.${signature}`)).toEqual({ ok: false, reason: 'signature' });
    expect(verifyGuestInvitation(SECRET, `v2.${payload}.${signature}`)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyGuestInvitation(SECRET, 'nonsense')).toEqual({ ok: false, reason: 'malformed' });
  });
});

const createFor = (cid: string) => createGuestInvitation(SECRET, { cid, by: MEMBER });
