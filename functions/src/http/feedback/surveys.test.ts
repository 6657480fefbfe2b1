import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CognitoIdentityProviderClient, ListUsersInGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiEvent, lambdaContext } from '#testing/events';
import { useTestIdentity } from '#testing/tokens';
import { surveysDue } from '../../mentorships/surveys';
import type { MentorshipRecord } from '../../mentorships/repository';
import { handler } from './create';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
const cognito = mockClient(CognitoIdentityProviderClient);
const ses = mockClient(SESv2Client);
Object.assign(process.env, {
  FEEDBACK_TABLE: 'feedback-test',
  MENTORSHIPS_TABLE: 'mentorships-test',
  MEMBERS_TABLE: 'members-test',
  COGNITO_USER_POOL_ID: 'pool-test',
  MAIL_FROM: 'programme@example.org',
  SITE_URL: 'https://mentoring.example.org',
});
const identity = useTestIdentity({ beforeAll, afterAll });

const answer = async (body: unknown, sub: string) => {
  const result = (await handler(
    apiEvent({ method: 'POST', path: '/api/feedback', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...identity.bearer({ sub }) } }),
    lambdaContext(),
  )) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode, body: JSON.parse(String(result.body)) as { error?: { code: string; message: string } } };
};

const meta = (fields: Partial<MentorshipRecord>) =>
  dynamo.on(GetCommand, { TableName: 'mentorships-test', Key: { pk: 'MENTORSHIP#m-1', sk: 'META' } }).resolves({
    Item: { id: 'm-1', mentorId: 'mentor-sub', menteeId: 'mentee-sub', state: 'ACTIVE', ...fields },
  });

const fit = (value?: string) => ({ source: '/mentorships/m-1', feedbackType: 'match', answers: [], mentorshipId: 'm-1', survey: 'fit_check', ...(value ? { fit: value } : {}) });

describe('the fit check and the closing survey (POST /api/feedback with a survey)', () => {
  beforeEach(() => {
    dynamo.reset();
    cognito.reset();
    ses.reset();
    dynamo.on(PutCommand).resolves({});
    dynamo.on(TransactWriteCommand).resolves({});
    dynamo.on(BatchGetCommand).resolves({ Responses: { 'members-test': [{ id: 'mentor-sub', displayName: 'Grace' }, { id: 'mentee-sub', displayName: 'Ada' }] } });
    cognito.on(ListUsersInGroupCommand).resolves({ Users: [{ Username: 'c1', Enabled: true, Attributes: [{ Name: 'email', Value: 'coordinator@example.org' }] }] });
    ses.on(SendEmailCommand).resolves({ MessageId: 'm' });
  });

  it('is due after the first held session for each side that has not answered, and the closing survey at completion', () => {
    const record = { state: 'ACTIVE', firstSessionAt: '2026-03-01T10:00:00Z', fitCheck: { mentor: 'good' } } as MentorshipRecord;
    expect(surveysDue(record, 'mentee')).toEqual(['fit_check']);
    expect(surveysDue(record, 'mentor')).toEqual([]);
    expect(surveysDue({ ...record, firstSessionAt: undefined }, 'mentee')).toEqual([]);
    expect(surveysDue({ ...record, state: 'COMPLETED' }, 'mentee')).toEqual(['closing']);
    expect(surveysDue({ ...record, state: 'COMPLETED', closingSurvey: { mentee: '2026-06-01T00:00:00Z' } }, 'mentee')).toEqual([]);
    expect(surveysDue(record, null)).toEqual([]);
  });

  it('stores the answer with the feedback in one transaction; "not a fit" sets the flag and e-mails the coordinators', async () => {
    meta({ firstSessionAt: '2026-03-01T10:00:00Z' });
    expect((await answer(fit('not_a_fit'), 'mentee-sub')).status).toBe(201);
    const [put, update] = dynamo.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(put!.Put!.Item).toMatchObject({ mentorshipId: 'm-1', survey: 'fit_check', fit: 'not_a_fit', userId: 'mentee-sub' });
    expect(update!.Update).toMatchObject({
      UpdateExpression: 'SET #survey = :map, fitFlaggedAt = if_not_exists(fitFlaggedAt, :at)',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#survey)',
      ExpressionAttributeValues: { ':map': { mentee: 'not_a_fit' } },
    });
    const mail = ses.commandCalls(SendEmailCommand)[0]!.args[0].input;
    expect(mail.Destination?.ToAddresses).toEqual(['coordinator@example.org']);
    expect(mail.Content?.Simple?.Subject?.Data).toBe('A pair may not fit: Grace and Ada');
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('the second side adds its answer to the map; "good" tells nobody', async () => {
    meta({ firstSessionAt: '2026-03-01T10:00:00Z', fitCheck: { mentee: 'unsure' } });
    expect((await answer(fit('good'), 'mentor-sub')).status).toBe(201);
    expect(dynamo.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![1]!.Update).toMatchObject({
      UpdateExpression: 'SET #survey.#side = :value',
      ExpressionAttributeNames: { '#survey': 'fitCheck', '#side': 'mentor' },
      ExpressionAttributeValues: { ':value': 'good' },
    });
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('refuses what is not due (409), answered twice (409), a fit check without its answer or a fit answer elsewhere (400): nothing stored', async () => {
    meta({});
    expect((await answer(fit('good'), 'mentee-sub')).status).toBe(409);
    meta({ firstSessionAt: '2026-03-01T10:00:00Z', fitCheck: { mentee: 'good' } });
    const twice = await answer(fit('good'), 'mentee-sub');
    expect(twice.status).toBe(409);
    expect(twice.body.error!.message).toBe('The fit check is not due: it comes once, after your first session.');
    expect((await answer(fit(), 'mentor-sub')).status).toBe(400);
    expect((await answer({ ...fit('good'), survey: 'closing' }, 'mentor-sub')).status).toBe(400);
    expect((await answer({ ...fit('good'), mentorshipId: undefined }, 'mentor-sub')).status).toBe(400);
    expect((await answer({ ...fit(), survey: 'closing' }, 'mentor-sub')).status).toBe(409);
    expect((await answer(fit('good'), 'someone-else')).status).toBe(403);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('the closing survey once the mentorship is completed', async () => {
    meta({ state: 'COMPLETED', firstSessionAt: '2026-03-01T10:00:00Z' });
    expect((await answer({ ...fit(), survey: 'closing', rating: 5, answers: ['Thank you'] }, 'mentor-sub')).status).toBe(201);
    const update = dynamo.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems![1]!.Update!;
    expect(update.ExpressionAttributeNames).toEqual({ '#survey': 'closingSurvey' });
    expect(Object.keys((update.ExpressionAttributeValues![':map'] as Record<string, string>))).toEqual(['mentor']);
  });
});
