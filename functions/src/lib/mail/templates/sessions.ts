/**
 * The session e-mails (DOMAIN.md, "Sessions"): each says what happened, when in the reader's own time zone, and
 * links to the session's call; booking changes carry the calendar invitation (sessions/invitation.ts).
 */
import { intlKnowsZone, type SessionReminder } from '@mentoring/shared';
import { appLink } from './links';
import type { Letter } from './mentorships';

/** "Monday, 2 March 2026 at 18:00 (Europe/Berlin)": the reader's clock, with its zone named so nobody guesses. */
export const formatWhen = (iso: string, timezone: string) => {
  const zone = intlKnowsZone(timezone) ? timezone : 'UTC';
  const text = new Intl.DateTimeFormat('en-GB', { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
  return `${text} (${zone})`;
};

export interface SessionFacts {
  sessionId: string;
  mentorshipId: string;
  startsAt: string;
  durationMinutes: number;
  agenda: string;
  /** The reader's zone and the other member's name. */
  timezone: string;
  otherName: string;
}

const callUrl = (site: string, sessionId: string) => appLink(site, `/calls/default/${sessionId}`);
const mentorshipUrl = (site: string, mentorshipId: string) => appLink(site, `/mentorships/${mentorshipId}`);

const body = (lines: (string | null | false | undefined)[]) => [...lines.filter((line): line is string => typeof line === 'string'), ''].join('\n');

const details = (facts: SessionFacts, site: string) => [
  `When: ${formatWhen(facts.startsAt, facts.timezone)}, ${facts.durationMinutes} minutes`,
  facts.agenda ? `Agenda: ${facts.agenda}` : null,
  '',
  `Join the call: ${callUrl(site, facts.sessionId)}`,
  `Your mentorship: ${mentorshipUrl(site, facts.mentorshipId)}`,
];

const REMINDER_LEAD: Record<SessionReminder, string> = { '24h': 'tomorrow', '1h': 'in an hour' };

export const sessionMails = {
  booked: (facts: SessionFacts, { byYou }: { byYou: boolean }): Letter => (site) => ({
    subject: `Session booked with ${facts.otherName}: ${formatWhen(facts.startsAt, facts.timezone)}`,
    text: body([byYou ? `You booked a session with ${facts.otherName}.` : `${facts.otherName} booked a session with you.`, '', ...details(facts, site), '', 'The invitation is attached: add it to your calendar.']),
  }),
  proposed: (
    facts: Omit<SessionFacts, 'startsAt'> & { proposedTimes: readonly string[] },
    { byYou }: { byYou: boolean },
  ): Letter => (site) => ({
    subject: byYou ? `You proposed times to ${facts.otherName}` : `${facts.otherName} proposed times for a session`,
    text: body([
      byYou ? `You proposed these times to ${facts.otherName}:` : `${facts.otherName} proposed these times for a session of ${facts.durationMinutes} minutes:`,
      ...facts.proposedTimes.map((time) => `- ${formatWhen(time, facts.timezone)}`),
      facts.agenda ? `Agenda: ${facts.agenda}` : null,
      '',
      byYou ? `We will let you know when ${facts.otherName} picks one.` : 'Pick the one that suits you on your mentorship page.',
      `Your mentorship: ${mentorshipUrl(site, facts.mentorshipId)}`,
    ]),
  }),
  confirmed: (facts: SessionFacts): Letter => (site) => ({
    subject: `Session confirmed with ${facts.otherName}: ${formatWhen(facts.startsAt, facts.timezone)}`,
    text: body([`Your session with ${facts.otherName} is confirmed.`, '', ...details(facts, site), '', 'The invitation is attached: add it to your calendar.']),
  }),
  rescheduled: (facts: SessionFacts & { reason: string; previousStartsAt: string }, { byYou }: { byYou: boolean }): Letter => (site) => ({
    subject: `Session moved: ${formatWhen(facts.startsAt, facts.timezone)}`,
    text: body([
      `${byYou ? 'You moved' : `${facts.otherName} moved`} your session${byYou ? ` with ${facts.otherName}` : ''} from ${formatWhen(facts.previousStartsAt, facts.timezone)}.`,
      `Reason: ${facts.reason}`,
      '',
      ...details(facts, site),
      '',
      'The updated invitation is attached.',
    ]),
  }),
  cancelled: (facts: Omit<SessionFacts, 'startsAt'> & { startsAt: string | null; reason: string }, { byYou, byOther = !byYou }: { byYou: boolean; byOther?: boolean }): Letter => (site) => ({
    subject: facts.startsAt ? `Session cancelled: ${formatWhen(facts.startsAt, facts.timezone)}` : `Proposed session with ${facts.otherName} cancelled`,
    text: body([
      byYou ? `You cancelled your session with ${facts.otherName}.` : byOther ? `${facts.otherName} cancelled your session.` : `Your session with ${facts.otherName} is cancelled.`,
      `Reason: ${facts.reason}`,
      facts.startsAt ? `It was planned for ${formatWhen(facts.startsAt, facts.timezone)}.` : null,
      '',
      `Book another time on your mentorship page: ${mentorshipUrl(site, facts.mentorshipId)}`,
    ]),
  }),
  reminder: (facts: SessionFacts & { reminder: SessionReminder; actionItems: readonly { text: string; owner: string; dueOn: string | null }[] }): Letter => (site) => ({
    subject: `Reminder: session with ${facts.otherName} ${REMINDER_LEAD[facts.reminder]}`,
    text: body([
      `Your session with ${facts.otherName} starts ${REMINDER_LEAD[facts.reminder]}.`,
      '',
      ...details(facts, site),
      ...(facts.actionItems.length
        ? ['', 'Open action items:', ...facts.actionItems.map((item) => `- ${item.text} (${item.owner}${item.dueOn ? `, due ${item.dueOn}` : ''})`)]
        : []),
    ]),
  }),
};
