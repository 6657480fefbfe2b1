import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { lambdaContext } from '#testing/events';
import { handler } from './session-reminder';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
const cognito = mockClient(CognitoIdentityProviderClient);
const ses = mockClient(SESv2Client);
Object.assign(process.env, {
  SESSIONS_TABLE: 'sessions',
  MENTORSHIPS_TABLE: 'mentorships',
  MEMBERS_TABLE: 'members',
  NOTIFICATIONS_TABLE: 'notifications',
  MAIL_FROM: 'programme@example.org',
  COGNITO_USER_POOL_ID: 'pool',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
});

const SESSION_ID = 'm-0f8fad5b-d9cb-469f-a165-70867728950e-abc123';
const session = (overrides: Record<string, unknown> = {}) => ({
  pk: `SESSION#${SESSION_ID}`,
  sk: 'META',
  id: SESSION_ID,
  mentorshipId: '0f8fad5b-d9cb-469f-a165-70867728950e',
  mentorId: 'mentor-1',
  menteeId: 'mentee-1',
  state: 'scheduled',
  planned: true,
  startsAt: '2026-03-09T17:00:00.000Z',
  durationMinutes: 60,
  agenda: 'Interview practice',
  proposedTimes: [],
  bookedBy: 'mentee-1',
  cancelledBy: null,
  cancelReason: null,
  sequence: 2,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
  ...overrides,
});

const invocation = (payload: Record<string, unknown>) => ({
  kind: 'session-reminder',
  payload,
  scheduledTime: '2026-03-08T17:00:00Z',
  scheduleArn: `arn:aws:scheduler:eu-west-1:123456789012:schedule/mentoring-dev/sess-24h-${SESSION_ID}`,
  executionId: 'e-1',
  attemptNumber: '1',
});

const sentTo = () => ses.commandCalls(SendEmailCommand).map((call) => ({ to: call.args[0].input.Destination?.ToAddresses, subject: call.args[0].input.Content?.Simple?.Subject?.Data, text: call.args[0].input.Content?.Simple?.Body?.Text?.Data }));

beforeEach(() => {
  dynamo.reset();
  ses.reset();
  cognito.reset();
  ses.on(SendEmailCommand).resolves({ MessageId: 'x' });
  cognito.on(AdminGetUserCommand).callsFake((input: { Username: string }) => ({ UserAttributes: [{ Name: 'email', Value: `${input.Username}@example.org` }] }));
  dynamo.on(BatchGetCommand).resolves({
    Responses: {
      members: [
        { id: 'mentor-1', displayName: 'Grace', timezone: 'Europe/Berlin', availability: [] },
        { id: 'mentee-1', displayName: 'Ada', timezone: 'America/New_York', availability: [] },
      ],
    },
  });
  dynamo.on(QueryCommand).resolves({
    Items: [
      { pk: 'ACTIONS#m', sk: 'b', text: 'Send the CV', ownerId: 'mentee-1', dueOn: '2026-03-08', done: false },
      { pk: 'ACTIONS#m', sk: 'a', text: 'Already done', ownerId: 'mentor-1', dueOn: null, done: true },
      { pk: 'ACTIONS#m', sk: 'c', text: 'Find two job ads', ownerId: 'mentor-1', dueOn: null, done: false },
    ],
  });
  dynamo.on(UpdateCommand).resolves({});
  dynamo.on(PutCommand).resolves({});
  dynamo.on(GetCommand, { TableName: 'mentorships' }).resolves({ Item: { pk: 'MENTORSHIP#0f8fad5b-d9cb-469f-a165-70867728950e', sk: 'META', id: '0f8fad5b-d9cb-469f-a165-70867728950e', state: 'ACTIVE', mentorId: 'mentor-1', menteeId: 'mentee-1' } });
});

describe('the session reminder', () => {
  it('e-mails both members, each in their own time zone, with the open action items, once claimed for this booking', async () => {
    dynamo.on(GetCommand, { TableName: 'sessions' }).resolves({ Item: session() });
    await handler(invocation({ sessionId: SESSION_ID, reminder: '24h', sequence: 2 }), lambdaContext());

    const claim = dynamo.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(claim.ConditionExpression).toContain('#sequence = :sequence');
    expect(claim.ExpressionAttributeValues).toMatchObject({ ':sequence': 2, ':scheduled': 'scheduled' });
    expect(claim.ExpressionAttributeNames).toMatchObject({ '#reminded': 'reminded24h' });

    const mails = sentTo();
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [['mentor-1@example.org'], 'Reminder: session with Ada tomorrow'],
      [['mentee-1@example.org'], 'Reminder: session with Grace tomorrow'],
    ]);
    expect(mails[0]!.text).toContain('When: Monday, 9 March 2026 at 18:00 (Europe/Berlin), 60 minutes');
    expect(mails[1]!.text).toContain('When: Monday, 9 March 2026 at 13:00 (America/New_York), 60 minutes');
    expect(mails[1]!.text).toContain(`https://mentoring.example.org/calls/default/${SESSION_ID}`);
    expect(mails[1]!.text).toContain('Open action items:\n- Send the CV (Ada, due 2026-03-08)\n- Find two job ads (Grace)');
    expect(mails[1]!.text).not.toContain('Already done');
    // Each also finds it in the app, with the same words, leading to the call.
    expect(dynamo.commandCalls(PutCommand).map((call) => call.args[0].input.Item)).toEqual([
      expect.objectContaining({ memberId: 'mentor-1', kind: 'reminder', text: 'Reminder: session with Ada tomorrow', link: `/calls/default/${SESSION_ID}` }),
      expect.objectContaining({ memberId: 'mentee-1', kind: 'reminder', text: 'Reminder: session with Grace tomorrow', link: `/calls/default/${SESSION_ID}` }),
    ]);
  });

  it('does nothing for a session moved since (another sequence), cancelled, or gone', async () => {
    for (const item of [session({ sequence: 3 }), session({ state: 'cancelled' }), undefined]) {
      dynamo.on(GetCommand, { TableName: 'sessions' }).resolves({ Item: item });
      await handler(invocation({ sessionId: SESSION_ID, reminder: '1h', sequence: 2 }), lambdaContext());
    }
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(sentTo()).toEqual([]);
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('does nothing for a session of a mentorship that ended since', async () => {
    dynamo.on(GetCommand, { TableName: 'sessions' }).resolves({ Item: session() });
    dynamo.on(GetCommand, { TableName: 'mentorships' }).resolves({ Item: { id: '0f8fad5b-d9cb-469f-a165-70867728950e', state: 'ENDED', mentorId: 'mentor-1', menteeId: 'mentee-1' } });
    await handler(invocation({ sessionId: SESSION_ID, reminder: '24h', sequence: 2 }), lambdaContext());
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(sentTo()).toEqual([]);
  });

  it('does nothing when a repeated run finds the reminder already claimed', async () => {
    dynamo.on(GetCommand, { TableName: 'sessions' }).resolves({ Item: session() });
    dynamo.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'claimed', $metadata: {} }));
    await handler(invocation({ sessionId: SESSION_ID, reminder: '1h', sequence: 2 }), lambdaContext());
    expect(sentTo()).toEqual([]);
  });
});
