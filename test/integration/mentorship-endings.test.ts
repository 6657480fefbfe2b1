import { DELETE_ACCOUNT_CONFIRMATION, type MentorshipDetail, type Session } from '@mentoring/shared';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../support/auth';
import type { SentMail } from '../support/mail';
import { api, postJson } from './support/api';
import { bearer } from './support/auth';
import { db, getItem, tableName } from './support/db';
import { mailed } from './support/member-mail';
import { ALL_WEEK, coordinatorUser, seededMentee, seededMentor } from './support/members';
import { stageSchedule } from './support/schedule-targets';

/**
 * Every way a mentorship ends (or is suspended) takes its booked sessions with it, as the session cancel route
 * does: the session cancelled, both members e-mailed with the calendar CANCEL, the busy guards and the reminder
 * schedules gone. On any stage: the API, the stage's tables, SES's events of the mail (the messages themselves on the
 * local stage as itself) and the stage's schedule group.
 */
const DAY = 86_400_000;

const post = async <T>(path: string, token: string, body: unknown = {}) => {
  const response = await postJson(path, body, bearer(token));
  const answer = (await response.json()) as T;
  expect(response.status, JSON.stringify(answer)).toBeLessThan(300);
  return answer;
};

/** Grace mentors Ada (a request accepted through the API) and Ada has booked a session three days ahead. */
const pairWithSession = async () => {
  const [grace, ada] = await Promise.all([seededMentor('Grace Ending', { availability: ALL_WEEK }), seededMentee('Ada Ending', { availability: ALL_WEEK })]);
  const requested = await post<MentorshipDetail>('/api/mentorships', ada.idToken, { mentorId: grace.sub, message: 'I would love your help with my career change.' });
  await post(`/api/mentorships/${requested.id}/accept`, grace.idToken);
  const startsAt = new Date(Math.ceil((Date.now() + 3 * DAY) / 900_000) * 900_000).toISOString();
  const session = await post<Session>(`/api/mentorships/${requested.id}/sessions`, ada.idToken, { startsAt, durationMinutes: 60, agenda: 'My CV' });
  return { grace, ada, mentorshipId: requested.id, session };
};

const icsOf = (mail: SentMail) => {
  const attachment = mail.attachments.find((each) => each.contentType.startsWith('text/calendar'));
  return attachment ? Buffer.from(attachment.content, 'base64').toString('utf8').replace(/\r?\n[ \t]/g, '') : '';
};
const cancelInvitation = (sessionId: string) => (mail: SentMail) => icsOf(mail).includes('METHOD:CANCEL') && icsOf(mail).includes(`UID:${sessionId}@`);

const guardsOf = async (memberId: string) =>
  (await db().send(new QueryCommand({ TableName: tableName('sessions'), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `BUSY#${memberId}` }, ConsistentRead: true })))
    .Items ?? [];

const endings: { name: string; reason: string; end: (people: { grace: TestUser; ada: TestUser; mentorshipId: string }) => Promise<unknown> }[] = [
  { name: 'a block', reason: 'The mentorship has ended.', end: ({ ada, grace }) => post(`/api/members/${grace.sub}/block`, ada.idToken) },
  {
    name: 'a coordinator\'s suspension',
    reason: 'A coordinator suspended the mentorship.',
    end: async ({ mentorshipId }) => post(`/api/coordinator/mentorships/${mentorshipId}/suspend`, (await coordinatorUser()).idToken),
  },
  { name: 'ending early', reason: 'The mentorship has ended.', end: ({ grace, mentorshipId }) => post(`/api/mentorships/${mentorshipId}/end`, grace.idToken, { reason: 'other' }) },
  { name: 'completion', reason: 'The mentorship is completed.', end: ({ ada, mentorshipId }) => post(`/api/mentorships/${mentorshipId}/complete`, ada.idToken) },
  {
    name: 'the mentee deleting her account',
    reason: 'The mentorship has ended.',
    end: async ({ ada }) => {
      const response = await api('/api/me', { method: 'DELETE', headers: { ...bearer(ada.idToken), 'content-type': 'application/json' }, body: JSON.stringify({ confirm: DELETE_ACCOUNT_CONFIRMATION }) });
      expect(response.status, await response.clone().text()).toBe(200);
    },
  },
];

describe('the end of a mentorship and its booked sessions', () => {
  for (const { name, reason, end } of endings) {
    it(`${name} cancels the booked session: both e-mailed with the calendar CANCEL, its time and reminders freed`, async () => {
      const { grace, ada, mentorshipId, session } = await pairWithSession();
      const reminderNames = [`sess-24h-${session.id}`, `sess-1h-${session.id}`];
      const pending = async () => (await Promise.all(reminderNames.map(stageSchedule))).flatMap((each) => (each ? [each.name] : []));
      expect(await pending()).toEqual(reminderNames);
      expect(await guardsOf(grace.sub)).toHaveLength(4);

      await end({ grace, ada, mentorshipId });

      const stored = await getItem(tableName('sessions'), { pk: `SESSION#${session.id}`, sk: 'META' });
      expect(stored).toMatchObject({ state: 'cancelled', cancelReason: reason });
      for (const person of [grace, ada]) {
        const mail = await mailed(person.email, (subject) => subject.startsWith('Session cancelled: '), cancelInvitation(session.id));
        if (mail) expect(mail.body.text).toContain(`Reason: ${reason}`);
      }
      expect(await pending()).toEqual([]);
      expect(await guardsOf(grace.sub)).toEqual([]);
      expect(await guardsOf(ada.sub)).toEqual([]);
    });
  }
});
