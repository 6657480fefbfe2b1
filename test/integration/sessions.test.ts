import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import type { Session } from '@mentoring/shared';
import { mailTo, type SentMail } from '../support/mail';
import { api, postJson } from './support/api';
import { bearer, newUser } from './support/auth';
import { db, tableName } from './support/db';
import { mailed } from './support/member-mail';
import { dueAt, fireSchedule, stageSchedule } from './support/schedule-targets';

/**
 * Booking sessions, on any stage: the transactions with the busy guards read from the stage's tables, the mail from
 * SES's events of it, the reminders from the stage's schedule group, run as Scheduler runs them (support/schedule-targets.ts).
 * The local stage as itself also shows each message, so there the bodies and .ics attachments are read too.
 */
const sesEndpoint = inject('sesEndpoint');

type Answer<T> = { status: number; body: T & { error?: { code: string; message: string } } };
const post = async <T = Session>(path: string, token: string, body: unknown): Promise<Answer<T>> => {
  const response = await postJson(path, body, bearer(token));
  return { status: response.status, body: (await response.json()) as Answer<T>['body'] };
};
const get = async <T>(path: string, token: string): Promise<Answer<T>> => {
  const response = await api(path, { headers: bearer(token) });
  return { status: response.status, body: (await response.json()) as Answer<T>['body'] };
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' }));

const seedMember = async (id: string, role: 'mentor' | 'mentee', timezone: string, availability: unknown[], displayName: string) => {
  await db().send(
    new PutCommand({
      TableName: tableName('members'),
      Item: { id, role, displayName, headline: '', bio: '', languages: ['en'], timezone, country: 'DE', availability, format: 'online', topics: ['Career change'], approvalState: 'approved' },
    }),
  );
};

const seedMentorship = async (mentorId: string, menteeId: string, state = 'ACTIVE') => {
  const id = randomUUID();
  const at = new Date().toISOString();
  await db().send(
    new PutCommand({
      TableName: tableName('mentorships'),
      Item: { pk: `MENTORSHIP#${id}`, sk: 'META', id, state, version: 2, mentorId, menteeId, origin: 'request', message: 'Hello', createdAt: at, updatedAt: at, activatedAt: at, expiresAt: null, endsAt: null, acceptedBy: ['mentor'], proposedBy: null },
    }),
  );
  return id;
};

/** A mentor in Berlin and a mentee in New York, free all week unless told otherwise, in an ACTIVE mentorship. */
const pair = async ({ menteeAvailability = ALL_WEEK, state = 'ACTIVE' }: { menteeAvailability?: unknown[]; state?: string } = {}) => {
  const [mentor, mentee] = await Promise.all([newUser('Grace Mentor'), newUser('Ada Mentee')]);
  await Promise.all([seedMember(mentor.sub, 'mentor', 'Europe/Berlin', ALL_WEEK, 'Grace'), seedMember(mentee.sub, 'mentee', 'America/New_York', menteeAvailability, 'Ada')]);
  const mentorshipId = await seedMentorship(mentor.sub, mentee.sub, state);
  return { mentor, mentee, mentorshipId };
};

/** A quarter hour `days` from now, rounded up. */
const quarterIn = (days: number, hours = 0) => {
  const at = Date.now() + days * DAY + hours * HOUR;
  return new Date(Math.ceil(at / (15 * 60_000)) * 15 * 60_000).toISOString();
};

const sessionItems = async (mentorshipId: string) =>
  (
    await db().send(
      new QueryCommand({ TableName: tableName('sessions'), IndexName: 'byMentorship', KeyConditionExpression: 'mentorshipId = :id', ExpressionAttributeValues: { ':id': mentorshipId } }),
    )
  ).Items ?? [];
const guardsOf = async (memberId: string) =>
  (
    await db().send(new QueryCommand({ TableName: tableName('sessions'), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `BUSY#${memberId}` }, ConsistentRead: true }))
  ).Items ?? [];

