import { describe, expect, it } from 'vitest';
import { attentionItems, DAY_MS, funnel, median, quietThreshold, requestPastHalf, type AttentionInput, type MentorshipFacts } from './dashboard';

const NOW = new Date('2026-06-15T12:00:00.000Z');
const ago = (days: number) => new Date(NOW.getTime() - days * DAY_MS).toISOString();
const ahead = (days: number) => new Date(NOW.getTime() + days * DAY_MS).toISOString();

const names = new Map([
  ['mentor-1', 'Mara Mentor'],
  ['mentee-1', 'Tom Mentee'],
]);

const mentorship = (overrides: Partial<MentorshipFacts>): MentorshipFacts => ({
  id: 'm1',
  state: 'ACTIVE',
  mentorId: 'mentor-1',
  menteeId: 'mentee-1',
  createdAt: ago(100),
  activatedAt: ago(90),
  ...overrides,
});

const input = (overrides: Partial<AttentionInput>): AttentionInput => ({
  now: NOW,
  requestExpiryDays: 14,
  mentorships: [],
  names,
  openReports: [],
  pendingApplications: [],
  ...overrides,
});

describe('requests unanswered past half their time', () => {
  it('flags a request with less than half its window left, since the half-way point', () => {
    const request = mentorship({ state: 'REQUESTED', activatedAt: null, createdAt: ago(8), expiresAt: ahead(6) });
    expect(requestPastHalf(request, NOW, 14)).toBe(ago(1));
    const [item] = attentionItems(input({ mentorships: [request] }));
    expect(item).toMatchObject({ kind: 'request_unanswered', since: ago(1), link: '/mentorships/m1', level: 'medium' });
    expect(item!.title).toBe("Tom Mentee's request to Mara Mentor is unanswered (6 days left)");
  });

  it('leaves one exactly at half, or younger, alone', () => {
    expect(requestPastHalf(mentorship({ state: 'REQUESTED', expiresAt: ahead(7) }), NOW, 14)).toBeNull();
    expect(requestPastHalf(mentorship({ state: 'REQUESTED', expiresAt: ahead(10) }), NOW, 14)).toBeNull();
    expect(requestPastHalf(mentorship({ state: 'REQUESTED', expiresAt: new Date(NOW.getTime() + 7 * DAY_MS - 1).toISOString() }), NOW, 14)).not.toBeNull();
  });

  it('uses the programme window: with 30 days, 10 left is past half', () => {
    expect(requestPastHalf(mentorship({ state: 'REQUESTED', expiresAt: ahead(10) }), NOW, 30)).toBe(ahead(-5));
  });

  it('ignores answered requests and requests without an expiry', () => {
    expect(requestPastHalf(mentorship({ state: 'DECLINED', expiresAt: ahead(1) }), NOW, 14)).toBeNull();
    expect(requestPastHalf(mentorship({ state: 'REQUESTED', expiresAt: null }), NOW, 14)).toBeNull();
  });
});

describe('quiet pairs', () => {
  it('has thresholds at 30, 45 and 60 days', () => {
    expect(quietThreshold(29)).toBeNull();
    expect(quietThreshold(30)).toBe(30);
    expect(quietThreshold(44)).toBe(30);
    expect(quietThreshold(45)).toBe(45);
    expect(quietThreshold(59)).toBe(45);
    expect(quietThreshold(60)).toBe(60);
    expect(quietThreshold(400)).toBe(60);
  });

  it('counts from the last session', () => {
    const items = attentionItems(input({ mentorships: [mentorship({ lastSessionAt: ago(46) })] }));
    expect(items).toEqual([
      expect.objectContaining({ kind: 'quiet_pair', quietDays: 45, level: 'medium', since: ago(46), title: 'Mara Mentor and Tom Mentee: no session in 45 days' }),
    ]);
  });

  it('counts from the start when there was never a session', () => {
    expect(attentionItems(input({ mentorships: [mentorship({ activatedAt: ago(31) })] }))[0]).toMatchObject({ quietDays: 30, level: 'low', since: ago(31) });
    expect(attentionItems(input({ mentorships: [mentorship({ activatedAt: ago(61) })] }))[0]).toMatchObject({ quietDays: 60, level: 'high' });
  });

  it('leaves a pair that met recently, and pairs that are not active, alone', () => {
    expect(attentionItems(input({ mentorships: [mentorship({ lastSessionAt: ago(29) })] }))).toEqual([]);
    expect(attentionItems(input({ mentorships: [mentorship({ state: 'COMPLETED' }), mentorship({ id: 'm2', state: 'SUSPENDED' })] }))).toEqual([]);
  });
});

