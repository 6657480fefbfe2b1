import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useOwnProfile } from './lib/hooks';

/**
 * Sends a member who has not finished onboarding to /onboarding. Called from the member's home, where
 * everyone lands after signing in, so a half-onboarded member is brought back until it is done.
 */
export const useOnboardingRedirect = () => {
  const own = useOwnProfile();
  const navigate = useNavigate();
  const needsOnboarding = own.data !== undefined && !own.data.onboarded;
  useEffect(() => {
    if (needsOnboarding) navigate('/onboarding', { replace: true });
  }, [needsOnboarding, navigate]);
};
