/**
 * Reads that more than one feature makes. One query each, so every feature that shows the member's own
 * profile or a mentorship shares one cache entry with the feature that owns it (features may not import
 * each other; .dependency-cruiser.cjs).
 */
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from './query';

/** The member's own profile (with `onboarded`, `isCoordinator`, `suspended` and the timezone). */
export const ownProfileQuery = () => apiQuery('GET /api/profile/me');

/** The member's own profile, shared by every page through the cache. */
export const useOwnProfile = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...ownProfileQuery(), enabled });

export const mentorshipQuery = (id: string) => apiQuery('GET /api/mentorships/{id}', { params: { id } });
export const myMentorshipsQuery = () => apiQuery('GET /api/mentorships');

/** A call's recordings and transcripts: shown on a session's page and in the call archive. */
export const callArtifactsQuery = (call: { type: string; id: string }) => apiQuery('GET /api/calls/{type}/{id}/artifacts', { params: { type: call.type, id: call.id } });
