/**
 * Booking sessions (DOMAIN.md, "Sessions"): the rules are checked on what was read (pure, shared/src/mentoring/slots.ts)
 * and again by the store (one transaction with the members' busy guards and the mentorship still ACTIVE), so two
 * bookings of one quarter hour cannot both land. After a change is stored: invitations to both members and the
 * reminders set, moved or deleted; a failure there is logged and counted, never undoes the stored change.
 */
import {
  checkSlot,
  mentorshipCallId,
  quarterHoursOf,
  SESSION_REMINDER_OFFSETS,
  type Session,
  type SessionBooking,
  type SessionReminder,
  type SlotProblem,
  type WeeklyAvailability,
} from '@mentoring/shared';
import { randomBytes } from 'node:crypto';
import { conflict, DomainError } from '../lib/domain-error';
import { sendMail } from '../lib/mail/send';
import { sessionMails, type SessionFacts } from '../lib/mail/templates/sessions';
import type { Letter } from '../lib/mail/templates/mentorships';
import { afterWrite } from '../lib/notify';
import { getMentorship, sideOf, type MentorshipRecord } from '../mentorships';
import { getParties, type Party } from '../members';
import { emailOf } from '../lib/cognito';
import {
  BookingCancelled,
  busyIntervals,
  changeBooking,
  createSession,
  getSessionItem,
  listMentorshipSessions,
  toSession,
  type SessionItem,
} from './repository';
import { cancelSchedule, scheduleOnce } from '../lib/schedules';
import { siteUrl } from '../lib/site-url';
import { requiredEnv } from '../lib/env';
import { keepNotification } from '../notifications';
import { invitationAttachment, type InvitationInput } from './invitation';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const reminderScheduleName = (sessionId: string, reminder: SessionReminder) => `sess-${reminder}-${sessionId}`;

const notFound = () => new DomainError('not_found', 'There is no such mentorship.');
const sessionNotFound = () => new DomainError('not_found', 'There is no such session.');

/** The mentorship, if the caller is one of its two members (anyone else: 404, as for the mentorship itself). */
export const mentorshipOfMember = async (mentorshipId: string, memberId: string) => {
  const record = await getMentorship(mentorshipId);
  if (!record || !sideOf(record, memberId)) throw notFound();
  return record;
};

const requireActive = (record: MentorshipRecord) => {
  if (record.state !== 'ACTIVE') throw conflict(record.state === 'SUSPENDED' ? 'suspended' : record.state === 'REQUESTED' || record.state === 'PROPOSED' ? 'pending' : 'ended', 'Sessions can be booked and changed only while the mentorship is active.');
};

/** A session, if the caller is one of its mentorship's two members. */
export const sessionOfMember = async (sessionId: string, memberId: string) => {
  const item = await getSessionItem(sessionId);
  if (!item || (item.mentorId !== memberId && item.menteeId !== memberId)) throw sessionNotFound();
  return item;
};

export const availabilityOf = (party: Party | undefined): WeeklyAvailability => ({
  timezone: typeof party?.item.timezone === 'string' ? party.item.timezone : 'UTC',
  availability: Array.isArray(party?.item.availability) ? (party.item.availability as WeeklyAvailability['availability']) : [],
});

export const pairOf = async (record: Pick<MentorshipRecord, 'mentorId' | 'menteeId'>) => {
  const parties = await getParties([record.mentorId, record.menteeId]);
  return { mentor: parties.get(record.mentorId), mentee: parties.get(record.menteeId) };
};

const PROBLEMS: Record<SlotProblem, DomainError> = {
  not_on_step: new DomainError('validation_failed', 'Sessions start on the quarter hour (:00, :15, :30 or :45).'),
  past: new DomainError('validation_failed', 'That time has passed: choose a time in the future.'),
  too_far: new DomainError('validation_failed', 'Sessions can be booked at most 90 days ahead.'),
  outside_availability: new DomainError('validation_failed', 'That time is outside the availability you both share: choose one of the offered slots.'),
  busy: conflict('time_taken', 'One of you already has a session at that time.'),
};

/** The rules for one start, on what is stored now; throws the documented error of the first rule it breaks. */
const checkStart = async (
  record: MentorshipRecord,
  members: readonly WeeklyAvailability[],
  start: string,
  durationMinutes: number,
  now: Date,
  except?: string,
) => {
  const at = Date.parse(start);
  const busy = await busyIntervals([record.mentorId, record.menteeId], at - DAY, at + durationMinutes * MINUTE + DAY, except);
  const problem = checkSlot({ members, start: new Date(at), durationMinutes, now, busy });
  if (problem) throw PROBLEMS[problem];
};

