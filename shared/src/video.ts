/** Video-call constants of the product specification, exact. */
export const CALL_TYPES = ['default', 'development', 'livestream', 'audio_room'] as const;
export type CallType = (typeof CALL_TYPES)[number];

/** Call types whose participants are sorted with admin, host and speaker first. */
export const ROLE_SORTED_CALL_TYPES: readonly CallType[] = ['livestream', 'audio_room'];
export const PRIORITISED_CALL_ROLES = ['admin', 'host', 'speaker'] as const;

export const CAPTIONS = { visibilityDurationMs: 2700, maxVisibleCaptions: 2 } as const;
export const PARTICIPANT_VISIBILITY_THRESHOLD = 0.35;
export const FEEDBACK_RATING = { min: 1, max: 5 } as const;
/** The display name every guest joins under (docs/product-spec.md, point 6). */
export const GUEST_USER_NAME = 'Guest User';

export const isCallType = (value: string): value is CallType => (CALL_TYPES as readonly string[]).includes(value);
