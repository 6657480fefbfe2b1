import type { ApiAnswer } from '@mentoring/shared/routes';
import { apiQuery } from '@/lib/query';

export type OwnProfile = ApiAnswer<'GET /api/profile/me'>;
export type Mentorship = ApiAnswer<'GET /api/mentorships'>['mentorships'][number];
export type MentorshipDetail = ApiAnswer<'GET /api/mentorships/{id}'>;
export type UpcomingSession = ApiAnswer<'GET /api/sessions/upcoming'>['sessions'][number];
export type ActionItem = ApiAnswer<'GET /api/mentorships/{id}/action-items'>['items'][number];

export const upcomingQuery = () => apiQuery('GET /api/sessions/upcoming');
export const actionItemsQuery = (mentorshipId: string) => apiQuery('GET /api/mentorships/{id}/action-items', { params: { id: mentorshipId } });

/** What Home reads to say what the member must do next: the same queries (and cache) the other pages use. */
export interface HomeData {
  own: OwnProfile;
  mentorships: Mentorship[];
  upcoming: UpcomingSession[];
  /** The open action items the member owns, in their active mentorships. */
  actionItems: ActionItem[];
  /** The surveys due, by mentorship (active or just completed). */
  surveysDue: { mentorship: Mentorship; survey: MentorshipDetail['surveysDue'][number] }[];
}
