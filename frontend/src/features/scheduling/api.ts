import type { ApiAnswer, ApiBody } from '@mentoring/shared/routes';
import { api } from '@/lib/api-client';
import { apiQuery } from '@/lib/query';

export type Session = ApiAnswer<'GET /api/mentorships/{id}/sessions'>['sessions'][number];
export type SessionDetail = ApiAnswer<'GET /api/sessions/{id}'>;
export type Notes = SessionDetail['notes'];
export type ActionItem = ApiAnswer<'GET /api/mentorships/{id}/action-items'>['items'][number];
export type Slot = ApiAnswer<'GET /api/mentorships/{id}/slots'>['slots'][number];
export type Booking = ApiBody<'POST /api/mentorships/{id}/sessions'>;

/** How far ahead the booking form looks for common slots. */
export const SLOT_DAYS = 14;

export const sessionsQuery = (mentorshipId: string) => apiQuery('GET /api/mentorships/{id}/sessions', { params: { id: mentorshipId } });
export const slotsQuery = (mentorshipId: string, durationMinutes: number) =>
  apiQuery('GET /api/mentorships/{id}/slots', { params: { id: mentorshipId }, query: { days: SLOT_DAYS, durationMinutes } });
export const upcomingQuery = () => apiQuery('GET /api/sessions/upcoming');
export const sessionQuery = (id: string) => apiQuery('GET /api/sessions/{id}', { params: { id } });
export const actionItemsQuery = (mentorshipId: string) => apiQuery('GET /api/mentorships/{id}/action-items', { params: { id: mentorshipId } });

export type SessionChange =
  | { kind: 'book'; booking: Booking }
  | { kind: 'confirm'; sessionId: string; startsAt: string }
  | { kind: 'reschedule'; sessionId: string; startsAt: string; durationMinutes?: Booking['durationMinutes']; reason: string }
  | { kind: 'cancel'; sessionId: string; reason: string };

/** Sends one change of a session; the answer is the session as stored. */
export const sendSessionChange = (mentorshipId: string, change: SessionChange): Promise<Session> => {
  switch (change.kind) {
    case 'book':
      return api('POST /api/mentorships/{id}/sessions', { params: { id: mentorshipId }, body: change.booking });
    case 'confirm':
      return api('POST /api/sessions/{id}/confirm', { params: { id: change.sessionId }, body: { startsAt: change.startsAt } });
    case 'reschedule':
      return api('POST /api/sessions/{id}/reschedule', {
        params: { id: change.sessionId },
        body: { startsAt: change.startsAt, reason: change.reason, ...(change.durationMinutes ? { durationMinutes: change.durationMinutes } : {}) },
      });
    case 'cancel':
      return api('POST /api/sessions/{id}/cancel', { params: { id: change.sessionId }, body: { reason: change.reason } });
  }
};

export const saveNotes = (sessionId: string, body: { text: string; version: number }) => api('PUT /api/sessions/{id}/notes', { params: { id: sessionId }, body });

export type ActionItemChange =
  | { kind: 'create'; body: ApiBody<'POST /api/mentorships/{id}/action-items'> }
  | { kind: 'update'; item: ActionItem; body: Omit<ApiBody<'PATCH /api/mentorships/{id}/action-items/{itemId}'>, 'version'> }
  | { kind: 'delete'; item: ActionItem };

/** Creates, updates or deletes one action item (an update or delete names the version it read). */
export const sendActionItemChange = async (mentorshipId: string, change: ActionItemChange): Promise<unknown> => {
  const params = { id: mentorshipId };
  if (change.kind === 'create') return api('POST /api/mentorships/{id}/action-items', { params, body: change.body });
  const itemParams = { ...params, itemId: change.item.id };
  if (change.kind === 'update') return api('PATCH /api/mentorships/{id}/action-items/{itemId}', { params: itemParams, body: { ...change.body, version: change.item.version } });
  return api('DELETE /api/mentorships/{id}/action-items/{itemId}', { params: itemParams, query: { version: change.item.version } });
};
