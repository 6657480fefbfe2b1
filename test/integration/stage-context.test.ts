import { readFileSync } from 'node:fs';
import { ListUsersInGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { TEST_MEMBERS_GROUP } from '@mentoring/shared';
import { cognitoClient } from '../support/auth';
import { newUser, stageCognito } from './support/auth';
import { LOCAL_ONLY_HANDLES } from './global-setup';

describe('what the suite is given of its stage', () => {
  it('holds a local-only handle only when the local stage runs as itself, never as deployed or against AWS', () => {
    const local = inject('isLocal');
    if (inject('asDeployed')) expect(local).toBe(false);
    expect(Object.fromEntries(LOCAL_ONLY_HANDLES.map((handle) => [handle, inject(handle) !== null]))).toEqual(Object.fromEntries(LOCAL_ONLY_HANDLES.map((handle) => [handle, local])));
    if (local) return;
    // What a deployed stage's outputs give, and nothing else: every address is the stage's own, one of its test queues' or its Stream app's
    // (Lambda and Scheduler are found as AWS's SDK finds them, by the environment: names only here).
    const given = {
      baseUrl: inject('baseUrl'),
      tables: inject('tables'),
      buckets: inject('buckets'),
      mailEventsQueueUrl: inject('mailEventsQueueUrl'),
      busEventsQueueUrl: inject('busEventsQueueUrl'),
      streamSecretId: inject('streamSecretId'),
      streamBaseUrl: inject('streamBaseUrl'),
      scheduleTargets: inject('scheduleTargets'),
      scheduleGroup: inject('scheduleGroup'),
    };
    const queues = [given.mailEventsQueueUrl, given.busEventsQueueUrl];
    const addresses = JSON.stringify(given).match(/https?:\/\/[^"]+/g) ?? [];
    // The one other: the stage's Stream app's API (Stream's host on AWS), which its functions call too.
    expect(addresses.filter((address) => !address.startsWith(given.baseUrl) && !queues.includes(address) && address !== given.streamBaseUrl)).toEqual([]);
    // Each queue is SQS's, reached by its URL alone: on AWS sqs.<region>.amazonaws.com, never the stage's own host.
    for (const queue of queues) expect(queue === null || !queue.startsWith(given.baseUrl)).toBe(true);
  });

  it('tags each member it makes where the stage is reached as deployed (the test group, and the run\'s list to delete)', async () => {
    const member = await newUser('Tom Tagged');
    const cognito = await stageCognito();
    const deployed = !inject('isLocal');
    const client = cognitoClient(cognito);
    // As the stage's clean-up finds them: the group's members (a plain local stage has no such group).
    const inGroup = deployed
      ? await client
          .send(new ListUsersInGroupCommand({ UserPoolId: cognito.userPoolId, GroupName: TEST_MEMBERS_GROUP }))
          .then(({ Users = [] }) => Users.some((user) => user.Attributes?.some((attribute) => attribute.Name === 'email' && attribute.Value === member.email)))
      : false;
    client.destroy();
    expect(inGroup).toBe(deployed);
    expect(member.email.endsWith('@simulator.amazonses.com')).toBe(deployed);
    if (deployed) expect(readFileSync(process.env.TEST_MEMBERS_FILE!, 'utf8')).toContain(member.email);
  });
});
