import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiAnswer, ApiBody, ApiQuery } from '@mentoring/shared/routes';
import { api } from '../../lib/api-client';
import { apiQuery } from '../../lib/query';

export type GroupSession = ApiAnswer<'GET /api/group-sessions/{id}'>;
export type GroupPlace = GroupSession['place'];
export type GroupSessionInput = ApiBody<'POST /api/group-sessions'>;
export type GroupFilter = NonNullable<ApiQuery<'GET /api/group-sessions'>>;

export const groupSessionsQuery = (filter: GroupFilter = {}) => apiQuery('GET /api/group-sessions', { query: filter });
export const groupSessionQuery = (id: string) => apiQuery('GET /api/group-sessions/{id}', { params: { id } });
export const programmeQuery = () => apiQuery('GET /api/programme');

export const groupSessionPath = (id: string) => `/group-sessions/${id}`;

/** A change of places or state shows on the list, the session's page and Home. */
const useRefresh = () => {
  const client = useQueryClient();
  return (id?: string) => {
    void client.invalidateQueries({ queryKey: ['GET /api/group-sessions'] });
    if (id) void client.invalidateQueries({ queryKey: groupSessionQuery(id).queryKey });
  };
};

export const useSchedule = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: GroupSessionInput) => api('POST /api/group-sessions', { body }), onSuccess: () => refresh() });
};

export const usePlaceChange = (id: string) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (change: 'sign-up' | 'leave') => api(change === 'sign-up' ? 'POST /api/group-sessions/{id}/sign-up' : 'POST /api/group-sessions/{id}/leave', { params: { id } }),
    onSettled: () => refresh(id),
  });
};

export const useCancel = (id: string) => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (reason: string) => api('POST /api/group-sessions/{id}/cancel', { params: { id }, body: { reason } }), onSettled: () => refresh(id) });
};

export const useJoin = (id: string) => useMutation({ mutationFn: () => api('POST /api/group-sessions/{id}/join', { params: { id } }) });
