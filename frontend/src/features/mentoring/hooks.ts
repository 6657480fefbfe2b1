import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ownProfileQuery } from '@/lib/shared-api';
import { programmeQuery, saveProfile, submitProfile } from './api';
import type { OwnProfile } from './lib/types';

export const useProgramme = () => useQuery(programmeQuery());

/** Puts an answer of the profile routes into the cache, so every page shows the saved profile at once. */
export const useSetOwnProfile = () => {
  const client = useQueryClient();
  return (profile: OwnProfile) => client.setQueryData(ownProfileQuery().queryKey, profile);
};

export const useSaveProfile = () => {
  const setOwnProfile = useSetOwnProfile();
  return useMutation({ mutationFn: saveProfile, onSuccess: setOwnProfile });
};

export const useSubmitProfile = () => {
  const setOwnProfile = useSetOwnProfile();
  return useMutation({ mutationFn: submitProfile, onSuccess: setOwnProfile });
};
