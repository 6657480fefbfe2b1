import type { ApiQuery } from '@mentoring/shared/routes';
import { api } from '@/lib/api-client';
import { apiQuery } from '@/lib/query';

export type MembersQuery = Omit<NonNullable<ApiQuery<'GET /api/coordinator/members'>>, 'cursor' | 'limit'>;
export type FeedbackQuery = NonNullable<ApiQuery<'GET /api/coordinator/feedback'>>;
export type MentorshipsQuery = NonNullable<ApiQuery<'GET /api/coordinator/mentorships'>>;

/** How many members a page of the list (and of the CSV's gathering) holds. */
const MEMBERS_PAGE_SIZE = 50;

/** How many attention rows a page of the dashboard holds on screen, and per request of the CSV's gathering (the server's most). */
const ATTENTION_PAGE_SIZE = 50;
const ATTENTION_EXPORT_PAGE_SIZE = 500;

export const DASHBOARD_KEY = ['GET /api/coordinator/dashboard'] as const;

/** One page of the dashboard's attention list (with all of its counts); the first page when there is no cursor. */
export const dashboardPage = (cursor?: string, limit = ATTENTION_PAGE_SIZE) =>
  api('GET /api/coordinator/dashboard', { query: { limit, ...(cursor ? { cursor } : {}) } });

/** Every row of the stored snapshot's attention list, for the CSV: page after page. */
export const allAttention = async () => {
  const first = await dashboardPage(undefined, ATTENTION_EXPORT_PAGE_SIZE);
  const rows = [...first.attention];
  for (let cursor = first.nextCursor; cursor; ) {
    const page = await dashboardPage(cursor, ATTENTION_EXPORT_PAGE_SIZE);
    rows.push(...page.attention);
    cursor = page.nextCursor;
  }
  return rows;
};

/** "Refresh now": the dashboard computed afresh, as its first page. */
export const refreshDashboard = () => api('POST /api/coordinator/dashboard/refresh', { query: { limit: ATTENTION_PAGE_SIZE } });

/** One page of approved members; the first page when there is no cursor yet. */
export const membersPage = (query: MembersQuery, cursor?: string) =>
  api('GET /api/coordinator/members', { query: { ...query, limit: MEMBERS_PAGE_SIZE, ...(cursor ? { cursor } : {}) } });

export const allMentorships = (query: MentorshipsQuery = {}) => api('GET /api/coordinator/mentorships', { query });

export const feedbackQuery = (query: FeedbackQuery) => apiQuery('GET /api/coordinator/feedback', { query });
export const allFeedback = (query: FeedbackQuery) => api('GET /api/coordinator/feedback', { query });
