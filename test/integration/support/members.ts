import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { newUser } from './auth';
import { db, tableName } from './db';

/**
 * Members for the mentoring tests: Cognito users whose profiles are stored straight into the members table
 * (approved mentors listed in the directory, mentees with goals), so a test starts where its story does.
 */
const seedMember = async (id: string, fields: Record<string, unknown>) => {
  await db().send(
    new PutCommand({
      TableName: tableName('members'),
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

export const seededMentee = async (name = 'Ada Mentee') => {
  const user = await newUser(name);
  await seedMember(user.sub, { role: 'mentee', displayName: name, goals: 'Find my way' });
  return user;
};

export const seededMentor = async (name = 'Grace Mentor', capacity = 2, activeMentees = 0) => {
  const user = await newUser(name);
  await seedMember(user.sub, {
    role: 'mentor',
    displayName: name,
    capacity,
    activeMentees,
    acceptingRequests: true,
    ...(activeMentees < capacity ? { listed: 'mentor' } : {}),
  });
  return user;
};
