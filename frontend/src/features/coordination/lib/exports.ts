import type { ApiQuery } from '@mentoring/shared/routes';
import { api } from '../../../lib/api-client';
import { feedbackColumns, memberColumns, mentorshipColumns, type MemberRow } from './columns';
import { datedName } from './download';

/** Every approved member the search finds (all pages of it), for the members CSV. */
export const exportAllMembers = async (query: Omit<NonNullable<ApiQuery<'GET /api/coordinator/members'>>, 'cursor' | 'limit'>) => {
  const rows: MemberRow[] = [];
  let cursor: string | undefined;
  do {
    const page = await api('GET /api/coordinator/members', { query: { ...query, limit: 50, ...(cursor ? { cursor } : {}) } });
    rows.push(...page.members);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { filename: datedName('members'), columns: memberColumns, rows };
};

/** Every mentorship of the programme, or those of one state (and name search) as the coordinator's list shows them. */
export const exportAllMentorships = async (query: NonNullable<ApiQuery<'GET /api/coordinator/mentorships'>> = {}) => {
  const { mentorships } = await api('GET /api/coordinator/mentorships', { query });
  const name = query.state ? `mentorships-${query.state.toLowerCase()}` : 'mentorships';
  return { filename: datedName(name), columns: mentorshipColumns, rows: mentorships };
};

export const exportAllFeedback = async (query: NonNullable<ApiQuery<'GET /api/coordinator/feedback'>>) => {
  const { feedback } = await api('GET /api/coordinator/feedback', { query });
  return { filename: datedName('feedback'), columns: feedbackColumns, rows: feedback };
};
