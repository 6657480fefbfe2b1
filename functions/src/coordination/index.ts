/**
 * The coordinators' dashboard figures: computed from every member and mentorship, stored as a snapshot the API
 * answers from (refreshed by a schedule and on demand).
 * The module's one public face: handlers and other modules import from here, never its files.
 */
export { computeDashboard } from './dashboard';
export { currentSnapshot, dashboardPage, refreshSnapshot, RefreshTooSoon, storeSnapshot } from './snapshot';
