import { copy } from './copy';
import { useOwnProfile } from '@/lib/shared-api';

/** The mentoring entries of the member's navigation; `coordinatorOnly` ones show to coordinators alone. */
export const mentoringNavEntries = [
  { label: copy.nav.mentors, to: '/mentors' },
  { label: copy.nav.profile, to: '/profile' },
  { label: copy.nav.coordinator, to: '/coordinator', coordinatorOnly: true },
] as const;

/** A navigation's entries without those its member may not open (coordinator pages for non-coordinators). */
export const useVisibleNavEntries = <T extends { label: string; to: string; coordinatorOnly?: boolean }>(entries: readonly T[]) => {
  const own = useOwnProfile();
  return entries.filter((entry) => !entry.coordinatorOnly || own.data?.isCoordinator === true);
};
