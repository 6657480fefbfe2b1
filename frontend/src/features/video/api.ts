import { api } from '../../lib/api-client';
import { apiQuery } from '../../lib/query';

/** A signed, expiring invitation for a guest to join this one call. */
export const createGuestInvitation = (call: { type: string; id: string }) => api('POST /api/calls/{type}/{id}/guest-invitations', { params: call });

export const recordingConsentQuery = (sessionId: string) => apiQuery('GET /api/sessions/{id}/recording-consent', { params: { id: sessionId } });
export const giveRecordingConsent = (sessionId: string) => api('POST /api/sessions/{id}/recording-consent', { params: { id: sessionId } });
