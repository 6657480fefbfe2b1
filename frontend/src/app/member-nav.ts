import { matchRoutes, type RouteObject } from 'react-router';
import { groupSessionIdOfCall } from '@mentoring/shared/group-sessions';
import type { IconName } from '../components/Icon/Icon';

/** A member's role in the programme (docs/domain.md), from their own profile (GET /api/profile/me). */
export type MemberRole = 'mentee' | 'mentor' | 'coordinator';

export interface MemberNavEntry {
  label: string;
  path: string;
  icon: IconName;
  /** Who sees the entry; without it every member does. */
  roles?: readonly MemberRole[];
}

/**
 * The member's sections, in the order a member uses them: the signed-in header (and its phone menu) lists
 * exactly these. A feature adds its section with one line here; an entry whose route does not exist yet
 * stays hidden (see availableEntries), so a section appears the day its page lands.
 */
export const memberNav: readonly MemberNavEntry[] = [
  { label: 'Home', path: '/home', icon: 'home' },
  { label: 'Mentors', path: '/mentors', icon: 'people', roles: ['mentee', 'coordinator'] },
  { label: 'Mentorships', path: '/mentorships', icon: 'handshake' },
  // Booked mentoring sessions, beside the mentorships they belong to (the call archive is under Calls).
  { label: 'Sessions', path: '/sessions', icon: 'calendar' },
  // Workshops and open circles: the programme's group sessions.
  { label: 'Group sessions', path: '/group-sessions', icon: 'people' },
  { label: 'Messages', path: '/messages', icon: 'chat' },
  { label: 'Calls', path: '/calls', icon: 'video' },
  { label: 'Profile', path: '/profile', icon: 'user', roles: ['mentee', 'mentor'] },
  { label: 'Coordinator', path: '/coordinator', icon: 'shield', roles: ['coordinator'] },
  { label: 'Account', path: '/account', icon: 'user' },
];

/**
 * The entries a member with `role` sees; before the role is known (or for none given), the entries for
 * every member. Coordinator pages show only once the profile says so, never to someone not yet known.
 */
export const entriesForRole = (entries: readonly MemberNavEntry[], role?: MemberRole | null) =>
  entries.filter((entry) => !entry.roles || (role ? entry.roles.includes(role) : entry.roles.some((only) => only !== 'coordinator')));

/** The entries whose page exists among `routes` (the signed-in routes), so no section leads to "page not found". */
export const availableEntries = (entries: readonly MemberNavEntry[], routes: RouteObject[]) =>
  entries.filter((entry) => matchRoutes(routes, entry.path) !== null);

/** A group session's live room is a call page (`/calls/livestream/g-<id>`), but the member is in Group sessions. */
const sectionPathOf = (pathname: string) => {
  const [, type, callId] = /^\/calls\/([^/]+)\/([^/]+)/.exec(pathname) ?? [];
  return type && callId && groupSessionIdOfCall(type, callId) ? '/group-sessions' : pathname;
};

/** The entry the current page belongs to: its own path or any page below it (/calls/default/abc → Calls). */
export const currentEntry = (entries: readonly MemberNavEntry[], pathname: string) => {
  const section = sectionPathOf(pathname);
  return entries.find(({ path }) => section === path || section.startsWith(`${path}/`));
};
