import { allFeedback, allMentorships, membersPage, type FeedbackQuery, type MembersQuery } from '../api';
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

export const exportAllMentorships = async () => {
  const { mentorships } = await allMentorships();
  return { filename: datedName('mentorships'), columns: mentorshipColumns, rows: mentorships };
};

export const exportAllFeedback = async (query: FeedbackQuery) => {
  const { feedback } = await allFeedback(query);
  return { filename: datedName('feedback'), columns: feedbackColumns, rows: feedback };
};
