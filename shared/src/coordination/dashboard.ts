/**
 * The coordinator's dashboard as pure functions of what the tables hold: what needs attention (docs/domain.md,
 * "The coordinator's view") and the programme's funnel. The API's dashboard, the weekly digest and the
 * tests all use these, each with its own clock. No zod here, so the SPA may import it too.
 */
import { REPORT_CATEGORIES, type ReportCategory } from '../safeguarding-labels';

export const DAY_MS = 86_400_000;

/** How far back the dashboard lists group sessions that are over (ended or cancelled). */
export const DASHBOARD_GROUP_PAST_DAYS = 90;

/** The quiet-pair thresholds in days (Yuanjian warns at 45 and 60; we start a step earlier). */
export const QUIET_DAYS = [30, 45, 60] as const;
export type QuietDays = (typeof QUIET_DAYS)[number];

export const ATTENTION_KINDS = ['open_report', 'request_unanswered', 'quiet_pair', 'not_a_fit', 'pending_application'] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

export const ATTENTION_LEVELS = ['high', 'medium', 'low'] as const;
export type AttentionLevel = (typeof ATTENTION_LEVELS)[number];

export interface AttentionItem {
  /** Unique in the list: the kind and the record it is about. */
  key: string;
  kind: AttentionKind;
  level: AttentionLevel;
  /** What it is, in a coordinator's words. */
  title: string;
  /** Since when it has needed attention (ISO). */
  since: string;
  /** Where a coordinator acts on it: a path of the SPA. */
  link: string;
  /** For quiet pairs: the threshold passed. */
  quietDays?: QuietDays;
}

/** What the rules read of a mentorship's META item, the session dates and the fit check included. */
export interface MentorshipFacts {
  id: string;
  state: string;
  mentorId: string;
  menteeId: string;
  origin?: string;
  createdAt: string;
  expiresAt?: string | null;
  activatedAt?: string | null;
  firstSessionAt?: string | null;
  lastSessionAt?: string | null;
  fitCheck?: { mentor?: string | null; mentee?: string | null } | null;
  updatedAt?: string;
}

/** What the rules and the funnel read of a member item. */
export interface MemberFacts {
  id: string;
  role?: string;
  displayName?: string;
  approvalState?: string;
  createdAt?: string;
  submittedAt?: string | null;
  suspended?: boolean;
}

export interface ReportFacts {
  id: string;
  createdAt: string;
  category?: string | null;
  /** The member it is about, by name, where the report names one. */
  concerns?: string | null;
}

export interface AttentionInput {
  now: Date;
  /** The programme's request window (requestExpiryDays). */
  requestExpiryDays: number;
  mentorships: readonly MentorshipFacts[];
  /** Names of the members the mentorships and applications name. */
  names: ReadonlyMap<string, string>;
  openReports: readonly ReportFacts[];
  pendingApplications: readonly MemberFacts[];
}

const LEVEL_ORDER: Record<AttentionLevel, number> = { high: 0, medium: 1, low: 2 };
const time = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);

/** The highest threshold a pair has passed without a session, or null. */
export const quietThreshold = (daysQuiet: number): QuietDays | null => {
  let passed: QuietDays | null = null;
  for (const days of QUIET_DAYS) if (daysQuiet >= days) passed = days;
  return passed;
};

/** An active pair's last sign of life: its last session, else the day it became active (else created). */
export const lastSessionOrStart = (mentorship: MentorshipFacts) => mentorship.lastSessionAt ?? mentorship.activatedAt ?? mentorship.createdAt;

/**
 * A request needs attention once less than half of its window is left: the mentor has had the reminder
 * and still not answered. It needs attention since the half-way point.
 */
export const requestPastHalf = (mentorship: MentorshipFacts, now: Date, requestExpiryDays: number) => {
  if (mentorship.state !== 'REQUESTED' || !mentorship.expiresAt) return null;
  const expires = time(mentorship.expiresAt);
  const half = (requestExpiryDays * DAY_MS) / 2;
  if (!(expires - now.getTime() < half)) return null;
  return new Date(expires - half).toISOString();
};

const nameOf = (names: ReadonlyMap<string, string>, id: string) => names.get(id) ?? 'A former member';

