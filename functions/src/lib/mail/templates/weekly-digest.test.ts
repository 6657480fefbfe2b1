import { describe, expect, it } from 'vitest';
import type { AttentionItem, DashboardSnapshot } from '@mentoring/shared';
import { DIGEST_MAX_ITEMS, weeklyDigest } from './weekly-digest';

const item = (index: number): AttentionItem => ({
  key: `quiet_pair:m${index}`,
  kind: 'quiet_pair',
  level: 'medium',
  title: `Pair ${index}: no session in 45 days`,
  since: '2026-04-01T10:00:00.000Z',
  link: `/mentorships/m${index}`,
  quietDays: 45,
});

const dashboard = (attention: AttentionItem[]): DashboardSnapshot => ({
  generatedAt: '2026-06-15T07:00:00.000Z',
  attention,
  attentionCounts: { open_report: 0, request_unanswered: 0, quiet_pair: attention.length, not_a_fit: 0, pending_application: 0 },
  funnel: { steps: [{ step: 'matched', label: 'Matched', count: 7 }], medianSignUpToMatchMs: null, matchedWithTimes: 0 },
  groupSessions: { upcoming: [], past: [] },
  mentorshipsByState: {},
  membersByRole: { mentor: 3, mentee: 12 },
  readCapacityUnits: 1,
});

describe('the weekly digest e-mail', () => {
  it('lists each item with its date and absolute link, then the dashboard', () => {
    const mail = weeklyDigest({ site: 'https://app.example.org/', programme: 'Code Mentors', dashboard: dashboard([item(1), item(2)]) });
    expect(mail.subject).toBe('Code Mentors: 2 things need your attention');
    expect(mail.text).toContain('- Pair 1: no session in 45 days (since 2026-04-01): https://app.example.org/mentorships/m1\n- Pair 2');
    expect(mail.text).toContain('12 mentees and 3 mentors; 7 mentees have been matched.');
    expect(mail.text.trimEnd().endsWith('The dashboard: https://app.example.org/coordinator')).toBe(true);
  });

  it('says when nothing needs attention, and keeps a long list to its first items', () => {
    expect(weeklyDigest({ site: 'https://x.test', programme: 'P', dashboard: dashboard([]) }).subject).toBe('P: nothing needs your attention this week');
    expect(weeklyDigest({ site: 'https://x.test', programme: 'P', dashboard: dashboard([item(1)]) }).subject).toBe('P: 1 thing needs your attention');
    const long = weeklyDigest({ site: 'https://x.test', programme: 'P', dashboard: dashboard(Array.from({ length: DIGEST_MAX_ITEMS + 5 }, (_, index) => item(index))) });
    expect(long.text.match(/^- /gm)).toHaveLength(DIGEST_MAX_ITEMS);
    expect(long.text).toContain('…and 5 more on the dashboard.');
  });
});
