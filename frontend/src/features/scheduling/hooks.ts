import { useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { myMentorshipsQuery, ownProfileQuery } from '@/lib/shared-api';
import {
  actionItemsQuery,
  sendActionItemChange,
  sendSessionChange,
  sessionQuery,
  sessionsQuery,
  type ActionItem,
  type ActionItemChange,
  type Session,
  type SessionChange,
  type SessionDetail,
} from './api';
import { browserZone } from './time';

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
  const mentorships = useQuery(myMentorshipsQuery());
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

/** Books, proposes, confirms, reschedules or cancels; a refusal (a slot just taken) refreshes the slots too. */
export const useSessionChange = (mentorshipId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: SessionChange) => sendSessionChange(mentorshipId, change),
    onSuccess: (session) => refreshSessions(client, mentorshipId, session),
    onError: () => refreshSessions(client, mentorshipId),
  });
};

export const useActionItemChange = (mentorshipId: string) => {
  const client = useQueryClient();
  const key = actionItemsQuery(mentorshipId).queryKey;
  return useMutation({
    mutationFn: (change: ActionItemChange) => sendActionItemChange(mentorshipId, change),
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
