/**
 * Group sessions: workshops and open circles, their places and waiting lists, and their Stream calls. The only
 * writer of the groupSessions table. The module's one public face: handlers and other modules import from here.
 */
export { recordGroupCallEvent } from './call-events';
export { stopGroupRecordingWithoutConsent } from './consent-guard';
export { getPublicWorkshop, setWorkshopPublic } from './public-workshops';
export { cancelGroupSession, consentToGroupRecording, getGroupSession, groupSessionParticipants, joinGroupSession, leave, listGroupSessions, rateGroupSession, scheduleGroupSession, signUp } from './service';
export { LISTING, LISTING_PAST } from './repository';
export { deleteGroupReminders, sendGroupReminder, setGroupReminders } from './reminders';
export { groupArchiveAccess } from './archive-access';
