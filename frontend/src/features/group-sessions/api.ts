import type { ApiAnswer, ApiBody, ApiQuery } from '@mentoring/shared/routes';
import { api } from '@/lib/api-client';
import { apiQuery } from '@/lib/query';
import { groupSessionQuery } from '@/lib/shared-api';

export type GroupSession = ApiAnswer<'GET /api/group-sessions/{id}'>;
export type GroupPlace = GroupSession['place'];
export type GroupSessionInput = ApiBody<'POST /api/group-sessions'>;
export type GroupFilter = NonNullable<ApiQuery<'GET /api/group-sessions'>>;

export const groupSessionsQuery = (filter: GroupFilter = {}) => apiQuery('GET /api/group-sessions', { query: filter });
export { groupSessionQuery };
export const programmeQuery = () => apiQuery('GET /api/programme');

export const groupSessionPath = (id: string) => `/group-sessions/${id}`;

export const scheduleGroupSession = (body: GroupSessionInput) => api('POST /api/group-sessions', { body });
export const changePlace = (id: string, change: 'sign-up' | 'leave') =>
  api(change === 'sign-up' ? 'POST /api/group-sessions/{id}/sign-up' : 'POST /api/group-sessions/{id}/leave', { params: { id } });
export const cancelGroupSession = (id: string, reason: string) => api('POST /api/group-sessions/{id}/cancel', { params: { id }, body: { reason } });
export const setWorkshopPublic = (id: string, value: boolean) => api('PUT /api/group-sessions/{id}/public', { params: { id }, body: { public: value } });
export const joinGroupSession = (id: string) => api('POST /api/group-sessions/{id}/join', { params: { id } });
export const rateGroupSession = (id: string, body: { rating: number; comment: string }) => api('PUT /api/group-sessions/{id}/rating', { params: { id }, body });
