/**
 * Booked mentoring sessions: booking, confirming, rescheduling and cancelling, their reminders and calendar invitations, notes and action items,
 * and what their calls recorded (facts from the call's webhooks, attendance, recording consent). The only writer of the sessions table.
 * The module's one public face: handlers and other modules import from here, never its files.
 */
export { assertItemFields, assertItemsMayChange } from './action-item-rules';
export { addRecordingConsent, factKey, getRecordedSession, listFacts, recordSessionHeld, saveFact, saveRecord } from './call-record-repository';
export type { CallRecord, Fact, RecordedSession } from './call-record-repository';
export { createActionItem, deleteActionItem, getActionItem, listActionItems, updateActionItem } from './action-items-repository';
export { getNotes, putNotes } from './notes-repository';
export { sendReminder } from './reminders';
export { busyIntervals, getSessionWithNotes, listMemberSessionsFrom, listMentorshipSessions, sessionItemsOf, toSession } from './repository';
export { availabilityOf, senderOf, book, cancel, cancelUpcomingSessions, confirm, mentorshipOfMember, pairOf, reschedule } from './service';
export { invitationAttachment, type InvitationPerson } from './invitation';
