import { allFeedback, allMentorships, membersPage, type FeedbackQuery, type MembersQuery, type MentorshipsQuery } from '../api';
import { feedbackColumns, memberColumns, mentorshipColumns, type MemberRow } from './columns';
import { datedName } from './download';

/** Every approved member the search finds (all pages of it), for the members CSV. */
export const exportAllMembers = async (query: MembersQuery) => {
  const rows: MemberRow[] = [];
  let cursor: string | undefined;
  do {
    const page = await membersPage(query, cursor);
    rows.push(...page.members);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { filename: datedName('members'), columns: memberColumns, rows };
};

/** Every mentorship of the programme, or those of one state (and name search) as the coordinator's list shows them. */
export const exportAllMentorships = async (query: MentorshipsQuery = {}) => {
  const { mentorships } = await allMentorships(query);
  const name = query.state ? `mentorships-${query.state.toLowerCase()}` : 'mentorships';
  return { filename: datedName(name), columns: mentorshipColumns, rows: mentorships };
};

export const exportAllFeedback = async (query: FeedbackQuery) => {
  const { feedback } = await allFeedback(query);
  return { filename: datedName('feedback'), columns: feedbackColumns, rows: feedback };
};
