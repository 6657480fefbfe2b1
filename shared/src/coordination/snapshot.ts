/**
 * The coordinator dashboard's stored snapshot: what computing it reads, where it is kept, and how often it is
 * renewed. Computing it reads every member and every mentorship (630 RCU at 20,000 members), so the API answers
 * from the snapshot, which a recurring schedule and a coordinator's "Refresh now" keep fresh.
 */
import type { FunctionNeeds } from '../needs';

/**
 * The reads of computing the dashboard: members by role (`roster`), mentorships by state (`byState`), open reports,
 * group sessions (`upcoming` by listing, and the partitions of those that took place), the programme.
 */
export const dashboardReads = {
  groupSessions: ['Query'],
  members: ['Query'],
  mentorships: ['Query'],
  safeguarding: ['Query'],
  programme: ['GetItem'],
} as const satisfies NonNullable<FunctionNeeds['tables']>;

/** Object key in the archive bucket (private; its lifecycle keeps only a day of the older versions under this prefix). */
export const DASHBOARD_SNAPSHOT_PREFIX = 'dashboard/';
export const DASHBOARD_SNAPSHOT_KEY = `${DASHBOARD_SNAPSHOT_PREFIX}snapshot.json.gz`;

/** How often the schedule renews the snapshot. */
export const DASHBOARD_REFRESH_MINUTES = 5;

/** A coordinator's "Refresh now" is refused within this long of the snapshot's time (each costs a whole read). */
export const DASHBOARD_REFRESH_COOLDOWN_SECONDS = 30;
