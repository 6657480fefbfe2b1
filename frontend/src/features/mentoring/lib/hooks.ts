import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { apiQuery } from '../../../lib/query';
import type { OwnProfile, ProfileInput } from './types';

export const ownProfileQuery = () => apiQuery('GET /api/profile/me');
export const programmeQuery = () => apiQuery('GET /api/programme');

/** The member's own profile (with `onboarded` and `isCoordinator`); shared by every page through the cache. */
export const useOwnProfile = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...ownProfileQuery(), enabled });

export const useProgramme = () => useQuery(programmeQuery());

/** Puts an answer of the profile routes into the cache, so every page shows the saved profile at once. */
export const useSetOwnProfile = () => {
  const client = useQueryClient();
  return (profile: OwnProfile) => client.setQueryData(ownProfileQuery().queryKey, profile);
};

export const useSaveProfile = () => {
  const setOwnProfile = useSetOwnProfile();
  return useMutation({ mutationFn: (body: ProfileInput) => api('PUT /api/profile/me', { body }), onSuccess: setOwnProfile });
};

export const useSubmitProfile = () => {
  const setOwnProfile = useSetOwnProfile();
  return useMutation({ mutationFn: () => api('POST /api/profile/me/submit'), onSuccess: setOwnProfile });
};
