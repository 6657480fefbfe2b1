import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { menteeItem, mentorItem } from '../../../testing/mentoring';
import { setPhoto } from './members';
import { isListed, withListing } from '../members/item';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);

describe('the directory listing', () => {
  it.each([
    ['an approved mentor accepting requests with a place left', {}, true],
    ['a pending mentor', { approvalState: 'pending' as const }, false],
    ['a rejected mentor', { approvalState: 'rejected' as const }, false],
    ['a draft', { approvalState: 'draft' as const }, false],
    ['a paused mentor', { acceptingRequests: false }, false],
    ['a full mentor', { capacity: 2, activeMentees: 2 }, false],
  ])('lists %s: %s', (_, change, listed) => {
    const member = mentorItem({ listed: undefined, ...change });
    expect(isListed(member)).toBe(listed);
    expect('listed' in withListing(member)).toBe(listed);
    // A stale attribute is removed, never kept.
    expect('listed' in withListing({ ...member, listed: 'mentor' })).toBe(listed);
  });

  it('never lists a mentee', () => {
    expect(withListing(menteeItem({ listed: 'mentor' }))).not.toHaveProperty('listed');
  });
});

describe('setPhoto (for the photo handlers)', () => {
  beforeEach(() => {
    process.env.MEMBERS_TABLE = 'members-test';
    dynamo.reset();
  });

  it('sets the key over the version it read, and reads again when another write came first', async () => {
    dynamo.on(GetCommand).resolvesOnce({ Item: mentorItem({ version: 3 }) }).resolves({ Item: mentorItem({ version: 4 }) });
    dynamo.on(UpdateCommand).rejectsOnce(new ConditionalCheckFailedException({ message: 'no', $metadata: {} })).resolves({});
    const saved = await setPhoto('mentor-1', 'photos/new.webp');
    expect(saved).toMatchObject({ photoKey: 'photos/new.webp', version: 5 });
    const updates = dynamo.commandCalls(UpdateCommand);
    expect(updates).toHaveLength(2);
    expect(updates[1]!.args[0].input.ExpressionAttributeValues![':expected']).toBe(4);
  });

  it('answers undefined for a member without a profile, writing nothing', async () => {
    dynamo.on(GetCommand).resolves({});
    expect(await setPhoto('nobody', 'photos/x.webp')).toBeUndefined();
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});