/** Every item that needs a coordinator, most urgent first, then oldest first. */
export const attentionItems = ({ now, requestExpiryDays, mentorships, names, openReports, pendingApplications }: AttentionInput): AttentionItem[] => {
  const items: AttentionItem[] = [];
  for (const report of openReports) {
    items.push({
      key: `open_report:${report.id}`,
      kind: 'open_report',
      level: 'high',
      title: `Open report${report.category ? `: ${REPORT_CATEGORIES[report.category as ReportCategory] ?? report.category}` : ''}${report.concerns ? ` about ${report.concerns}` : ''}`,
      since: report.createdAt,
      link: `/coordinator/reports/${encodeURIComponent(report.id)}`,
    });
  }
  for (const mentorship of mentorships) {
    const mentor = nameOf(names, mentorship.mentorId);
    const mentee = nameOf(names, mentorship.menteeId);
    const link = `/mentorships/${encodeURIComponent(mentorship.id)}`;
    const pastHalf = requestPastHalf(mentorship, now, requestExpiryDays);
    if (pastHalf) {
      const left = Math.max(0, Math.ceil((time(mentorship.expiresAt) - now.getTime()) / DAY_MS));
      items.push({
        key: `request_unanswered:${mentorship.id}`,
        kind: 'request_unanswered',
        level: 'medium',
        title: `${mentee}'s request to ${mentor} is unanswered (${left === 1 ? '1 day' : `${left} days`} left)`,
        since: pastHalf,
        link,
      });
    }
    if (mentorship.state === 'ACTIVE') {
      const last = lastSessionOrStart(mentorship);
      const quiet = quietThreshold(Math.floor((now.getTime() - time(last)) / DAY_MS));
      if (quiet) {
        items.push({
          key: `quiet_pair:${mentorship.id}`,
          kind: 'quiet_pair',
          level: quiet >= 60 ? 'high' : quiet >= 45 ? 'medium' : 'low',
          title: `${mentor} and ${mentee}: no session in ${quiet} days`,
          since: last,
          link,
          quietDays: quiet,
        });
      }
    }
    if (['ACTIVE', 'SUSPENDED'].includes(mentorship.state)) {
      const sides = (['mentor', 'mentee'] as const).filter((side) => mentorship.fitCheck?.[side] === 'not_a_fit');
      if (sides.length) {
        const who = sides.length === 2 ? 'Both' : sides[0] === 'mentor' ? mentor : mentee;
        items.push({
          key: `not_a_fit:${mentorship.id}`,
          kind: 'not_a_fit',
          level: 'medium',
          title: `${who} said "not a fit" (${mentor} and ${mentee})`,
          since: mentorship.firstSessionAt ?? mentorship.updatedAt ?? mentorship.createdAt,
          link,
        });
      }
    }
  }
  for (const member of pendingApplications) {
    items.push({
      key: `pending_application:${member.id}`,
      kind: 'pending_application',
      level: 'low',
      title: `${member.displayName ?? 'A member'} applied as a ${member.role ?? 'member'}`,
      since: member.submittedAt ?? member.createdAt ?? now.toISOString(),
      link: '/coordinator/applications',
    });
  }
  return items.sort((a, b) => LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] || time(a.since) - time(b.since) || a.key.localeCompare(b.key));
};

export const FUNNEL_STEPS = ['signedUp', 'profileComplete', 'approved', 'requested', 'matched', 'firstSession', 'completed'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const FUNNEL_LABELS: Record<FunnelStep, string> = {
  signedUp: 'Signed up',
  profileComplete: 'Profile complete',
  approved: 'Approved',
  requested: 'Requested',
  matched: 'Matched',
  firstSession: 'First session',
  completed: 'Completed',
};

export interface Funnel {
  steps: { step: FunnelStep; label: string; count: number }[];
  /** Median time from a mentee's sign-up to their first match, in ms; null before anyone is matched. */
  medianSignUpToMatchMs: number | null;
  /** How many mentees that median is over. */
  matchedWithTimes: number;
}

/** The median of a list (the mean of the middle two for an even count); null for none. */
export const median = (values: readonly number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * The mentees' way through the programme: each step counts the mentees who reached it (a member item is
 * made when they first save their profile, so "signed up" is "started a profile"). Requested counts any
 * request or proposal; matched, a mentorship that became active; first session, one that held a session.
 */
export const funnel = (members: readonly MemberFacts[], mentorships: readonly MentorshipFacts[]): Funnel => {
  const mentees = members.filter((member) => member.role === 'mentee');
  const ids = new Set(mentees.map((member) => member.id));
  const requested = new Set<string>();
  const firstMatch = new Map<string, number>();
  const firstSession = new Set<string>();
  const completed = new Set<string>();
  for (const mentorship of mentorships) {
    if (!ids.has(mentorship.menteeId)) continue;
    requested.add(mentorship.menteeId);
    if (mentorship.activatedAt) {
      const at = time(mentorship.activatedAt);
      const before = firstMatch.get(mentorship.menteeId);
      if (before === undefined || at < before) firstMatch.set(mentorship.menteeId, at);
    }
    if (mentorship.firstSessionAt) firstSession.add(mentorship.menteeId);
    if (mentorship.state === 'COMPLETED') completed.add(mentorship.menteeId);
  }
  const counts: Record<FunnelStep, number> = {
    signedUp: mentees.length,
    profileComplete: mentees.filter((member) => member.submittedAt).length,
    approved: mentees.filter((member) => member.approvalState === 'approved').length,
    requested: requested.size,
    matched: firstMatch.size,
    firstSession: firstSession.size,
    completed: completed.size,
  };
  const durations = mentees.flatMap((member) => {
    const matched = firstMatch.get(member.id);
    const signedUp = time(member.createdAt);
    return matched !== undefined && Number.isFinite(signedUp) ? [Math.max(0, matched - signedUp)] : [];
  });
  return {
    steps: FUNNEL_STEPS.map((step) => ({ step, label: FUNNEL_LABELS[step], count: counts[step] })),
    medianSignUpToMatchMs: median(durations),
    matchedWithTimes: durations.length,
  };
};

/** How many of each, for the charts. */
export const countBy = <T>(items: readonly T[], keyOf: (item: T) => string | undefined) => {
  const counts: Record<string, number> = {};
  for (const item of items) {
    const key = keyOf(item);
    if (key !== undefined) counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};
