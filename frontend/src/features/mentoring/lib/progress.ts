/**
 * Onboarding progress kept in this browser until the profile reaches the server (PUT /api/profile/me
 * takes only a whole, valid profile): the step, the role, the accepted code of conduct and the half-filled
 * form. Once the profile is saved the server's copy is the truth and this only remembers the step.
 */
import type { ProfileDraft } from './draft';
import type { Role } from './types';

export const ONBOARDING_STEPS = ['role', 'conduct', 'profile', 'photo', 'review'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number] | 'done';

export interface OnboardingProgress {
  step: OnboardingStep;
  role: Role | null;
  acceptedVersion: number | null;
  draft: ProfileDraft | null;
}

const keyOf = (userId: string) => `mentoring.onboarding.${userId}`;

export const loadProgress = (userId: string): OnboardingProgress | null => {
  try {
    const stored = localStorage.getItem(keyOf(userId));
    return stored ? (JSON.parse(stored) as OnboardingProgress) : null;
  } catch {
    return null;
  }
};

export const saveProgress = (userId: string, progress: OnboardingProgress) => {
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(progress));
  } catch {
    // Private browsing or a full store: onboarding still works, it just will not resume in this browser.
  }
};

export const clearProgress = (userId: string) => {
  try {
    localStorage.removeItem(keyOf(userId));
  } catch {
    // As above.
  }
};
