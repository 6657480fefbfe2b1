/**
 * The coordinators' dashboard figures.
 * The module's one public face: handlers and other modules import from here, never its files.
 */
export { computeDashboard, dashboard } from './dashboard';