const cancelledToHttp = (error: unknown): never => {
  if (error instanceof BookingCancelled) {
    if (error.failed.includes('mentorship')) throw conflict('ended', 'Sessions can be booked and changed only while the mentorship is active.');
    if (error.failed.includes('session')) throw conflict('changed_meanwhile', 'The session was changed meanwhile: reload it and try again.');
    throw conflict('time_taken', 'That time was just taken: one of you already has a session then. Choose another slot.');
  }
  throw error;
};

const newSessionId = (mentorshipId: string, now: Date) => mentorshipCallId(mentorshipId, `${now.getTime().toString(36)}${randomBytes(3).readUIntBE(0, 3).toString(36).padStart(5, '0')}`);

// ————— after a stored change —————

const safely = afterWrite;

/** MAIL_FROM may be `Name <address>`: an iCalendar ORGANIZER wants the address and its name apart. */
export const senderOf = (from: string) => {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  return match ? { name: match[1] || 'Mentoring sessions', email: match[2]!.trim() } : { name: 'Mentoring sessions', email: from.trim() };
};

type Change = 'booked' | 'proposed' | 'confirmed' | 'rescheduled' | 'cancelled';

interface Recipient {
  id: string;
  email: string | null;
  name: string;
  timezone: string;
}

const recipientsOf = async (item: SessionItem): Promise<Recipient[]> => {
  const { mentor, mentee } = await pairOf(item);
  const [mentorEmail, menteeEmail] = await Promise.all([emailOf(item.mentorId), emailOf(item.menteeId)]);
  return [
    { id: item.mentorId, email: mentorEmail, name: mentor?.displayName ?? 'Your mentor', timezone: availabilityOf(mentor).timezone },
    { id: item.menteeId, email: menteeEmail, name: mentee?.displayName ?? 'Your mentee', timezone: availabilityOf(mentee).timezone },
  ];
};

/** E-mails both members about a change, each in their own zone, with the invitation where the booking changed. */
export const announce = async (item: SessionItem, change: Change, actorId: string | null, extra: { reason?: string; previousStartsAt?: string } = {}) =>
  safely(`e-mailing the ${change} session`, async () => {
    const site = await siteUrl();
    const recipients = await recipientsOf(item);
    const organizer = senderOf(requiredEnv('MAIL_FROM'));
    const invited = recipients.filter((person): person is Recipient & { email: string } => Boolean(person.email));
    const invitation = (reader: Recipient, other: Recipient): InvitationInput | null =>
      // A proposal is no calendar event yet, and a cancelled proposal never became one.
      change === 'proposed' || (change === 'cancelled' && !extra.previousStartsAt)
        ? null
        : {
            sessionId: item.id,
            startsAt: change === 'cancelled' ? extra.previousStartsAt! : item.startsAt,
            durationMinutes: item.durationMinutes,
            agenda: item.agenda,
            sequence: item.sequence,
            method: change === 'cancelled' ? 'CANCEL' : 'REQUEST',
            site,
            organizer,
            attendees: invited.map(({ name, email }) => ({ name, email })),
            title: `Mentoring session: ${reader.name} and ${other.name}`,
            cancelReason: item.cancelReason,
          };
    await Promise.all(
      recipients.map(async (reader, index) => {
        const other = recipients[1 - index]!;
        const facts: SessionFacts = {
          sessionId: item.id,
          mentorshipId: item.mentorshipId,
          startsAt: item.startsAt,
          durationMinutes: item.durationMinutes,
          agenda: item.agenda,
          timezone: reader.timezone,
          otherName: other.name,
        };
        const byYou = reader.id === actorId;
        // Neither member (a coordinator, or the programme at a mentorship's end): nobody is named as the one who did it.
        const byOther = other.id === actorId;
        const letters: Record<Change, () => Letter> = {
          booked: () => sessionMails.booked(facts, { byYou }),
          proposed: () => sessionMails.proposed({ ...facts, proposedTimes: item.proposedTimes }, { byYou }),
          confirmed: () => sessionMails.confirmed(facts),
          rescheduled: () => sessionMails.rescheduled({ ...facts, reason: extra.reason ?? '', previousStartsAt: extra.previousStartsAt ?? item.startsAt }, { byYou }),
          cancelled: () => sessionMails.cancelled({ ...facts, startsAt: extra.previousStartsAt ?? null, reason: extra.reason ?? '' }, { byYou, byOther }),
        };
        const message = letters[change]()(site);
        // In the app the session's change is read where the sessions are listed: the mentorship's page.
        await keepNotification(reader.id, 'session', message, site, { link: `/mentorships/${item.mentorshipId}` });
        if (!reader.email) return;
        const invite = invitation(reader, other);
        await sendMail({ to: reader.email, ...message, ...(invite ? { attachments: [invitationAttachment(invite)] } : {}) });
      }),
    );
  });

