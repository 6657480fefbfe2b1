/**
 * `@mentoring/shared/mentoring`: the mentoring modules without zod, for the SPA (scoring, time zones (../time.ts),
 * reference lists, common slots and the sessions' rules) plus the profile types. The schemas stay in the package's index.
 */
export * from './matching';
export * from '../time';
export * from './time';
export * from './reference';
export * from './profile-limits';
export type * from './profile';
export type * from './programme';
export * from './slots';
export * from './sessions-rules';
