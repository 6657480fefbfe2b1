import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { publishAppEvent } from '../../lib/event-bus';
import { sendMail } from '../../lib/mail/send';
import { call, coordinatorClaims, MEMBERS_TABLE, mentorItem, PROGRAMME_TABLE } from '#testing/mentoring';
import { useTestIdentity } from '#testing/tokens';
import { handler } from './application-decide';

vi.mock('../../lib/event-bus', () => ({ publishAppEvent: vi.fn(async () => 'event-id') }));
vi.mock('../../lib/mail/send', () => ({ sendMail: vi.fn(async () => undefined) }));

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
const identity = useTestIdentity({ beforeAll, afterAll });

const decide = (body: unknown, claims: Record<string, unknown> = coordinatorClaims(), id = 'mentor-1') =>
  call(handler, { method: 'POST', path: `/api/coordinator/applications/${id}/decision`, params: { id }, body, headers: identity.bearer(claims) });

const pending = () => mentorItem({ approvalState: 'pending', listed: undefined, decidedAt: null });
const updates = () => dynamo.commandCalls(UpdateCommand).map((entry) => entry.args[0].input);
const setsAttribute = (name: string, value: unknown) => {
  const [input] = updates();
  const placeholder = Object.entries(input!.ExpressionAttributeNames!).find(([, attribute]) => attribute === name)?.[0];
  if (!placeholder || !input!.UpdateExpression!.includes(`${placeholder} = `)) return false;
  return input!.ExpressionAttributeValues![`:v${placeholder.slice(2)}`] === value;
};

