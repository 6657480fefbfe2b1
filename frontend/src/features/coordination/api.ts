import type { ApiQuery } from '@mentoring/shared/routes';
import { api } from '../../lib/api-client';
import { apiQuery } from '../../lib/query';

export type MembersQuery = Omit<NonNullable<ApiQuery<'GET /api/coordinator/members'>>, 'cursor' | 'limit'>;
export type FeedbackQuery = NonNullable<ApiQuery<'GET /api/coordinator/feedback'>>;
export type MentorshipsQuery = NonNullable<ApiQuery<'GET /api/coordinator/mentorships'>>;

/** How many members a page of the list (and of the CSV's gathering) holds. */
const MEMBERS_PAGE_SIZE = 50;

export const dashboardQuery = () => apiQuery('GET /api/coordinator/dashboard');

/** One page of approved members; the first page when there is no cursor yet. */
export const membersPage = (query: MembersQuery, cursor?: string) =>
  api('GET /api/coordinator/members', { query: { ...query, limit: MEMBERS_PAGE_SIZE, ...(cursor ? { cursor } : {}) } });

export const allMentorships = (query: MentorshipsQuery = {}) => api('GET /api/coordinator/mentorships', { query });

export const feedbackQuery = (query: FeedbackQuery) => apiQuery('GET /api/coordinator/feedback', { query });
export const allFeedback = (query: FeedbackQuery) => api('GET /api/coordinator/feedback', { query });
