import { useQueries, useQuery } from '@tanstack/react-query';
import type { ApiAnswer } from '@mentoring/shared/routes';
import { apiQuery } from '../../lib/query';

export type OwnProfile = ApiAnswer<'GET /api/profile/me'>;
export type Mentorship = ApiAnswer<'GET /api/mentorships'>['mentorships'][number];
export type MentorshipDetail = ApiAnswer<'GET /api/mentorships/{id}'>;
export type UpcomingSession = ApiAnswer<'GET /api/sessions/upcoming'>['sessions'][number];
export type ActionItem = ApiAnswer<'GET /api/mentorships/{id}/action-items'>['items'][number];

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

/**
 * Home's data: the member's profile, mentorships and upcoming sessions, then, for each mentorship they are in
 * that is active (or just completed), its detail (the surveys due) and its action items. A coordinator who is
 * no member, or a member still onboarding, needs only their profile.
 */
export const useHomeData = () => {
  const own = useQuery(apiQuery('GET /api/profile/me'));
  const member = Boolean(own.data?.profile && own.data.onboarded);
  const mentorships = useQuery({ ...apiQuery('GET /api/mentorships'), enabled: member });
  const upcoming = useQuery({ ...apiQuery('GET /api/sessions/upcoming'), enabled: member });
  const mine = (mentorships.data?.mentorships ?? []).filter((m) => m.viewerRole !== 'coordinator');
  const active = mine.filter((m) => m.state === 'ACTIVE');
  const surveyed = mine.filter((m) => m.state === 'ACTIVE' || m.state === 'COMPLETED');
  const details = useQueries({ queries: surveyed.map((m) => apiQuery('GET /api/mentorships/{id}', { params: { id: m.id } })) });
  const items = useQueries({ queries: active.map((m) => apiQuery('GET /api/mentorships/{id}/action-items', { params: { id: m.id } })) });

  const parts = [own, ...(member ? [mentorships, upcoming] : []), ...details, ...items];
  const error = parts.find((part) => part.isError)?.error ?? null;
  const isPending = parts.some((part) => part.isPending);
  const me = own.data?.profile?.id;
  const data: HomeData | null =
    own.data && !isPending && !error
      ? {
          own: own.data,
          mentorships: mine,
          upcoming: upcoming.data?.sessions ?? [],
          actionItems: items.flatMap((list) => list.data?.items ?? []).filter((item) => !item.done && item.ownerId === me),
          surveysDue: surveyed.flatMap((mentorship, index) => (details[index]?.data?.surveysDue ?? []).map((survey) => ({ mentorship, survey }))),
        }
      : null;
  return {
    data,
    error,
    retry: () => {
      for (const part of parts) if (part.isError) void part.refetch();
    },
  };
};
