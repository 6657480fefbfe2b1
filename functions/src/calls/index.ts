/**
 * Stream calls: who is in a call, who missed a ring, the call record built from its webhooks, recording consent, the call archive, guest invitations and webhook deliveries.
 * The module's one public face: handlers and other modules import from here, never its files.
 */
export { archiveArtifact } from './archive';
export { keepRecordingOff, stopWithoutConsent } from './consent-guard';
export { consentStateOf, giveConsent } from './consent';
export { claimDelivery, releaseDelivery } from './deliveries-repository';
export { createGuestInvitation, verifyGuestInvitation } from './guest-invitation';
export { callBackPath, missedCallText, notifyMissedCall } from './missed-call';
export { recordCallEvent } from './record-event';
export { canSeeArchive, listArtifacts, listCallsOf, listMemberIds, recordCall, recordCallEnded, recordHistory, setFeatureFlag, setMembership } from './repository';
export type { ArtifactRecord } from './repository';
export { retentionStatement } from './retention';
