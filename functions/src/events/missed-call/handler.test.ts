import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { EventBridgeEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { lambdaContext } from '#testing/events';
import { handler } from './handler';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
Object.assign(process.env, { MEMBERS_TABLE: 'members', NOTIFICATIONS_TABLE: 'notifications', SITE_URL: 'https://mentoring.example' });

const MENTORSHIP = '0f8fad5b-d9cb-469f-a165-70867728950e';
const stored: Record<string, { id: string; displayName: string }> = {
  grace: { id: 'grace', displayName: 'Grace Hopper' },
  ada: { id: 'ada', displayName: 'Ada Lovelace' },
};

const missed = (cid: string, members: string[], user: Record<string, unknown> = { id: 'grace', name: 'Grace (Stream)' }): EventBridgeEvent<string, unknown> => ({
  version: '0',
  id: 'event-1',
  'detail-type': 'call.missed',
  source: 'getstream.io',
  account: '123456789012',
  time: '2026-01-01T00:00:00Z',
  region: 'eu-west-1',
  resources: [],
  detail: { type: 'call.missed', call_cid: cid, created_at: '2026-01-01T00:00:05.000Z', session_id: 's-1', user, members: members.map((user_id) => ({ user_id, role: 'user' })), notify_user: true },
});

const notifications = () => dynamo.commandCalls(PutCommand).map((call) => call.args[0].input.Item as { memberId: string; kind: string; text: string; link: string });

describe('missed-call consumer', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(GetCommand).callsFake((input: { Key: { id: string } }) => ({ Item: stored[input.Key.id] }));
    dynamo.on(PutCommand).resolves({});
  });

  it('tells each member who missed a mentorship’s call, by the caller’s own name, with the mentorship’s page to call back from', async () => {
    await handler(missed(`default:m-${MENTORSHIP}-abc123`, ['ada']), lambdaContext());
    expect(notifications()).toEqual([
      expect.objectContaining({ memberId: 'ada', kind: 'call', text: 'You missed a call from Grace Hopper', link: `/mentorships/${MENTORSHIP}` }),
    ]);
  });

  it('links another call to Calls, and tells neither the caller, a guest nor a Stream user who is no member', async () => {
    await handler(missed('default:team-call', ['ada', 'grace', 'guest-0f8fad5b-d9cb-469f-a165-70867728950e', 'stranger']), lambdaContext());
    expect(notifications()).toEqual([expect.objectContaining({ memberId: 'ada', text: 'You missed a call from Grace Hopper', link: '/calls' })]);
  });

  it('names the caller as Stream does when they are not a member here', async () => {
    await handler(missed('default:team-call', ['ada'], { id: 'outsider', name: 'Linus Torvalds' }), lambdaContext());
    expect(notifications()).toEqual([expect.objectContaining({ memberId: 'ada', text: 'You missed a call from Linus Torvalds' })]);
  });

  it('refuses an event without the caller, so it is kept in the dead letters for a look', async () => {
    const event = missed('default:team-call', ['ada']);
    delete (event.detail as Record<string, unknown>).user;
    await expect(handler(event, lambdaContext())).rejects.toThrow(/unexpected shape/);
    expect(notifications()).toEqual([]);
  });
});
