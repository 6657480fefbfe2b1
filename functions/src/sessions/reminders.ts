/**
 * A session's reminder, 24 h or 1 h before (schedules set by ./service.ts). It claims the reminder on the session
 * first (conditional on the booking it was set for still being the current one, scheduled), so a reminder for a
 * session since moved or cancelled, of a mentorship no longer active, or a repeated run of the schedule, sends nothing.
 */
import type { PairReminderPayload } from '@mentoring/shared';
import { sendMail } from '../lib/mail/send';
import { sessionMails } from '../lib/mail/templates/sessions';
import { emailOf } from '../lib/cognito';
import { getMentorship } from '../mentorships';
import { claimReminder, getSessionItem, openActionItems } from './repository';
import { siteUrl } from '../lib/site-url';
import { keepNotification } from '../notifications';
import { availabilityOf, pairOf } from './service';
import { logger } from '../lib/powertools';

export const sendReminder = async ({ sessionId, reminder, sequence }: PairReminderPayload): Promise<boolean> => {
  const item = await getSessionItem(sessionId);
  if (!item || item.state !== 'scheduled' || item.sequence !== sequence) {
    logger.info('Session reminder skipped: the session changed or is gone', { sessionId, reminder });
    return false;
  }
  // A mentorship that ended (or was suspended) since the booking has no sessions to be reminded of.
  const mentorship = await getMentorship(item.mentorshipId);
  if (mentorship?.state !== 'ACTIVE') {
    logger.info('Session reminder skipped: the mentorship is not active', { sessionId, reminder, state: mentorship?.state });
    return false;
  }
  if (!(await claimReminder(sessionId, reminder, sequence))) return false;
  const [{ mentor, mentee }, actions, site, mentorEmail, menteeEmail] = await Promise.all([
    pairOf(item),
    openActionItems(item.mentorshipId),
    siteUrl(),
    emailOf(item.mentorId),
    emailOf(item.menteeId),
  ]);
  const names = new Map([
    [item.mentorId, mentor?.displayName ?? 'Your mentor'],
    [item.menteeId, mentee?.displayName ?? 'Your mentee'],
  ]);
  const actionItems = actions.map((action) => ({ text: action.text, owner: (action.ownerId && names.get(action.ownerId)) || 'either of you', dueOn: action.dueOn }));
  const readers = [
    { id: item.mentorId, email: mentorEmail, party: mentor, other: names.get(item.menteeId)! },
    { id: item.menteeId, email: menteeEmail, party: mentee, other: names.get(item.mentorId)! },
  ];
  // Claimed before sending: a failed send is not repeated (at most one reminder each), and is thrown so it is seen in the dead letters.
  await Promise.all(
    readers.map(async ({ id, email, party, other }) => {
      const message = sessionMails.reminder({
        sessionId: item.id,
        mentorshipId: item.mentorshipId,
        startsAt: item.startsAt,
        durationMinutes: item.durationMinutes,
        agenda: item.agenda,
        timezone: availabilityOf(party).timezone,
        otherName: other,
        reminder,
        actionItems,
      })(site);
      // Its first link is the call's, where the member goes next.
      await keepNotification(id, 'reminder', message, site);
      if (email) await sendMail({ to: email, ...message });
    }),
  );
  return true;
};