/** Sets (or moves: same names) the 24 h and 1 h reminders of a booked session; a lead that has passed is skipped. */
export const setReminders = async (item: SessionItem, now: Date) =>
  Promise.all(
    (Object.entries(SESSION_REMINDER_OFFSETS) as [SessionReminder, number][]).map(([reminder, minutes]) =>
      safely(`setting the ${reminder} reminder`, async () => {
        const name = reminderScheduleName(item.id, reminder);
        const at = new Date(Date.parse(item.startsAt) - minutes * MINUTE);
        if (at.getTime() <= now.getTime()) await cancelSchedule(name);
        else await scheduleOnce('session-reminder', name, at, { sessionId: item.id, reminder, sequence: item.sequence });
      }),
    ),
  );

export const deleteReminders = async (sessionId: string) =>
  Promise.all((Object.keys(SESSION_REMINDER_OFFSETS) as SessionReminder[]).map((reminder) => safely(`deleting the ${reminder} reminder`, () => cancelSchedule(reminderScheduleName(sessionId, reminder)))));

// ————— the changes —————

export const book = async (mentorshipId: string, memberId: string, booking: SessionBooking, now = new Date()): Promise<Session> => {
  const record = await mentorshipOfMember(mentorshipId, memberId);
  requireActive(record);
  const { mentor, mentee } = await pairOf(record);
  const members = [availabilityOf(mentor), availabilityOf(mentee)];
  const at = now.toISOString();
  const base = {
    id: newSessionId(record.id, now),
    mentorshipId: record.id,
    mentorId: record.mentorId,
    menteeId: record.menteeId,
    planned: true,
    durationMinutes: booking.durationMinutes,
    agenda: booking.agenda,
    bookedBy: memberId,
    cancelledBy: null,
    cancelReason: null,
    sequence: 0,
    createdAt: at,
    updatedAt: at,
  };
  if ('startsAt' in booking) {
    const startsAt = new Date(booking.startsAt).toISOString();
    await checkStart(record, members, startsAt, booking.durationMinutes, now);
    const item: SessionItem = { ...base, state: 'scheduled', startsAt, proposedTimes: [] };
    await createSession(item, quarterHoursOf(new Date(startsAt), booking.durationMinutes)).catch(cancelledToHttp);
    await Promise.all([announce(item, 'booked', memberId), setReminders(item, now)]);
    return toSession(item);
  }
  const proposedTimes = booking.proposedTimes.map((time) => new Date(time).toISOString()).sort();
  for (const time of proposedTimes) await checkStart(record, members, time, booking.durationMinutes, now);
  const item: SessionItem = { ...base, state: 'proposed', startsAt: proposedTimes[0]!, proposedTimes };
  await createSession(item, []).catch(cancelledToHttp);
  await announce(item, 'proposed', memberId);
  return toSession(item);
};

export const confirm = async (sessionId: string, memberId: string, startsAtInput: string, now = new Date()): Promise<Session> => {
  const before = await sessionOfMember(sessionId, memberId);
  if (before.state !== 'proposed') throw conflict(before.state === 'scheduled' ? 'already_active' : 'ended', 'Only a proposed session can be confirmed.');
  if (before.bookedBy === memberId) throw new DomainError('forbidden', 'The other member picks one of the times you proposed.');
  const startsAt = new Date(startsAtInput).toISOString();
  if (!before.proposedTimes.includes(startsAt)) throw new DomainError('validation_failed', 'Pick one of the proposed times.');
  const record = await mentorshipOfMember(before.mentorshipId, memberId);
  requireActive(record);
  const { mentor, mentee } = await pairOf(record);
  await checkStart(record, [availabilityOf(mentor), availabilityOf(mentee)], startsAt, before.durationMinutes, now);
  const after = await changeBooking(
    before,
    { state: 'scheduled', startsAt, durationMinutes: before.durationMinutes, proposedTimes: [], cancelledBy: null, cancelReason: null, updatedAt: now.toISOString() },
    { oldQuarters: [], newQuarters: quarterHoursOf(new Date(startsAt), before.durationMinutes), requireActive: true },
  ).catch(cancelledToHttp);
  await Promise.all([announce(after, 'confirmed', memberId), setReminders(after, now)]);
  return toSession(after);
};

