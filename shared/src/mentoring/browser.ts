/**
 * `@mentoring/shared/mentoring`: the mentoring modules without zod, for the SPA (scoring, time zones,
 * reference lists) plus the profile types. The schemas stay in the package's index.
 */
export * from './matching';
export * from './time';
export * from './reference';
export type * from './profile';
export type * from './programme';
