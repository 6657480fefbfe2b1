/** The profile form's state: every field as the form holds it, and the way to and from the API's shapes. */
import { copy } from '../copy';
import type { FieldErrors } from './errors';
import { browserCountry, browserLanguage } from './reference';
import { browserTimeZone, toMinutes } from './time';
import { DEFAULT_CAPACITY, PROFILE_LIMITS, type AvailabilityWindow, type Format, type OwnProfileData, type ProfileInput, type Role } from './types';

export interface ProfileDraft {
  role: Role;
  displayName: string;
  headline: string;
  bio: string;
  languages: string[];
  country: string;
  timezone: string;
  availability: AvailabilityWindow[];
  format: Format;
  topics: string[];
  goals: string;
  /** Numbers are kept as typed, so a half-typed value is not turned into 0 under the member's fingers. */
  yearsOfExperience: string;
  capacity: string;
  acceptingRequests: boolean;
  city: string;
}

export const newDraft = (role: Role, displayName = ''): ProfileDraft => ({
  role,
  displayName,
  headline: '',
  bio: '',
  languages: [browserLanguage()],
  country: browserCountry(),
  timezone: browserTimeZone(),
  availability: [],
  format: 'online',
  topics: [],
  goals: '',
  yearsOfExperience: '',
  capacity: String(DEFAULT_CAPACITY),
  acceptingRequests: true,
  city: '',
});

export const draftFromProfile = (profile: OwnProfileData): ProfileDraft => ({
  ...newDraft(profile.role),
  displayName: profile.displayName,
  headline: profile.headline,
  bio: profile.bio,
  languages: [...profile.languages],
  country: profile.country,
  timezone: profile.timezone,
  availability: profile.availability.map((window) => ({ ...window })),
  format: profile.format,
  topics: [...profile.topics],
  ...(profile.role === 'mentee'
    ? { goals: profile.goals }
    : {
        yearsOfExperience: String(profile.yearsOfExperience),
        capacity: String(profile.capacity),
        acceptingRequests: profile.acceptingRequests,
        city: profile.city ?? '',
      }),
});

/** The body of PUT /api/profile/me. */
export const toProfileInput = (draft: ProfileDraft, codeOfConductVersion: number): ProfileInput => {
  const shared = {
    displayName: draft.displayName.trim(),
    headline: draft.headline.trim(),
    bio: draft.bio.trim(),
    languages: draft.languages,
    country: draft.country,
    timezone: draft.timezone,
    availability: draft.availability,
    format: draft.format,
    topics: draft.topics,
    codeOfConductVersion,
  };
  if (draft.role === 'mentee') return { role: 'mentee', ...shared, goals: draft.goals.trim() };
  const city = draft.city.trim();
  return {
    role: 'mentor',
    ...shared,
    yearsOfExperience: Number(draft.yearsOfExperience),
    capacity: Number(draft.capacity),
    acceptingRequests: draft.acceptingRequests,
    ...(draft.format !== 'online' && city ? { city } : {}),
  };
};

const wholeNumber = (value: string, { min, max }: { min: number; max: number }) => /^\d+$/.test(value.trim()) && Number(value) >= min && Number(value) <= max;

/** What the form can tell before asking the server (which checks everything again, and more). */
export const validateDraft = (draft: ProfileDraft): FieldErrors => {
  const errors: FieldErrors = {};
  const messages = copy.validation;
  if (!draft.displayName.trim()) errors.displayName = messages.displayName;
  if (draft.languages.length === 0) errors.languages = messages.languages;
  if (!draft.country) errors.country = messages.country;
  if (!draft.timezone) errors.timezone = messages.timezone;
  draft.availability.forEach((window, index) => {
    if (toMinutes(window.end) <= toMinutes(window.start)) errors[`availability.${index}.end`] = messages.windowOrder;
  });
  if (draft.topics.length === 0) errors.topics = messages.topics;
  if (draft.role === 'mentor') {
    if (draft.topics.length > PROFILE_LIMITS.topics.max) errors.topics = messages.tooManyTopics(PROFILE_LIMITS.topics.max);
    if (!wholeNumber(draft.yearsOfExperience, PROFILE_LIMITS.yearsOfExperience)) errors.yearsOfExperience = messages.yearsOfExperience;
    if (!wholeNumber(draft.capacity, PROFILE_LIMITS.capacity)) errors.capacity = messages.capacity;
    if (draft.format !== 'online' && !draft.city.trim()) errors.city = messages.city;
  } else if (!draft.goals.trim()) {
    errors.goals = messages.goals;
  }
  return errors;
};

/** The fields the form shows; a server issue on any other path is shown above the form. */
const FORM_FIELDS = new Set(['displayName', 'headline', 'bio', 'languages', 'country', 'timezone', 'format', 'topics', 'goals', 'yearsOfExperience', 'capacity', 'acceptingRequests', 'city']);

/** Server issues on list items ("languages.1") belong to their list's field; availability keeps its rows. */
export const normaliseProfileErrors = (errors: FieldErrors) => {
  const fields: FieldErrors = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(errors)) {
    const [head] = path.split('.');
    if (head === 'availability') fields[path] = message;
    else if (head && FORM_FIELDS.has(head)) fields[head] ??= message;
    else other.push(message);
  }
  return { fields, other };
};
