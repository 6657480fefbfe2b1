/**
 * A group session's reminders, 24 h and 1 h before: one schedule each per session (kind `session-reminder`, the
 * pairs' kind, with `groupSessionId`), set when it is scheduled and deleted when it is cancelled. Who is reminded is
 * read when it fires: those on stage and every member with a place then, so a member who left meanwhile gets
 * nothing, one who moved up from the waiting list is reminded, and a session cancelled since sends nothing (its
 * claim fails). One schedule per session rather than per member: a workshop of hundreds sets two, and leaving or
 * moving up touches none.
 */
import { SESSION_REMINDER_OFFSETS, type GroupReminderPayload, type SessionReminder } from '@mentoring/shared';
import { groupSessionMails, type StagePart } from '../lib/mail/templates/group-sessions';
import { afterWrite } from '../lib/notify';
import { logger } from '../lib/powertools';
import { cancelSchedule, scheduleOnce } from '../lib/schedules';
import { sendToMembers } from './mail';
import { claimReminder, getWithSeats, type GroupSessionItem, type SeatItem } from './repository';

const MINUTE = 60_000;

export const groupReminderName = (id: string, reminder: SessionReminder) => `grp-${reminder}-${id}`;

const reminders = () => Object.entries(SESSION_REMINDER_OFFSETS) as [SessionReminder, number][];

/** Sets both reminders of a newly scheduled session; a lead that has already passed is skipped. */
export const setGroupReminders = (session: GroupSessionItem, now: Date) =>
  Promise.all(
    reminders().map(([reminder, minutes]) =>
      afterWrite(`setting the group session's ${reminder} reminder`, async () => {
        const at = new Date(Date.parse(session.startsAt) - minutes * MINUTE);
        if (at.getTime() > now.getTime()) await scheduleOnce('session-reminder', groupReminderName(session.id, reminder), at, { groupSessionId: session.id, reminder });
      }),
    ),
  );

export const deleteGroupReminders = (id: string) =>
  Promise.all(reminders().map(([reminder]) => afterWrite(`deleting the group session's ${reminder} reminder`, () => cancelSchedule(groupReminderName(id, reminder)))));

/** Who is on stage, by member. */
export const stagePartsOf = (session: Pick<GroupSessionItem, 'hostId' | 'coHostIds' | 'speakerIds'>) =>
  new Map<string, StagePart>([...session.speakerIds.map((id) => [id, 'speaker'] as const), ...session.coHostIds.map((id) => [id, 'co_host'] as const), [session.hostId, 'host']]);

/** Those with a place: not waiting, and not removed from the call by the host. */
export const placedMemberIds = (seats: readonly SeatItem[]) => seats.filter((seat) => seat.status === 'in' && !seat.removedAt).map((seat) => seat.memberId);

export const sendGroupReminder = async ({ groupSessionId, reminder }: GroupReminderPayload, now = new Date()): Promise<boolean> => {
  const found = await getWithSeats(groupSessionId);
  if (found?.session.state !== 'scheduled') {
    logger.info('Group session reminder skipped: the session is cancelled, over or gone', { groupSessionId, reminder, state: found?.session.state });
    return false;
  }
  // Claimed before sending: a failed send is not repeated (at most one reminder each), and is thrown so it is seen in the dead letters.
  if (!(await claimReminder(groupSessionId, reminder, now.toISOString()))) return false;
  const { session, seats } = found;
  const stage = stagePartsOf(session);
  const readers = [...new Set([...stage.keys(), ...placedMemberIds(seats)])];
  await sendToMembers(readers, session, { kind: 'reminder', letter: (facts, memberId) => groupSessionMails.reminder(facts, reminder, stage.get(memberId) ?? null) });
  return true;
};
