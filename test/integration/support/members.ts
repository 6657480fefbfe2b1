import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { COORDINATORS_GROUP } from '@mentoring/shared';
import { cognitoClient, createTestUser, signIn } from '../../support/auth';
import type { StageInfo } from '../../support/local-stage';
import { newUser, stageCognito } from './auth';
import { MEMBER_STREAM_ROLE, memberStreamId } from '../../../functions/src/lib/stream/stream-user-id';
import { db, tableName } from './db';
import { stageStream } from './stream-api';

/** Another stage than the suite's (one a test spawned for itself); without it, the suite's. */
export type OtherStage = Pick<StageInfo, 'url' | 'cognito' | 'dynamoDbEndpoint' | 'tables'>;

const userOn = (name: string, stage?: OtherStage) => (stage ? createTestUser({ url: stage.url, cognito: stage.cognito }, { name }) : newUser(name));

/** A member as the stage's Stream app knows them once they first opened the app (which connects them to it). */
export const seedStreamUser = async (id: string, name: string) => {
  const stream = await stageStream();
  await stream.upsertUsers([{ id: memberStreamId(id), name, role: MEMBER_STREAM_ROLE }]);
};

/**
 * Members for the mentoring tests: Cognito users whose profiles are stored straight into the members table
 * (approved mentors listed in the directory, mentees with goals), so a test starts where its story does. On the
 * suite's stage they are Stream users too, as a member is once they first opened the app (which connects them to
 * the stage's Stream app): the pair's channel and a call's members name only users Stream has.
 */
const seedMember = async (id: string, fields: Record<string, unknown>, stage?: OtherStage) => {
  if (!stage) await seedStreamUser(id, String(fields.displayName ?? id));
  const client = db(stage?.dynamoDbEndpoint);
  await client.send(
    new PutCommand({
      TableName: tableName('members', stage?.tables),
      Item: {
        id,
        displayName: `Member ${id.slice(0, 6)}`,
        headline: 'Here to learn',
        bio: '',
        languages: ['en'],
        timezone: 'Europe/Berlin',
        country: 'DE',
        availability: [],
        format: 'online',
        topics: ['Career change'],
        approvalState: 'approved',
        ...fields,
      },
    }),
  );
};

/** Free at any hour of the week, so any future quarter hour can be booked. */
export const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' }));

export const seededMentee = async (name = 'Ada Mentee', fields: Record<string, unknown> = {}, stage?: OtherStage) => {
  const user = await userOn(name, stage);
  await seedMember(user.sub, { role: 'mentee', displayName: name, goals: 'Find my way', ...fields }, stage);
  return user;
};

export const seededMentor = async (
  name = 'Grace Mentor',
  { capacity = 2, activeMentees = 0, ...fields }: { capacity?: number; activeMentees?: number } & Record<string, unknown> = {},
  stage?: OtherStage,
) => {
  const user = await userOn(name, stage);
  await seedMember(user.sub, {
    role: 'mentor',
    displayName: name,
    capacity,
    activeMentees,
    acceptingRequests: true,
    ...(activeMentees < capacity ? { listed: 'mentor' } : {}),
    ...fields,
  }, stage);
  return user;
};

/** A coordinator: a new user in the coordinators' group, signed in again so the ID token carries the group. */
export const coordinatorUser = async (name = 'Casey Coordinator') => {
  const user = await newUser(name);
  const cognito = await stageCognito();
  const client = cognitoClient(cognito);
  try {
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId: cognito.userPoolId, Username: user.email, GroupName: COORDINATORS_GROUP }));
  } finally {
    client.destroy();
  }
  return { ...user, idToken: await signIn(cognito, user.email, user.password) };
};
