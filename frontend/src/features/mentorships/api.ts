import type { QueryClient } from '@tanstack/react-query';
import type { DeclineReason, EndReason, MentorshipAction, MentorshipState } from '@mentoring/shared/mentorship';
import type { ApiAnswer, ApiBody } from '@mentoring/shared/routes';
import { api } from '@/lib/api-client';
import { apiQuery } from '@/lib/query';
import { mentorshipQuery } from '@/lib/shared-api';
import { toSummary, type MentorshipDetail } from './model';

export const activeMentorshipsQuery = () => apiQuery('GET /api/mentorships', { query: { states: 'ACTIVE' } });
export const coordinatorMentorshipsQuery = (state: MentorshipState, q = '') =>
  apiQuery('GET /api/coordinator/mentorships', { query: { state, ...(q.trim() ? { q: q.trim() } : {}) } });

/** Read again whenever the page opens: a call either member made elsewhere since belongs in it. */
export const mentorshipCallsQuery = (id: string) => ({ ...apiQuery('GET /api/mentorships/{id}/calls', { params: { id } }), staleTime: 0 });

export const requestMentorship = (body: ApiBody<'POST /api/mentorships'>) => api('POST /api/mentorships', { body });

/** A coordinator's search for the two sides of a pair they propose. */
export const mentorCandidatesQuery = (q: string) => apiQuery('GET /api/mentors', { query: { q: q || undefined, limit: 10 } });
export const menteeCandidatesQuery = (q: string) => apiQuery('GET /api/coordinator/members', { query: { role: 'mentee', q: q || undefined, limit: 10 } });
export const proposePair = (body: ApiBody<'POST /api/coordinator/mentorships'>) => api('POST /api/coordinator/mentorships', { body });

type ListAnswer = ApiAnswer<'GET /api/mentorships'>;

/**
 * Puts an action's answer into the cache at once (the detail page and every list that holds the row),
 * then refetches the lists in the background: one action can change other rows (an accept closes the
 * mentee's other requests), and a coordinator's list by state loses a row that changed state.
 */
export const applyDetail = (client: QueryClient, detail: MentorshipDetail) => {
  client.setQueryData(mentorshipQuery(detail.id).queryKey, detail);
  const summary = toSummary(detail);
  for (const key of ['GET /api/mentorships', 'GET /api/coordinator/mentorships'] as const) {
    for (const [queryKey, data] of client.getQueriesData<ListAnswer>({ queryKey: [key] })) {
      if (!data) continue;
      const input = queryKey[1] as { query?: { state?: string; states?: string } } | undefined;
      const wanted = input?.query?.state ?? input?.query?.states;
      const keep = (state: string) => !wanted || wanted.split(',').includes(state);
      const mentorships = data.mentorships.some((row) => row.id === detail.id)
        ? data.mentorships.map((row) => (row.id === detail.id ? summary : row)).filter((row) => keep(row.state))
        : data.mentorships;
      client.setQueryData<ListAnswer>(queryKey, { ...data, mentorships });
    }
    void client.invalidateQueries({ queryKey: [key] });
  }
};

export type ActionInput =
  | { action: 'accept' | 'acceptProposal' | 'withdraw' | 'complete' | 'suspend' | 'resume'; id: string }
  | { action: 'decline'; id: string; reason: DeclineReason; message?: string }
  | { action: 'end'; id: string; reason: EndReason; message?: string };

/** Sends one action of the state machine; the answer is the mentorship's detail. */
export const sendAction = (input: ActionInput): Promise<MentorshipDetail> => {
  const params = { id: input.id };
  const message = 'message' in input && input.message?.trim() ? input.message.trim() : undefined;
  switch (input.action) {
    case 'accept':
    case 'acceptProposal':
      return api('POST /api/mentorships/{id}/accept', { params });
    case 'withdraw':
      return api('POST /api/mentorships/{id}/withdraw', { params });
    case 'complete':
      return api('POST /api/mentorships/{id}/complete', { params });
    case 'decline':
      return api('POST /api/mentorships/{id}/decline', { params, body: { reason: input.reason, message } });
    case 'end':
      return api('POST /api/mentorships/{id}/end', { params, body: { reason: input.reason, message } });
    case 'suspend':
      return api('POST /api/coordinator/mentorships/{id}/suspend', { params });
    case 'resume':
      return api('POST /api/coordinator/mentorships/{id}/resume', { params });
  }
};

/** The actions a member takes with a button of their own on a row or the page (others need a dialog). */
export const DIRECT_ACTIONS: readonly MentorshipAction[] = ['accept', 'acceptProposal', 'suspend', 'resume'];