const icsOf = (mail: SentMail) => {
  const attachment = mail.attachments.find((each) => each.contentType.startsWith('text/calendar'));
  return attachment ? Buffer.from(attachment.content, 'base64').toString('utf8').replace(/\r?\n[ \t]/g, '') : null;
};
const withIcs = (sessionId: string, method: string, sequence: number) => (mail: SentMail) => {
  const ics = icsOf(mail);
  return Boolean(ics?.includes(`METHOD:${method}`) && ics.includes(`UID:${sessionId}@`) && ics.includes(`SEQUENCE:${sequence}`));
};
/** The session's reminders in the stage's schedule group, with the times they name. */
const remindersOf = async (sessionId: string) =>
  (await Promise.all(['1h', '24h'].map((lead) => stageSchedule(`sess-${lead}-${sessionId}`)))).flatMap((schedule) => (schedule ? [[schedule.name, dueAt(schedule.expression).toISOString()]] : []));

describe('sessions', () => {
  it('book → both get an invitation; reschedule moves the reminders and updates the invitation; the reminders fire when due', async () => {
    const { mentor, mentee, mentorshipId } = await pair();
    const slots = await get<{ slots: { startsAt: string; endsAt: string }[]; timezones: { mentor: string; mentee: string } }>(
      `/api/mentorships/${mentorshipId}/slots?days=7&durationMinutes=60&from=${encodeURIComponent(quarterIn(2))}`,
      mentee.idToken,
    );
    expect(slots.status).toBe(200);
    expect(slots.body.timezones).toEqual({ mentor: 'Europe/Berlin', mentee: 'America/New_York' });
    expect(slots.body.slots[0]).toEqual({ startsAt: quarterIn(2), endsAt: new Date(Date.parse(quarterIn(2)) + HOUR).toISOString() });

    const startsAt = slots.body.slots[0]!.startsAt;
    const booked = await post(`/api/mentorships/${mentorshipId}/sessions`, mentee.idToken, { startsAt, durationMinutes: 60, agenda: 'My CV' });
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ mentorshipId, state: 'scheduled', startsAt, durationMinutes: 60, agenda: 'My CV', bookedBy: mentee.sub, callType: 'default', planned: true });
    const sessionId = booked.body.id;
    expect(sessionId).toMatch(new RegExp(`^m-${mentorshipId}-[a-z0-9]+$`));
    expect(booked.body.callId).toBe(sessionId);

    for (const person of [mentor, mentee]) {
      const mail = await mailed(person.email, (subject) => subject.startsWith('Session booked with '), withIcs(sessionId, 'REQUEST', 0));
      if (!mail) continue;
      const ics = icsOf(mail)!;
      expect(ics).toContain(`DTSTART:${startsAt.replace(/[-:]/g, '').replace('.000', '')}`);
      expect(ics).toContain(`/calls/default/${sessionId}`);
      expect(ics).toContain(`mailto:${mentor.email}`);
      expect(ics).toContain(`mailto:${mentee.email}`);
    }
    expect((await guardsOf(mentor.sub)).map((guard) => guard.sk)).toEqual([0, 15, 30, 45].map((minutes) => new Date(Date.parse(startsAt) + minutes * 60_000).toISOString()));

    expect(await remindersOf(sessionId)).toEqual([
      [`sess-1h-${sessionId}`, new Date(Date.parse(startsAt) - HOUR).toISOString()],
      [`sess-24h-${sessionId}`, new Date(Date.parse(startsAt) - DAY).toISOString()],
    ]);

    const later = new Date(Date.parse(startsAt) + 30 * 60_000).toISOString();
    const moved = await post(`/api/sessions/${sessionId}/reschedule`, mentor.idToken, { startsAt: later, reason: 'A meeting came up' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: sessionId, state: 'scheduled', startsAt: later });
    for (const person of [mentor, mentee]) {
      const mail = await mailed(person.email, (subject) => subject.startsWith('Session moved: '), withIcs(sessionId, 'REQUEST', 1));
      if (mail) expect(mail.body.text).toContain('A meeting came up');
    }
    // The quarter hours the two bookings share stay guarded; the first two are freed and two new ones taken.
    expect((await guardsOf(mentee.sub)).map((guard) => guard.sk)).toEqual([30, 45, 60, 75].map((minutes) => new Date(Date.parse(startsAt) + minutes * 60_000).toISOString()));
    expect(await remindersOf(sessionId)).toEqual([
      [`sess-1h-${sessionId}`, new Date(Date.parse(later) - HOUR).toISOString()],
      [`sess-24h-${sessionId}`, new Date(Date.parse(later) - DAY).toISOString()],
    ]);

    // The 24 h reminder falls due, then the 1 h one (the local clock moved past each; as deployed, run as Scheduler runs it).
    await fireSchedule(`sess-24h-${sessionId}`);
    for (const person of [mentor, mentee]) await mailed(person.email, (subject) => subject.startsWith('Reminder: session with') && subject.endsWith('tomorrow'));
    await fireSchedule(`sess-1h-${sessionId}`);
    const reminder = await mailed(mentee.email, (subject) => subject === 'Reminder: session with Grace in an hour');
    await mailed(mentor.email, (subject) => subject === 'Reminder: session with Ada in an hour');
    if (reminder) expect(reminder.body.text).toContain(`/calls/default/${sessionId}`);
    if (sesEndpoint) expect((await mailTo(sesEndpoint, mentor.email)).filter((mail) => mail.subject.startsWith('Reminder:'))).toHaveLength(2);

    const upcoming = await get<{ sessions: Session[] }>('/api/sessions/upcoming', mentor.idToken);
    expect(upcoming.body.sessions.map((session) => session.id)).toEqual([sessionId]);
    const detail = await get<Session & { notes: unknown }>(`/api/sessions/${sessionId}`, mentee.idToken);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: sessionId, startsAt: later, notes: { text: '', version: 0, updatedAt: null, updatedBy: null } });
  });

  it('cancel deletes the reminders and the guards and sends METHOD:CANCEL to both', async () => {
    const { mentor, mentee, mentorshipId } = await pair();
    const startsAt = quarterIn(3);
    const booked = await post(`/api/mentorships/${mentorshipId}/sessions`, mentor.idToken, { startsAt, durationMinutes: 45, agenda: '' });
    expect(booked.status).toBe(201);
    const sessionId = booked.body.id;
    expect((await remindersOf(sessionId)).map(([name]) => name)).toEqual([`sess-1h-${sessionId}`, `sess-24h-${sessionId}`]);

    const cancelled = await post(`/api/sessions/${sessionId}/cancel`, mentee.idToken, { reason: 'I am ill' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ state: 'cancelled', cancelledBy: mentee.sub, cancelReason: 'I am ill' });
    expect(await remindersOf(sessionId)).toEqual([]);
    expect(await guardsOf(mentor.sub)).toEqual([]);
    expect(await guardsOf(mentee.sub)).toEqual([]);
    for (const person of [mentor, mentee]) {
      const mail = await mailed(person.email, (subject) => subject.startsWith('Session cancelled: '), withIcs(sessionId, 'CANCEL', 1));
      if (mail) expect(icsOf(mail)).toContain('STATUS:CANCELLED');
    }
    // The freed time can be booked again.
    expect((await post(`/api/mentorships/${mentorshipId}/sessions`, mentee.idToken, { startsAt, durationMinutes: 45, agenda: '' })).status).toBe(201);
    expect((await post(`/api/sessions/${sessionId}/cancel`, mentee.idToken, { reason: 'again' })).status).toBe(409);
  });

  it('propose up to three times, the other member confirms one', async () => {
    const { mentor, mentee, mentorshipId } = await pair();
    const times = [quarterIn(4), quarterIn(5)];
    const proposed = await post(`/api/mentorships/${mentorshipId}/sessions`, mentee.idToken, { proposedTimes: times, durationMinutes: 30, agenda: 'Interview practice' });
    expect(proposed.status).toBe(201);
    expect(proposed.body).toMatchObject({ state: 'proposed', startsAt: null, proposedTimes: times });
    await mailed(mentor.email, (subject) => subject === 'Ada proposed times for a session');
    expect(await guardsOf(mentor.sub)).toEqual([]);

    const id = proposed.body.id;
    expect((await post(`/api/sessions/${id}/confirm`, mentee.idToken, { startsAt: times[0] })).body.error?.code).toBe('forbidden');
    expect((await post(`/api/sessions/${id}/confirm`, mentor.idToken, { startsAt: quarterIn(6) })).body.error?.code).toBe('validation_failed');
    const confirmed = await post(`/api/sessions/${id}/confirm`, mentor.idToken, { startsAt: times[1] });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ state: 'scheduled', startsAt: times[1], proposedTimes: [] });
    await mailed(mentee.email, (subject) => subject.startsWith('Session confirmed with Grace'), withIcs(id, 'REQUEST', 1));
    expect(await guardsOf(mentor.sub)).toHaveLength(2);
    expect((await post(`/api/sessions/${id}/confirm`, mentor.idToken, { startsAt: times[1] })).status).toBe(409);
  });

  it('two members booking the same slot at once: exactly one 201, one session, one set of guards', async () => {
    const { mentor, mentee, mentorshipId } = await pair();
    const startsAt = quarterIn(2, 5);
    const answers = await Promise.all([mentor, mentee].map((person) => post(`/api/mentorships/${mentorshipId}/sessions`, person.idToken, { startsAt, durationMinutes: 60, agenda: '' })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.error!.code).toBe('conflict');
    expect(await sessionItems(mentorshipId)).toHaveLength(1);
    const winner = answers.find((answer) => answer.status === 201)!.body.id;
    expect((await guardsOf(mentor.sub)).map((guard) => guard.sessionId)).toEqual([winner, winner, winner, winner]);
  });

  describe('bad input: a documented error and nothing stored', () => {
    const refused = async (mentorshipId: string, token: string, body: unknown, status: number, code: string, members: string[]) => {
      const answer = await post(`/api/mentorships/${mentorshipId}/sessions`, token, body);
      expect({ status: answer.status, code: answer.body.error?.code }).toEqual({ status, code });
      expect(answer.body.error!.message.length).toBeGreaterThan(0);
      expect(await sessionItems(mentorshipId)).toEqual([]);
      for (const member of members) expect(await guardsOf(member)).toEqual([]);
      return answer.body.error!.message;
    };

    it('outside the availability the two share', async () => {
      // The mentee is free on Sundays only: a weekday start is outside.
      const { mentor, mentee, mentorshipId } = await pair({ menteeAvailability: [{ day: 7, start: '09:00', end: '10:00' }] });
      let startsAt = quarterIn(2);
      while (new Date(startsAt).getUTCDay() === 0 || new Date(startsAt).getUTCDay() === 1) startsAt = new Date(Date.parse(startsAt) + DAY).toISOString();
      expect(await refused(mentorshipId, mentee.idToken, { startsAt, durationMinutes: 60, agenda: '' }, 400, 'validation_failed', [mentor.sub, mentee.sub])).toMatch(/outside the availability/);
    });

    it('in the past, off the quarter hour, more than 90 days ahead, or a proposed time in the past', async () => {
      const { mentor, mentee, mentorshipId } = await pair();
      const members = [mentor.sub, mentee.sub];
      expect(await refused(mentorshipId, mentee.idToken, { startsAt: quarterIn(-1), durationMinutes: 60, agenda: '' }, 400, 'validation_failed', members)).toMatch(/passed/);
      expect(await refused(mentorshipId, mentee.idToken, { startsAt: new Date(Date.parse(quarterIn(2)) + 5 * 60_000).toISOString(), durationMinutes: 60, agenda: '' }, 400, 'validation_failed', members)).toMatch(/quarter hour/);
      expect(await refused(mentorshipId, mentee.idToken, { startsAt: quarterIn(91), durationMinutes: 60, agenda: '' }, 400, 'validation_failed', members)).toMatch(/90 days/);
      await refused(mentorshipId, mentee.idToken, { proposedTimes: [quarterIn(2), quarterIn(-2)], durationMinutes: 60, agenda: '' }, 400, 'validation_failed', members);
      await refused(mentorshipId, mentee.idToken, { proposedTimes: [quarterIn(2), quarterIn(3), quarterIn(4), quarterIn(5)], durationMinutes: 60, agenda: '' }, 400, 'validation_failed', members);
      await refused(mentorshipId, mentee.idToken, { startsAt: quarterIn(2), durationMinutes: 50, agenda: '' }, 400, 'validation_failed', members);
    });

    it('overlapping a session either member already has (in another mentorship too)', async () => {
      const { mentor, mentee, mentorshipId } = await pair();
      const startsAt = quarterIn(2);
      expect((await post(`/api/mentorships/${mentorshipId}/sessions`, mentee.idToken, { startsAt, durationMinutes: 60, agenda: '' })).status).toBe(201);
      const overlap = await post(`/api/mentorships/${mentorshipId}/sessions`, mentor.idToken, { startsAt: new Date(Date.parse(startsAt) + 45 * 60_000).toISOString(), durationMinutes: 30, agenda: '' });
      expect({ status: overlap.status, code: overlap.body.error?.code }).toEqual({ status: 409, code: 'conflict' });
      expect(await sessionItems(mentorshipId)).toHaveLength(1);

      // The mentor's second mentee cannot have the mentor at that time either.
      const other = await newUser('Alan Mentee');
      await seedMember(other.sub, 'mentee', 'Asia/Tokyo', ALL_WEEK, 'Alan');
      const second = await seedMentorship(mentor.sub, other.sub);
      await refused(second, other.idToken, { startsAt, durationMinutes: 30, agenda: '' }, 409, 'conflict', [other.sub]);
    });

    it('not a member of the mentorship: 404; a mentorship that is not active: 409', async () => {
      const { mentor, mentee, mentorshipId } = await pair();
      const stranger = await newUser('Eve');
      await refused(mentorshipId, stranger.idToken, { startsAt: quarterIn(2), durationMinutes: 60, agenda: '' }, 404, 'not_found', [mentor.sub, mentee.sub]);
      expect((await get(`/api/mentorships/${mentorshipId}/slots`, stranger.idToken)).status).toBe(404);
      expect((await get(`/api/mentorships/${mentorshipId}/sessions`, stranger.idToken)).status).toBe(404);

      const ended = await pair({ state: 'COMPLETED' });
      await refused(ended.mentorshipId, ended.mentee.idToken, { startsAt: quarterIn(2), durationMinutes: 60, agenda: '' }, 409, 'conflict', [ended.mentor.sub, ended.mentee.sub]);
      expect((await get(`/api/mentorships/${ended.mentorshipId}/slots`, ended.mentee.idToken)).status).toBe(409);
    });

    it('someone else\'s session: 404 for reading, rescheduling and cancelling', async () => {
      const { mentee, mentorshipId } = await pair();
      const booked = await post(`/api/mentorships/${mentorshipId}/sessions`, mentee.idToken, { startsAt: quarterIn(2), durationMinutes: 60, agenda: '' });
      const stranger = await newUser('Eve');
      expect((await get(`/api/sessions/${booked.body.id}`, stranger.idToken)).status).toBe(404);
      expect((await post(`/api/sessions/${booked.body.id}/reschedule`, stranger.idToken, { startsAt: quarterIn(3), reason: 'Because' })).status).toBe(404);
      expect((await post(`/api/sessions/${booked.body.id}/cancel`, stranger.idToken, { reason: 'Because' })).status).toBe(404);
      expect((await post(`/api/sessions/${booked.body.id}/cancel`, mentee.idToken, { reason: '' })).body.error?.code).toBe('validation_failed');
      expect((await get<{ sessions: Session[] }>(`/api/mentorships/${mentorshipId}/sessions`, mentee.idToken)).body.sessions.map((session) => session.state)).toEqual(['scheduled']);
    });
  });
});
