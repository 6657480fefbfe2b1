import type { CsvColumn } from '@mentoring/shared/csv';
import type { ApiAnswer } from '@mentoring/shared/routes';

export type Dashboard = ApiAnswer<'GET /api/coordinator/dashboard'>;
export type AttentionRow = Dashboard['attention'][number];
export type MemberRow = ApiAnswer<'GET /api/coordinator/members'>['members'][number];
export type FeedbackRow = ApiAnswer<'GET /api/coordinator/feedback'>['feedback'][number];
export type MentorshipRow = ApiAnswer<'GET /api/coordinator/mentorships'>['mentorships'][number];
export type GroupSessionRow = Dashboard['groupSessions']['upcoming'][number];

/** Links in exports are absolute, so a spreadsheet can open them. */
const absolute = (path: string) => (typeof window === 'undefined' ? path : new URL(path, window.location.origin).href);

export const attentionColumns: CsvColumn<AttentionRow>[] = [
  { header: 'Kind', value: (row) => row.kind },
  { header: 'Urgency', value: (row) => row.level },
  { header: 'What', value: (row) => row.title },
  { header: 'Since', value: (row) => row.since },
  { header: 'Link', value: (row) => absolute(row.link) },
];

export const memberColumns: CsvColumn<MemberRow>[] = [
  { header: 'Id', value: (row) => row.id },
  { header: 'Name', value: (row) => row.displayName },
  { header: 'Role', value: (row) => row.role },
  { header: 'Headline', value: (row) => row.headline },
  { header: 'Approval', value: (row) => row.approvalState },
  { header: 'Matched', value: (row) => row.matched },
  { header: 'Languages', value: (row) => row.languages.join(' ') },
  { header: 'Time zone', value: (row) => row.timezone },
  { header: 'Topics', value: (row) => row.topics.join('; ') },
];

export const feedbackColumns: CsvColumn<FeedbackRow>[] = [
  { header: 'Id', value: (row) => row.id },
  { header: 'Sent', value: (row) => row.createdAt },
  { header: 'Type', value: (row) => row.feedbackType },
  { header: 'Rating', value: (row) => row.rating },
  { header: 'Answers', value: (row) => row.answers.join('\n') },
  { header: 'Page', value: (row) => row.source },
  { header: 'Mentorship', value: (row) => row.mentorshipId },
  { header: 'From', value: (row) => row.from?.displayName ?? '' },
];

export const mentorshipColumns: CsvColumn<MentorshipRow>[] = [
  { header: 'Id', value: (row) => row.id },
  { header: 'State', value: (row) => row.state },
  { header: 'Mentor', value: (row) => row.mentor.displayName },
  { header: 'Mentee', value: (row) => row.mentee.displayName },
  { header: 'Created', value: (row) => row.createdAt },
  { header: 'Updated', value: (row) => row.updatedAt },
  { header: 'Expires', value: (row) => row.expiresAt },
  { header: 'Ends', value: (row) => row.endsAt },
  { header: 'Link', value: (row) => absolute(`/mentorships/${row.id}`) },
];

/** Group sessions, those to come and those over, as the dashboard's snapshot has them. */
export const groupSessionColumns: CsvColumn<GroupSessionRow>[] = [
  { header: 'Title', value: (row) => row.title },
  { header: 'Kind', value: (row) => row.kind },
  { header: 'Host', value: (row) => row.hostName },
  { header: 'Start', value: (row) => row.startsAt },
  { header: 'State', value: (row) => row.state },
  { header: 'Capacity', value: (row) => row.capacity },
  { header: 'Signed up', value: (row) => row.taken },
  { header: 'Waiting', value: (row) => row.waiting },
  { header: 'Attended', value: (row) => row.attended },
  { header: 'Average minutes attended', value: (row) => (row.averageSeconds === null ? null : Math.round(row.averageSeconds / 60)) },
  { header: 'Mean rating', value: (row) => row.ratingAverage },
  { header: 'Ratings', value: (row) => row.ratingCount },
  { header: 'Link', value: (row) => absolute(`/group-sessions/${row.id}`) },
];
