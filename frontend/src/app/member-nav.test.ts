import { describe, expect, it } from 'vitest';
import { availableEntries, currentEntry, entriesForRole, memberNav, type MemberNavEntry } from './member-nav';
import { signedInRoutes } from './signed-in-routes';

const entries: MemberNavEntry[] = [
  { label: 'Home', path: '/home', icon: 'home' },
  { label: 'Mentors', path: '/mentors', icon: 'people', roles: ['mentee', 'coordinator'] },
  { label: 'Mentees', path: '/mentees', icon: 'people', roles: ['mentor'] },
  { label: 'Coordinator', path: '/coordinator', icon: 'shield', roles: ['coordinator'] },
  { label: 'Messages', path: '/messages', icon: 'chat' },
];
const labels = (list: readonly MemberNavEntry[]) => list.map(({ label }) => label);

describe('member navigation', () => {
  it('lists the sections in the order a member uses them, each once', () => {
    expect(labels(memberNav)).toEqual(['Home', 'Mentors', 'Mentorships', 'Sessions', 'Group sessions', 'Messages', 'Calls', 'Profile', 'Coordinator', 'Account']);
    expect(new Set(memberNav.map(({ path }) => path)).size).toBe(memberNav.length);
  });

  it("shows every member entry but the coordinators' own while the role is not known", () => {
    expect(labels(entriesForRole(entries))).toEqual(['Home', 'Mentors', 'Mentees', 'Messages']);
    expect(labels(entriesForRole(entries, null))).toEqual(['Home', 'Mentors', 'Mentees', 'Messages']);
  });

  it.each([
    ['mentee', ['Home', 'Mentors', 'Messages']],
    ['mentor', ['Home', 'Mentees', 'Messages']],
    ['coordinator', ['Home', 'Mentors', 'Coordinator', 'Messages']],
  ] as const)('shows a %s only their entries', (role, expected) => {
    expect(labels(entriesForRole(entries, role))).toEqual(expected);
  });

  it('hides an entry whose page does not exist yet, so no section leads to "page not found"', () => {
    const available = labels(availableEntries(memberNav, signedInRoutes));
    expect(available).toEqual(['Home', 'Mentorships', 'Sessions', 'Group sessions', 'Messages', 'Calls', 'Profile', 'Coordinator', 'Account']);
    // The day a /mentors route is added, the entry appears without another change.
    const withMentors = [...signedInRoutes, { path: 'mentors', element: null }];
    expect(labels(availableEntries(memberNav, withMentors))).toContain('Mentors');
  });

  it('marks the section a page belongs to, deep pages included', () => {
    expect(currentEntry(memberNav, '/calls/default/abc')?.label).toBe('Calls');
    // A group session's live room is a call page of its own call, in Group sessions.
    expect(currentEntry(memberNav, '/calls/livestream/g-0f8fad5b-d9cb-469f-a165-70867728950e')?.label).toBe('Group sessions');
    expect(currentEntry(memberNav, '/calls/default/g-0f8fad5b-d9cb-469f-a165-70867728950e')?.label).toBe('Calls');
    expect(currentEntry(memberNav, '/messages')?.label).toBe('Messages');
    // The call archive belongs to Calls; booked sessions have their own section.
    expect(currentEntry(memberNav, '/calls/past')?.label).toBe('Calls');
    expect(currentEntry(memberNav, '/sessions')?.label).toBe('Sessions');
    expect(currentEntry(memberNav, '/callsign')).toBeUndefined();
  });
});
