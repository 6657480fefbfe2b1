/**
 * Reads that more than one feature makes. One query each, so every feature that shows the member's own
 * profile or a mentorship shares one cache entry with the feature that owns it (features may not import
 * each other; .dependency-cruiser.cjs).
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiQuery } from './query';

/** The member's own profile (with `onboarded`, `isCoordinator`, `suspended` and the timezone). */
export const ownProfileQuery = () => apiQuery('GET /api/profile/me');

/** The member's own profile, shared by every page through the cache. */
export const useOwnProfile = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...ownProfileQuery(), enabled });

export const mentorshipQuery = (id: string) => apiQuery('GET /api/mentorships/{id}', { params: { id } });
/** A group session: its page, and the live room of its call (the room's title and start). */
export const groupSessionQuery = (id: string) => apiQuery('GET /api/group-sessions/{id}', { params: { id } });
export const myMentorshipsQuery = () => apiQuery('GET /api/mentorships');

/** A call's recordings and transcripts: shown on a session's page and in the call archive. */
export const callArtifactsQuery = (call: { type: string; id: string }) => apiQuery('GET /api/calls/{type}/{id}/artifacts', { params: { type: call.type, id: call.id } });

/**
 * Every list that shows a member's calls (a mentorship's, the archive, a call's artifacts) reads again: a call
 * that just ended is in them at once, whichever page the member goes to next.
 */
export const refreshCallLists = (client: QueryClient) =>
  Promise.all(
    (['GET /api/mentorships/{id}/calls', 'GET /api/calls', 'GET /api/calls/{type}/{id}/artifacts'] as const).map((key) => client.invalidateQueries({ queryKey: [key] })),
  );
