import { useQueries, useQuery } from '@tanstack/react-query';
import { mentorshipQuery, myMentorshipsQuery, ownProfileQuery } from '@/lib/shared-api';
import { actionItemsQuery, upcomingQuery, type HomeData } from './api';

/**
 * Home's data: the member's profile, mentorships and upcoming sessions, then, for each mentorship they are in
 * that is active (or just completed), its detail (the surveys due) and its action items. A coordinator who is
 * no member, or a member still onboarding, needs only their profile.
 */
export const useHomeData = () => {
  const own = useQuery(ownProfileQuery());
  const member = Boolean(own.data?.profile && own.data.onboarded);
  const mentorships = useQuery({ ...myMentorshipsQuery(), enabled: member });
  const upcoming = useQuery({ ...upcomingQuery(), enabled: member });
  const mine = (mentorships.data?.mentorships ?? []).filter((m) => m.viewerRole !== 'coordinator');
  const active = mine.filter((m) => m.state === 'ACTIVE');
  const surveyed = mine.filter((m) => m.state === 'ACTIVE' || m.state === 'COMPLETED');
  const details = useQueries({ queries: surveyed.map((m) => mentorshipQuery(m.id)) });
  const items = useQueries({ queries: active.map((m) => actionItemsQuery(m.id)) });

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
