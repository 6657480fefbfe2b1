import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useOwnProfile } from '@/lib/shared-api';
import type { OwnProfile } from './lib/types';

/** Where a signed-in person belongs instead of the member's Home, if anywhere. */
export const landingFor = (own: Pick<OwnProfile, 'onboarded' | 'isCoordinator' | 'profile'> | undefined) => {
  if (!own) return null;
  // A coordinator runs the programme: without a member profile of their own, the programme is their home.
  if (own.isCoordinator && !own.profile) return '/coordinator';
  return own.onboarded ? null : '/onboarding';
};

/**
 * Sends a member who has not finished onboarding to /onboarding, and a coordinator who is no member to the
 * coordinator area. Called from the member's home, where everyone lands after signing in, so a half-onboarded
 * member is brought back until it is done and nobody lands on a page that is not theirs.
 */
export const useLandingRedirect = () => {
  const own = useOwnProfile();
  const navigate = useNavigate();
  const target = landingFor(own.data);
  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);
};