describe('POST /api/coordinator/applications/{id}/decision', () => {
  beforeEach(() => {
    dynamo.reset();
    vi.mocked(sendMail).mockReset();
    vi.mocked(publishAppEvent).mockClear();
    dynamo.on(GetCommand, { TableName: MEMBERS_TABLE }).resolves({ Item: pending() });
    dynamo.on(GetCommand, { TableName: PROGRAMME_TABLE }).resolves({});
    dynamo.on(UpdateCommand).resolves({});
    process.env.SITE_URL = 'https://mentoring.example.org';
  });
  afterEach(() => delete process.env.SITE_URL);

  it('refuses a member who is not a coordinator with 403, touching nothing', async () => {
    const answer = await decide({ decision: 'approved' }, { sub: 'mentee-1' });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toEqual({ code: 'forbidden', message: 'Only programme coordinators can do this.' });
    expect(dynamo.calls()).toHaveLength(0);
    expect(sendMail).not.toHaveBeenCalled();
  });

  it('approves a pending mentor in one write conditional on it still pending, lists them, and e-mails them', async () => {
    const answer = await decide({ decision: 'approved', note: 'Welcome aboard!' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ email: 'mentor@example.org', approval: { state: 'approved', note: 'Welcome aboard!' }, member: { id: 'mentor-1', role: 'mentor' } });
    const [input] = updates();
    expect(input!.ConditionExpression).toBe('version = :expected AND (approvalState = :pending)');
    expect(setsAttribute('approvalState', 'approved')).toBe(true);
    expect(setsAttribute('listed', 'mentor')).toBe(true);
    expect(setsAttribute('decidedBy', 'coordinator-1')).toBe(true);
    const mail = vi.mocked(sendMail).mock.calls[0]![0];
    expect(mail).toMatchObject({ to: 'mentor@example.org', subject: 'Your application to Mentoring programme was approved' });
    expect(mail.text).toContain('Welcome aboard!');
    expect(mail.text).toContain('https://mentoring.example.org/profile');
    expect(publishAppEvent).toHaveBeenCalledWith('member.changed', { memberId: 'mentor-1', reason: 'approval' });
  });

  it('refuses an approval note longer than 2,000 characters with 400, storing and sending nothing', async () => {
    const answer = await decide({ decision: 'approved', note: 'x'.repeat(2001) });
    expect(answer.status).toBe(400);
    expect(updates()).toHaveLength(0);
    expect(sendMail).not.toHaveBeenCalled();
  });

  it('keeps the decision as the applicant’s in-app notification, the e-mail’s subject and link, even without an address', async () => {
    process.env.NOTIFICATIONS_TABLE = 'notifications-test';
    dynamo.on(PutCommand).resolves({});
    dynamo.on(GetCommand, { TableName: MEMBERS_TABLE }).resolves({ Item: { ...pending(), email: null } });
    try {
      expect((await decide({ decision: 'approved' })).status).toBe(200);
      expect(sendMail).not.toHaveBeenCalled();
      const [put] = dynamo.commandCalls(PutCommand).map((entry) => entry.args[0].input);
      expect(put).toMatchObject({
        TableName: 'notifications-test',
        Item: { memberId: 'mentor-1', unreadBy: 'mentor-1', kind: 'application', text: 'Your application to Mentoring programme was approved', link: '/profile' },
      });
    } finally {
      delete process.env.NOTIFICATIONS_TABLE;
    }
  });

  it('does not list an approved mentor who is not accepting requests', async () => {
    dynamo.on(GetCommand, { TableName: MEMBERS_TABLE }).resolves({ Item: mentorItem({ approvalState: 'pending', listed: undefined, acceptingRequests: false }) });
    await decide({ decision: 'approved' });
    expect(setsAttribute('approvalState', 'approved')).toBe(true);
    expect(JSON.stringify(updates()[0]!.ExpressionAttributeNames)).not.toContain('listed');
  });

  it('requires a note to reject, and stores nothing without one', async () => {
    const answer = await decide({ decision: 'rejected' });
    expect(answer.status).toBe(400);
    expect(updates()).toHaveLength(0);
    expect((await decide({ decision: 'rejected', note: '   ' })).status).toBe(400);
  });

  it('rejects with the note, which the e-mail carries, and never lists', async () => {
    const answer = await decide({ decision: 'rejected', note: 'Please add your experience.' });
    expect(answer.body).toMatchObject({ approval: { state: 'rejected', note: 'Please add your experience.' } });
    expect(setsAttribute('listed', 'mentor')).toBe(false);
    const mail = vi.mocked(sendMail).mock.calls[0]![0];
    expect(mail.subject).toBe('Your application to Mentoring programme was not approved');
    expect(mail.text).toContain('Please add your experience.');
  });

  it('refuses to decide twice with 409 and sends no second e-mail', async () => {
    dynamo.on(GetCommand, { TableName: MEMBERS_TABLE }).resolves({ Item: mentorItem() });
    const answer = await decide({ decision: 'rejected', note: 'No.' });
    expect(answer.status).toBe(409);
    expect(answer.body.error!.message).toBe('This application was already decided.');
    expect(updates()).toHaveLength(0);
    expect(sendMail).not.toHaveBeenCalled();
  });

  it('answers 409 and e-mails nobody when another coordinator decided in between', async () => {
    dynamo.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'no', $metadata: {} }));
    expect((await decide({ decision: 'approved' })).status).toBe(409);
    expect(sendMail).not.toHaveBeenCalled();
    expect(publishAppEvent).not.toHaveBeenCalled();
  });

  it('keeps the decision when the e-mail fails', async () => {
    vi.mocked(sendMail).mockRejectedValueOnce(new Error('SES down'));
    expect((await decide({ decision: 'approved' })).status).toBe(200);
    expect(updates()).toHaveLength(1);
  });

  it('answers 404 for an unknown id or a profile never submitted', async () => {
    dynamo.on(GetCommand, { TableName: MEMBERS_TABLE }).resolves({});
    expect((await decide({ decision: 'approved' })).status).toBe(404);
    dynamo.on(GetCommand, { TableName: MEMBERS_TABLE }).resolves({ Item: mentorItem({ approvalState: 'draft', submittedAt: undefined }) });
    expect((await decide({ decision: 'approved' })).status).toBe(404);
  });

  it('does not let a coordinator decide on their own application', async () => {
    const answer = await decide({ decision: 'approved' }, coordinatorClaims('mentor-1'));
    expect(answer.status).toBe(403);
    expect(updates()).toHaveLength(0);
  });
});
