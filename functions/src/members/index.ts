/**
 * Members: the one MemberItem and its listing rule, the members table (its only writer: other modules ask for the
 * items they put in their transactions), profile rules, who sees whom, and the views built from the stored item.
 * The module's one public face: handlers and other modules import from here, never its files.
 */
export { LISTED, isListed, openPlaces } from './item';
export { canReceiveRequests, EXPIRIES_BEFORE_PAUSE, expiryCountItem, getParties, getParty, pauseAfterExpiries, placeUpdate, receivesRequestsCheck, resetExpiryStreakItem, toParty } from './places-repository';
export type { Party } from './places-repository';
export type { MemberItem, StoredMemberItem } from './item';
export { getMemberItem, setMemberPhoto } from './photo-repository';
export { checkProfileAgainstProgramme } from './profile-rules';
export { StaleMemberError, decideApplication, deleteMember, getMember, listByApprovalState, memberItemRead, listDirectory, saveProfile, searchApproved, setSuspended, submitProfile, touchLastActive } from './repository';
export type { ProfileFields } from './repository';
export { photoUrl, toApplication, toMemberView, toMentorView, toOwnProfile } from './views';
export { canSeeMember, canSeeMentor, isCoordinator } from './visibility';
