/** The sessions' rules as plain values, free of zod, so the SPA and the pure slot module (slots.ts) import them. */

/** The lengths a session may be booked for, in minutes. */
export const SESSION_LENGTHS = [30, 45, 60, 90] as const;
export type SessionLength = (typeof SESSION_LENGTHS)[number];
/** Sessions start on the quarter hour; the busy guards are kept per quarter hour. */
export const SLOT_STEP_MINUTES = 15;
/** How far ahead a session may be booked, and how many days of slots one request may ask for. */
export const MAX_BOOKING_DAYS_AHEAD = 90;
export const MAX_SLOT_DAYS = 28;
export const MAX_PROPOSED_TIMES = 3;
/** Reminders go out this long before a session starts. */
export const SESSION_REMINDER_OFFSETS = { '24h': 24 * 60, '1h': 60 } as const;
export type SessionReminder = keyof typeof SESSION_REMINDER_OFFSETS;

/**
 * proposed  times offered by one member, waiting for the other to pick one
 * scheduled booked at a start time
 * cancelled called off (with a reason); its reminders are deleted
 * held      its call took place (booked or not): the record below is filled from the call's webhooks
 */
export const SESSION_STATES = ['proposed', 'scheduled', 'cancelled', 'held'] as const;
export type SessionState = (typeof SESSION_STATES)[number];

