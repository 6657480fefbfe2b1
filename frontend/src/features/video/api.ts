import { api } from '@/lib/api-client';
import { apiQuery } from '@/lib/query';

/** A signed, expiring invitation for a guest to join this one call. */
export const createGuestInvitation = (call: { type: string; id: string }) => api('POST /api/calls/{type}/{id}/guest-invitations', { params: call });

export const recordingConsentQuery = (sessionId: string) => apiQuery('GET /api/sessions/{id}/recording-consent', { params: { id: sessionId } });
export const readRecordingConsent = (sessionId: string) => api('GET /api/sessions/{id}/recording-consent', { params: { id: sessionId } });
export const giveRecordingConsent = (sessionId: string) => api('POST /api/sessions/{id}/recording-consent', { params: { id: sessionId } });
/** A group session's view: the room's own read (lib/shared-api's groupSessionQuery), which carries its consents. */
export const readGroupSession = (groupSessionId: string) => api('GET /api/group-sessions/{id}', { params: { id: groupSessionId } });
/** Consent to a group session's recording; the answer is the session's view, with everyone's consents. */
export const giveGroupRecordingConsent = (groupSessionId: string) => api('POST /api/group-sessions/{id}/recording-consent', { params: { id: groupSessionId } });
