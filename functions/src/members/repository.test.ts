import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { mentorItem } from '#testing/mentoring';
import { setPhoto } from './repository';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);

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
