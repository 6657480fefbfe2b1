/** Group sessions' constants (docs/domain.md, "Group sessions"), without zod: the SPA reads them too. */
export const GROUP_SESSION_KINDS = ['workshop', 'open_circle'] as const;
export type GroupSessionKind = (typeof GROUP_SESSION_KINDS)[number];

/** Who may see and sign up: everyone, mentees only, mentors only, or the host's own mentees (an active mentorship). */
export const GROUP_AUDIENCES = ['all', 'mentees', 'mentors', 'own_mentees'] as const;
export type GroupAudience = (typeof GROUP_AUDIENCES)[number];

export const GROUP_SESSION_STATES = ['scheduled', 'live', 'ended', 'cancelled'] as const;
export type GroupSessionState = (typeof GROUP_SESSION_STATES)[number];

/** The Stream call type of each kind: members never choose a call type. */
export const GROUP_CALL_TYPES = { workshop: 'livestream', open_circle: 'audio_room' } as const satisfies Record<GroupSessionKind, string>;

export const GROUP_LENGTHS = [30, 45, 60, 90, 120] as const;
export const GROUP_CAPACITY_MAX = 500;
/** "up to a few speakers" (and co-hosts) on stage besides the host. */
export const GROUP_STAGE_MAX = 5;
/** How long before the start the host and co-hosts may join backstage. */
export const BACKSTAGE_LEAD_MINUTES = 10;
/** How far ahead a group session may be scheduled. */
export const GROUP_MAX_DAYS_AHEAD = 180;


/** Where a public workshop plays for visitors (the SPA's page, linked from the coordinator's switch). */
export const publicWorkshopPath = (id: string) => `/watch/${id}`;