describe('fit checks, reports and applications', () => {
  it('flags "not a fit" from either side, naming who said it', () => {
    const items = attentionItems(input({ mentorships: [mentorship({ lastSessionAt: ago(2), firstSessionAt: ago(20), fitCheck: { mentor: 'good', mentee: 'not_a_fit' } })] }));
    expect(items).toEqual([expect.objectContaining({ kind: 'not_a_fit', since: ago(20), title: 'Tom Mentee said "not a fit" (Mara Mentor and Tom Mentee)' })]);
    const both = attentionItems(input({ mentorships: [mentorship({ lastSessionAt: ago(2), fitCheck: { mentor: 'not_a_fit', mentee: 'not_a_fit' } })] }));
    expect(both[0]!.title).toMatch(/^Both said/);
    expect(attentionItems(input({ mentorships: [mentorship({ lastSessionAt: ago(2), fitCheck: { mentor: 'unsure', mentee: 'good' } })] }))).toEqual([]);
  });

  it('lists open reports first and pending applications last, oldest first within a level', () => {
    const items = attentionItems(
      input({
        mentorships: [mentorship({ activatedAt: ago(70) }), mentorship({ id: 'm2', activatedAt: ago(65) })],
        openReports: [{ id: 'r1', createdAt: ago(1), category: 'harassment' }],
        pendingApplications: [
          { id: 'p2', displayName: 'Pat', role: 'mentor', submittedAt: ago(2) },
          { id: 'p1', displayName: 'Sam', role: 'mentor', submittedAt: ago(5) },
        ],
      }),
    );
    expect(items.map((item) => item.key)).toEqual(['quiet_pair:m1', 'quiet_pair:m2', 'open_report:r1', 'pending_application:p1', 'pending_application:p2']);
    expect(items[2]).toMatchObject({ title: 'Open report: Harassment or bullying', link: '/coordinator/reports/r1', level: 'high' });
    expect(items[3]).toMatchObject({ title: 'Sam applied as a mentor', link: '/coordinator/applications', since: ago(5) });
  });

  it('names a member who is gone', () => {
    const items = attentionItems(input({ names: new Map(), mentorships: [mentorship({ activatedAt: ago(31) })] }));
    expect(items[0]!.title).toBe('A former member and A former member: no session in 30 days');
  });
});

describe('funnel', () => {
  it('counts mentees at each step and the median time from sign-up to the first match', () => {
    const members = [
      { id: 'a', role: 'mentee', createdAt: ago(50), submittedAt: ago(49), approvalState: 'approved' },
      { id: 'b', role: 'mentee', createdAt: ago(40), submittedAt: ago(40), approvalState: 'approved' },
      { id: 'c', role: 'mentee', createdAt: ago(30), submittedAt: ago(30), approvalState: 'approved' },
      { id: 'd', role: 'mentee', createdAt: ago(20), submittedAt: ago(20), approvalState: 'pending' },
      { id: 'e', role: 'mentee', createdAt: ago(10), approvalState: 'draft' },
      { id: 'x', role: 'mentor', createdAt: ago(10), submittedAt: ago(10), approvalState: 'approved' },
    ];
    const mentorships: MentorshipFacts[] = [
      // a: declined first, then matched 10 days after sign-up, held a session, completed
      { id: '1', state: 'DECLINED', mentorId: 'x', menteeId: 'a', createdAt: ago(48) },
      { id: '2', state: 'COMPLETED', mentorId: 'x', menteeId: 'a', createdAt: ago(45), activatedAt: ago(40), firstSessionAt: ago(38) },
      // b: matched 4 days after sign-up, then again later (the first match counts)
      { id: '3', state: 'ENDED', mentorId: 'x', menteeId: 'b', createdAt: ago(38), activatedAt: ago(36) },
      { id: '4', state: 'ACTIVE', mentorId: 'x', menteeId: 'b', createdAt: ago(20), activatedAt: ago(15) },
      // c: requested only
      { id: '5', state: 'REQUESTED', mentorId: 'x', menteeId: 'c', createdAt: ago(3) },
    ];
    const result = funnel(members, mentorships);
    expect(Object.fromEntries(result.steps.map((step) => [step.step, step.count]))).toEqual({
      signedUp: 5,
      profileComplete: 4,
      approved: 3,
      requested: 3,
      matched: 2,
      firstSession: 1,
      completed: 1,
    });
    expect(result.steps[0]!.label).toBe('Signed up');
    expect(result.medianSignUpToMatchMs).toBe(7 * DAY_MS);
    expect(result.matchedWithTimes).toBe(2);
  });

  it('is all zero, with no median, for an empty programme', () => {
    const result = funnel([], []);
    expect(result.steps.every((step) => step.count === 0)).toBe(true);
    expect(result.medianSignUpToMatchMs).toBeNull();
  });

  it('takes the median of odd and even counts', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});
