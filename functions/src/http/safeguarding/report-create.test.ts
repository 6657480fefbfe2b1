import { CognitoIdentityProviderClient, ListUsersInGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiEvent, lambdaContext } from '#testing/events';
import { useTestIdentity } from '#testing/tokens';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
const cognito = mockClient(CognitoIdentityProviderClient);
const ses = mockClient(SESv2Client);
Object.assign(process.env, {
  SAFEGUARDING_TABLE: 'safeguarding',
  MEMBERS_TABLE: 'members',
  MENTORSHIPS_TABLE: 'mentorships',
  MAIL_FROM: 'programme@example.org',
  SITE_URL: 'https://mentoring.example.org',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
});
const identity = useTestIdentity({ beforeAll, afterAll });
const { handler } = await import('./report-create');

const MENTORSHIP = '6f1c2b7e-0000-4000-8000-00000000abcd';
const members: Record<string, Record<string, unknown>> = {
  ada: { id: 'ada', displayName: 'Ada Lovelace' },
  grace: { id: 'grace', displayName: 'Grace Hopper' },
  alan: { id: 'alan', displayName: 'Alan Turing' },
};

const send = async (sub: string, body: unknown) => {
  const response = (await handler(
    apiEvent({ method: 'POST', path: '/api/reports', headers: { 'content-type': 'application/json', ...identity.bearer({ sub }) }, body: JSON.stringify(body) }),
    lambdaContext(),
  )) as APIGatewayProxyStructuredResultV2;
  return { status: response.statusCode, body: JSON.parse(response.body!) as Record<string, unknown> & { error?: { code: string; message: string } } };
};
const stored = () => dynamo.commandCalls(TransactWriteCommand).map((entry) => entry.args[0].input.TransactItems!);

beforeEach(() => {
  dynamo.reset();
  cognito.reset();
  ses.reset();
  dynamo.on(GetCommand).callsFake((input: { TableName: string; Key: Record<string, string> }) => {
    if (input.TableName === 'members') return { Item: members[input.Key.id!] };
    if (input.TableName === 'mentorships' && input.Key.pk === `MENTORSHIP#${MENTORSHIP}`) {
      return { Item: { pk: input.Key.pk, sk: 'META', id: MENTORSHIP, mentorId: 'grace', menteeId: 'ada', state: 'ACTIVE', version: 2 } };
    }
    return {};
  });
  dynamo.on(TransactWriteCommand).resolves({});
  cognito.on(ListUsersInGroupCommand).resolves({
    Users: [
      { Username: 'c1', Enabled: true, Attributes: [{ Name: 'email', Value: 'cora@example.org' }] },
      { Username: 'c2', Enabled: false, Attributes: [{ Name: 'email', Value: 'gone@example.org' }] },
    ],
  });
  ses.on(SendEmailCommand).resolves({});
});

describe('POST /api/reports', () => {
  it('stores a report about a message in the pair\'s channel, naming the other side, with the reporter\'s pointer, and e-mails enabled coordinators', async () => {
    const answer = await send('ada', {
      category: 'harassment',
      description: 'Late-night threats.',
      subject: { kind: 'message', channelCid: `messaging:${MENTORSHIP}`, messageId: 'm-1', memberId: 'someone-else', excerpt: 'Answer me' },
    });
    expect(answer.status).toBe(201);
    const [items] = stored();
    expect(items![0]!.Put!.Item).toMatchObject({ pk: `REPORT#${answer.body.id}`, sk: 'META', status: 'open', reporterId: 'ada', concernsId: 'grace', concernsName: 'Grace Hopper', mentorshipId: MENTORSHIP });
    expect(items![0]!.Put!.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(items![1]!.Put!.Item).toMatchObject({ pk: 'REPORTER#ada', reportId: answer.body.id });
    const mail = ses.commandCalls(SendEmailCommand)[0]!.args[0].input;
    expect(mail.Destination!.ToAddresses).toEqual(['cora@example.org']);
    expect(mail.Content!.Simple!.Body!.Text!.Data).toContain(`https://mentoring.example.org/coordinator/reports/${answer.body.id}`);
    expect(mail.Content!.Simple!.Body!.Text!.Data).not.toContain('Late-night');
  });

  it('takes a message from a conversation that is no mentorship\'s channel as about its author', async () => {
    const answer = await send('ada', { category: 'spam', description: 'Selling courses.', subject: { kind: 'message', channelCid: 'messaging:!members-abc', messageId: 'm-2', memberId: 'alan' } });
    expect(answer.status).toBe(201);
    expect(stored()[0]![0]!.Put!.Item).toMatchObject({ concernsId: 'alan', mentorshipId: null });
  });

  it('answers 404 for someone else\'s mentorship, its channel or its calls, storing nothing and e-mailing no one', async () => {
    for (const subject of [
      { kind: 'mentorship', mentorshipId: MENTORSHIP },
      { kind: 'message', channelCid: `messaging:${MENTORSHIP}`, messageId: 'm-1' },
      { kind: 'call', callCid: `default:m-${MENTORSHIP}-abc` },
    ]) {
      const answer = await send('alan', { category: 'spam', description: 'x', subject });
      expect([answer.status, answer.body.error?.message]).toEqual([404, 'There is no such mentorship.']);
    }
    expect(stored()).toEqual([]);
    expect(ses.commandCalls(SendEmailCommand)).toEqual([]);
  });

  it('refuses an unknown category, an empty account of what happened and extra fields with 400', async () => {
    for (const body of [
      { category: 'gossip', description: 'x', subject: { kind: 'member', memberId: 'grace' } },
      { category: 'spam', description: '   ', subject: { kind: 'member', memberId: 'grace' } },
      { category: 'spam', description: 'x', subject: { kind: 'member', memberId: 'grace' }, status: 'resolved' },
    ]) {
      expect((await send('ada', body)).status).toBe(400);
    }
    expect(stored()).toEqual([]);
  });
});
