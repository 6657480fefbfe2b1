import { useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiAnswer, ApiBody } from '@mentoring/shared/routes';
import { api } from '../../lib/api-client';
import { apiQuery } from '../../lib/query';
import { ownProfileQuery } from '../../lib/shared-api';
import { browserZone } from './time';

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

/** The viewer's zone: their profile's, or the browser's until the profile is known (or when it has none). */
export const useViewerZone = () => {
  const own = useQuery(ownProfileQuery());
  return own.data?.profile?.timezone ?? browserZone();
};

/** Mentorships that can have sessions: once active, their sessions stay readable after the end. */
const HAS_SESSIONS = new Set(['ACTIVE', 'SUSPENDED', 'COMPLETED', 'ENDED']);

/**
 * Every session of the member's mentorships (GET /api/mentorships, then each one's sessions), with the other
 * member's name beside each: the /sessions page. There is no route across mentorships for past sessions
 * (GET /api/sessions/upcoming has only the coming ones), so each mentorship's list is asked for.
 */
export const useMemberSessions = () => {
  const mentorships = useQuery(apiQuery('GET /api/mentorships'));
  const own = (mentorships.data?.mentorships ?? []).filter((m) => m.viewerRole !== 'coordinator' && HAS_SESSIONS.has(m.state));
  const lists = useQueries({ queries: own.map((m) => sessionsQuery(m.id)) });
  const partnerOf = new Map(own.map((m) => [m.id, m.viewerRole === 'mentee' ? m.mentor.displayName : m.mentee.displayName]));
  const failed = mentorships.error ?? lists.find((list) => list.isError)?.error ?? null;
  return {
    isPending: mentorships.isPending || lists.some((list) => list.isPending),
    error: failed,
    retry: () => {
      void mentorships.refetch();
      for (const list of lists) if (list.isError) void list.refetch();
    },
    sessions: lists.flatMap((list) => list.data?.sessions ?? []),
    partner: (mentorshipId: string) => partnerOf.get(mentorshipId) ?? '',
  };
};

/** A change to one session shows on every list that may hold it, and the slots it freed or took. */
const refreshSessions = (client: QueryClient, mentorshipId: string, session?: Session) => {
  if (session) {
    const detail = client.getQueryData<SessionDetail>(sessionQuery(session.id).queryKey);
    if (detail) client.setQueryData<SessionDetail>(sessionQuery(session.id).queryKey, { ...detail, ...session });
  }
  void client.invalidateQueries({ queryKey: sessionsQuery(mentorshipId).queryKey });
  void client.invalidateQueries({ queryKey: ['GET /api/sessions/upcoming'] });
  void client.invalidateQueries({ queryKey: ['GET /api/mentorships/{id}/slots'] });
  if (session) void client.invalidateQueries({ queryKey: sessionQuery(session.id).queryKey });
};

export type SessionChange =
  | { kind: 'book'; booking: Booking }
  | { kind: 'confirm'; sessionId: string; startsAt: string }
  | { kind: 'reschedule'; sessionId: string; startsAt: string; durationMinutes?: Booking['durationMinutes']; reason: string }
  | { kind: 'cancel'; sessionId: string; reason: string };

const sendChange = (mentorshipId: string, change: SessionChange): Promise<Session> => {
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

/** Books, proposes, confirms, reschedules or cancels; a refusal (a slot just taken) refreshes the slots too. */
export const useSessionChange = (mentorshipId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: SessionChange) => sendChange(mentorshipId, change),
    onSuccess: (session) => refreshSessions(client, mentorshipId, session),
    onError: () => refreshSessions(client, mentorshipId),
  });
};

export const saveNotes = (sessionId: string, body: { text: string; version: number }) => api('PUT /api/sessions/{id}/notes', { params: { id: sessionId }, body });

export type ActionItemChange =
  | { kind: 'create'; body: ApiBody<'POST /api/mentorships/{id}/action-items'> }
  | { kind: 'update'; item: ActionItem; body: Omit<ApiBody<'PATCH /api/mentorships/{id}/action-items/{itemId}'>, 'version'> }
  | { kind: 'delete'; item: ActionItem };

export const useActionItemChange = (mentorshipId: string) => {
  const client = useQueryClient();
  const key = actionItemsQuery(mentorshipId).queryKey;
  return useMutation({
    mutationFn: async (change: ActionItemChange): Promise<unknown> => {
      const params = { id: mentorshipId };
      if (change.kind === 'create') return api('POST /api/mentorships/{id}/action-items', { params, body: change.body });
      const itemParams = { ...params, itemId: change.item.id };
      if (change.kind === 'update') return api('PATCH /api/mentorships/{id}/action-items/{itemId}', { params: itemParams, body: { ...change.body, version: change.item.version } });
      return api('DELETE /api/mentorships/{id}/action-items/{itemId}', { params: itemParams, query: { version: change.item.version } });
    },
    // A tick shows at once; the server's answer (or its refusal) settles it when the list is fetched again.
    onMutate: async (change) => {
      if (change.kind !== 'update') return;
      await client.cancelQueries({ queryKey: key });
      client.setQueryData<{ items: ActionItem[] }>(key, (data) =>
        data ? { items: data.items.map((item) => (item.id === change.item.id ? { ...item, ...change.body } : item)) } : data,
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
};
