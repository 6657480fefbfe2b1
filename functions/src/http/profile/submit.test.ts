import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { publishAppEvent } from '../../lib/event-bus';
import { sendMail } from '../../lib/mail/send';
import { call, MEMBERS_TABLE, menteeItem, mentorItem, PROGRAMME_TABLE, storedProgramme } from '#testing/mentoring';
import { useTestIdentity } from '#testing/tokens';
import { handler } from './submit';

vi.mock('../../lib/event-bus', () => ({ publishAppEvent: vi.fn(async () => 'event-id') }));
vi.mock('../../lib/mail/send', () => ({ sendMail: vi.fn(async () => undefined) }));

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
const identity = useTestIdentity({ beforeAll, afterAll });

const submit = (sub = 'mentor-1') => call(handler, { method: 'POST', path: '/api/profile/me/submit', headers: identity.bearer({ sub, email: 'maria@example.org' }) });

const stored = (member: unknown, programme: unknown = undefined) => {
  dynamo.on(GetCommand, { TableName: MEMBERS_TABLE }).resolves({ Item: member as Record<string, unknown> | undefined });
  dynamo.on(GetCommand, { TableName: PROGRAMME_TABLE }).resolves({ Item: programme as Record<string, unknown> | undefined });
};

const updates = () => dynamo.commandCalls(UpdateCommand).map((entry) => entry.args[0].input);
/** The attribute values an UpdateItem sets, by attribute name. */
const setValues = (input: ReturnType<typeof updates>[number]) =>
  Object.fromEntries(
    Object.entries(input.ExpressionAttributeNames ?? {})
      .filter(([placeholder]) => input.UpdateExpression!.includes(`${placeholder} = `))
      .map(([placeholder, name]) => [name, input.ExpressionAttributeValues![`:v${placeholder.slice(2)}`]]),
  );
const removed = (input: ReturnType<typeof updates>[number]) => {
  const clause = /REMOVE (.*)$/.exec(input.UpdateExpression!)?.[1] ?? '';
  return clause.split(', ').filter(Boolean).map((placeholder) => input.ExpressionAttributeNames![placeholder]);
};

const draftMentor = () => mentorItem({ approvalState: 'draft', submittedAt: undefined, decidedAt: undefined, listed: undefined });

describe('POST /api/profile/me/submit', () => {
  beforeEach(() => {
    dynamo.reset();
    vi.mocked(sendMail).mockReset();
    vi.mocked(publishAppEvent).mockClear();
    dynamo.on(UpdateCommand).resolves({});
  });

  it('makes a mentor’s application pending in one conditional write, and tells the applicant by e-mail', async () => {
    stored(draftMentor());
    const answer = await submit();
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ onboarded: true, approval: { state: 'pending', decidedAt: null } });
    const [input] = updates();
    expect(input!.ConditionExpression).toBe('version = :expected AND (approvalState IN (:draft, :rejected))');
    expect(input!.ExpressionAttributeValues![':expected']).toBe(3);
    expect(setValues(input!)).toMatchObject({ approvalState: 'pending', submittedAt: expect.any(String), version: 4 });
    expect(removed(input!)).not.toContain('listed');
    expect(sendMail).toHaveBeenCalledTimes(1);
    expect(vi.mocked(sendMail).mock.calls[0]![0]).toMatchObject({ to: 'mentor@example.org', subject: 'We received your application to Mentoring programme' });
    expect(publishAppEvent).toHaveBeenCalledWith('member.changed', { memberId: 'mentor-1', reason: 'approval' });
  });

  it('approves a mentee at once when the programme does not require approval, without an e-mail', async () => {
    stored(menteeItem({ approvalState: 'draft', submittedAt: undefined, decidedAt: undefined }));
    const answer = await submit('mentee-1');
    expect(answer.body).toMatchObject({ onboarded: true, approval: { state: 'approved', decidedAt: expect.any(String) } });
    expect(sendMail).not.toHaveBeenCalled();
  });

  it('makes a mentee wait for a coordinator when the programme requires approval', async () => {
    stored(menteeItem({ approvalState: 'draft', submittedAt: undefined, decidedAt: undefined }), storedProgramme({ menteesNeedApproval: true }));
    expect((await submit('mentee-1')).body).toMatchObject({ approval: { state: 'pending' } });
    expect(sendMail).toHaveBeenCalledTimes(1);
  });

  it('lets a rejected mentor submit again, clearing the old decision', async () => {
    stored(mentorItem({ approvalState: 'rejected', listed: undefined, decisionNote: 'Tell us more.' }));
    const answer = await submit();
    expect(answer.body).toMatchObject({ approval: { state: 'pending', note: null } });
  });

  it.each([
    ['pending', 'Your application is already waiting for a coordinator.'],
    ['approved', 'Your profile is already approved.'],
  ] as const)('refuses to submit a %s profile again with 409', async (state, message) => {
    stored(mentorItem({ approvalState: state }));
    const answer = await submit();
    expect(answer.status).toBe(409);
    expect(answer.body.error!.message).toBe(message);
    expect(updates()).toHaveLength(0);
    expect(sendMail).not.toHaveBeenCalled();
  });

  it('refuses without a saved profile', async () => {
    stored(undefined);
    expect((await submit()).status).toBe(409);
  });

  it('refuses a profile that accepted an older code of conduct', async () => {
    stored(draftMentor(), storedProgramme({ codeOfConductVersion: 2 }));
    const answer = await submit();
    expect(answer.status).toBe(400);
    expect(updates()).toHaveLength(0);
  });

  it('answers 409 and sends nothing when a concurrent write won', async () => {
    stored(draftMentor());
    dynamo.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'no', $metadata: {} }));
    expect((await submit()).status).toBe(409);
    expect(sendMail).not.toHaveBeenCalled();
  });

  it('keeps the submission when the e-mail fails: stored once, answered 200', async () => {
    stored(draftMentor());
    vi.mocked(sendMail).mockRejectedValueOnce(new Error('SES down'));
    const answer = await submit();
    expect(answer.status).toBe(200);
    expect(updates()).toHaveLength(1);
  });
});
