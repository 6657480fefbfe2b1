/**
 * Booked mentoring sessions: booking, confirming, rescheduling and cancelling, their reminders and calendar invitations, notes and action items.
 * The module's one public face: handlers and other modules import from here, never its files.
 */
export { assertItemFields, assertItemsMayChange } from './action-item-rules';
export { createActionItem, deleteActionItem, getActionItem, listActionItems, updateActionItem } from './action-items-repository';
export { getNotes, putNotes } from './notes-repository';
export { sendReminder } from './reminders';
export { busyIntervals, getSessionWithNotes, listMemberSessionsFrom, listMentorshipSessions, toSession } from './repository';
export { availabilityOf, book, cancel, cancelUpcomingSessions, confirm, mentorshipOfMember, pairOf, reschedule } from './service';
