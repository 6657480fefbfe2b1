/**
 * How a mentorship's Stream resources are named, so the server, the SPA and the call archive agree without
 * storing a link: the pair's channel is `messaging:<mentorshipId>`, and each call of the pair is
 * `default:m-<mentorshipId>-<suffix>`. Pure and free of zod, so the SPA imports it as a light subpath.
 */

export const MENTORSHIP_CHANNEL_TYPE = 'messaging';
export const MENTORSHIP_CALL_TYPE = 'default';
const CALL_PREFIX = 'm-';
/** Mentorship ids are UUIDs: 2 + 36 + 1 + suffix must stay within Stream's (and CALL_PART_PATTERN's) 64 characters. */
const MAX_SUFFIX_LENGTH = 25;
const MENTORSHIP_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SUFFIX = /^[a-z0-9]{1,25}$/;

export const mentorshipChannelId = (mentorshipId: string) => mentorshipId;
export const mentorshipChannelCid = (mentorshipId: string) => `${MENTORSHIP_CHANNEL_TYPE}:${mentorshipChannelId(mentorshipId)}`;

/** A fresh call id suffix: 8 random lower-case letters or digits. */
export const randomCallSuffix = () => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
};

/** A new call id of this mentorship; `suffix` defaults to the time in base 36, which is unique enough per pair. */
export const mentorshipCallId = (mentorshipId: string, suffix = Date.now().toString(36)) => {
  if (!MENTORSHIP_ID.test(mentorshipId)) throw new Error(`Not a mentorship id: ${mentorshipId}`);
  if (!SUFFIX.test(suffix) || suffix.length > MAX_SUFFIX_LENGTH) throw new Error(`Call id suffix must be 1-25 lowercase letters or digits: ${suffix}`);
  return `${CALL_PREFIX}${mentorshipId}-${suffix}`;
};

/** The mentorship a call belongs to, or null for a call outside any mentorship. */
export const mentorshipIdOfCall = (callType: string, callId: string): string | null => {
  if (callType !== MENTORSHIP_CALL_TYPE || !callId.startsWith(CALL_PREFIX)) return null;
  const rest = callId.slice(CALL_PREFIX.length);
  const mentorshipId = rest.slice(0, 36);
  const suffix = rest.slice(37);
  return MENTORSHIP_ID.test(mentorshipId) && rest[36] === '-' && SUFFIX.test(suffix) ? mentorshipId : null;
};