export const reschedule = async (
  sessionId: string,
  memberId: string,
  { startsAt: startsAtInput, durationMinutes, reason }: { startsAt: string; durationMinutes?: number; reason: string },
  now = new Date(),
): Promise<Session> => {
  const before = await sessionOfMember(sessionId, memberId);
  if (before.state !== 'scheduled') throw conflict(before.state === 'proposed' ? 'pending' : 'ended', 'Only a scheduled session can be moved.');
  if (Date.parse(before.startsAt) <= now.getTime()) throw conflict('ended', 'This session has already started.');
  const startsAt = new Date(startsAtInput).toISOString();
  const length = durationMinutes ?? before.durationMinutes;
  if (startsAt === before.startsAt && length === before.durationMinutes) throw new DomainError('validation_failed', 'Choose a different time.');
  const record = await mentorshipOfMember(before.mentorshipId, memberId);
  requireActive(record);
  const { mentor, mentee } = await pairOf(record);
  await checkStart(record, [availabilityOf(mentor), availabilityOf(mentee)], startsAt, length, now, before.id);
  const after = await changeBooking(
    before,
    { state: 'scheduled', startsAt, durationMinutes: length, proposedTimes: [], cancelledBy: null, cancelReason: null, updatedAt: now.toISOString(), rescheduleReason: reason },
    { oldQuarters: quarterHoursOf(new Date(before.startsAt), before.durationMinutes), newQuarters: quarterHoursOf(new Date(startsAt), length), requireActive: true },
  ).catch(cancelledToHttp);
  await Promise.all([announce(after, 'rescheduled', memberId, { reason, previousStartsAt: before.startsAt }), setReminders(after, now)]);
  return toSession(after);
};

/**
 * Calls off a scheduled or proposed session: its quarter hours freed, both members e-mailed (a booked one with
 * the calendar CANCEL), its reminders removed. The one way a session is cancelled, by a member or by the end of
 * its mentorship; `actorId` is who did it (null: the programme, e.g. a mentorship's end date).
 */
const callOff = async (before: SessionItem, actorId: string | null, reason: string, now: Date) => {
  const wasScheduled = before.state === 'scheduled';
  const after = await changeBooking(
    before,
    { state: 'cancelled', startsAt: before.startsAt, durationMinutes: before.durationMinutes, proposedTimes: before.proposedTimes, cancelledBy: actorId, cancelReason: reason, updatedAt: now.toISOString() },
    { oldQuarters: wasScheduled ? quarterHoursOf(new Date(before.startsAt), before.durationMinutes) : [], newQuarters: [], requireActive: false },
  );
  await Promise.all([announce(after, 'cancelled', actorId, { reason, ...(wasScheduled ? { previousStartsAt: before.startsAt } : {}) }), wasScheduled ? deleteReminders(after.id) : null]);
  return after;
};

/** Cancelling is allowed whatever the mentorship's state: it only frees time. */
export const cancel = async (sessionId: string, memberId: string, reason: string, now = new Date()): Promise<Session> => {
  const before = await sessionOfMember(sessionId, memberId);
  if (before.state !== 'scheduled' && before.state !== 'proposed') throw conflict('ended', 'Only a scheduled or proposed session can be cancelled.');
  if (before.state === 'scheduled' && Date.parse(before.startsAt) <= now.getTime()) throw conflict('ended', 'This session has already started.');
  return toSession(await callOff(before, memberId, reason, now).catch(cancelledToHttp));
};

/**
 * A mentorship ended or was suspended: every session of it still to come (booked and not yet started, or
 * proposed) is called off as a member's cancel would, with `reason`. One that changed meanwhile is left as it is.
 * Answers the ids it cancelled.
 */
export const cancelUpcomingSessions = async (mentorshipId: string, actorId: string | null, reason: string, now = new Date()) => {
  const upcoming = (await listMentorshipSessions(mentorshipId)).filter(
    (item) => item.state === 'proposed' || (item.state === 'scheduled' && Date.parse(item.startsAt) > now.getTime()),
  );
  const cancelled: string[] = [];
  for (const item of upcoming) {
    try {
      await callOff(item, actorId, reason, now);
      cancelled.push(item.id);
    } catch (error) {
      if (!(error instanceof BookingCancelled)) throw error;
    }
  }
  return cancelled;
};
