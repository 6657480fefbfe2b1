/**
 * The group session e-mails (docs/domain.md, "Group sessions"): each says what happened and when, in the reader's own
 * time zone, and links to the session's page, where the member joins its call; those that change a member's
 * calendar carry the invitation (group-sessions/invitation.ts).
 */
import type { GroupSessionKind, SessionReminder } from '@mentoring/shared';
import { appLink } from './links';
import type { Letter } from './mentorships';
import { formatWhen } from './sessions';

export interface GroupFacts {
  id: string;
  kind: GroupSessionKind;
  title: string;
  startsAt: string;
  durationMinutes: number;
  hostName: string;
  /** The reader's zone. */
  timezone: string;
}

/** Who the reader is on stage; absent for a member with a place. */
export type StagePart = 'host' | 'co_host' | 'speaker';

const KIND: Record<GroupSessionKind, string> = { workshop: 'workshop', open_circle: 'open circle' };
const PART: Record<StagePart, string> = { host: 'You host it.', co_host: 'You are a co-host.', speaker: 'You are a speaker.' };
const REMINDER_LEAD: Record<SessionReminder, string> = { '24h': 'tomorrow', '1h': 'in an hour' };

export const groupSessionUrl = (site: string, id: string) => appLink(site, `/group-sessions/${id}`);

const body = (lines: (string | null | false | undefined)[]) => [...lines.filter((line): line is string => typeof line === 'string'), ''].join('\n');

const details = (facts: GroupFacts, site: string) => [
  `When: ${formatWhen(facts.startsAt, facts.timezone)}, ${facts.durationMinutes} minutes`,
  `Host: ${facts.hostName}`,
  '',
  `The session's page, where you join it: ${groupSessionUrl(site, facts.id)}`,
];

const CANCELLED_BY = { you: 'You cancelled', host: 'The host cancelled', programme: 'The programme cancelled' } as const;

const INVITATION = 'The invitation is attached: add it to your calendar.';

export const groupSessionMails = {
  scheduled: (facts: GroupFacts, part: StagePart): Letter => (site) => ({
    subject: `Scheduled: "${facts.title}"`,
    text: body([`The ${KIND[facts.kind]} "${facts.title}" is scheduled. ${PART[part]}`, '', ...details(facts, site), '', INVITATION]),
  }),
  placed: (facts: GroupFacts): Letter => (site) => ({
    subject: `You have a place: "${facts.title}"`,
    text: body([`You signed up for the ${KIND[facts.kind]} "${facts.title}", and you have a place.`, '', ...details(facts, site), '', INVITATION]),
  }),
  movedUp: (facts: GroupFacts): Letter => (site) => ({
    subject: `A place opened: you are in "${facts.title}"`,
    text: body([`Someone left "${facts.title}", and you were first on the waiting list: you have a place now.`, '', ...details(facts, site), '', INVITATION]),
  }),
  left: (facts: GroupFacts): Letter => (site) => ({
    subject: `You left "${facts.title}"`,
    text: body([`You gave up your place in "${facts.title}". The attached cancellation takes it off your calendar.`, '', `The session's page: ${groupSessionUrl(site, facts.id)}`]),
  }),
  /** `by`: the reader, the host, or a coordinator (the programme). */
  cancelled: (facts: GroupFacts, { reason, by, invited }: { reason: string; by: 'you' | 'host' | 'programme'; invited: boolean }): Letter => (site) => ({
    subject: `Cancelled: "${facts.title}"`,
    text: body([
      `${CANCELLED_BY[by]} the ${KIND[facts.kind]} "${facts.title}" of ${formatWhen(facts.startsAt, facts.timezone)}: ${reason}`,
      invited ? 'The attached cancellation takes it off your calendar.' : null,
      '',
      `The session's page: ${groupSessionUrl(site, facts.id)}`,
    ]),
  }),
  reminder: (facts: GroupFacts, reminder: SessionReminder, part: StagePart | null): Letter => (site) => ({
    subject: `Reminder: "${facts.title}" ${REMINDER_LEAD[reminder]}`,
    text: body([`The ${KIND[facts.kind]} "${facts.title}" starts ${REMINDER_LEAD[reminder]}.${part ? ` ${PART[part]}` : ''}`, '', ...details(facts, site)]),
  }),
};
