/**
 * The mentorship aggregate: its record and repository, the mentee's counters, who may act on it, its surveys, the pair's Stream channel and its views. Its life cycle (request, accept, end…) is functions/src/lifecycle, a module above this one, sessions and safeguarding.
 * The module's one public face: handlers and other modules import from here, never its files.
 */
export { mentorshipForMember, sessionForMember } from './access';
export { PROGRAMME_USER, syncChannel } from './channel';
export { FINAL_STATES, TransitionCancelled, changeItems, commit, counterDelta, countersItem, creationItems, declinedItem, declinedItemRead, declinedMentorIdsOf, getCounters, getMentorship, listBy, listEvents, matchedMentees, metaKey, recordHeldSession, sideOf } from './repository';
export type { Change, Labelled, MentorshipRecord, Side } from './repository';
export { answerSurvey } from './surveys';
export { detailOf, summariesOf, viewerRoleOf } from './views';
