/**
 * The calendar invitation sent with every booking e-mail (RFC 5546 iTIP over RFC 5545), made by the `ics` library:
 * one stable UID per session, so a calendar updates the same event on a reschedule (a higher SEQUENCE) and
 * removes it on METHOD:CANCEL, and the call's page as the event's URL and in its description. Group sessions send it
 * too (group-sessions/invitation.ts), one per member, with the session's page as the link.
 */
import { createEvent, type EventAttributes } from 'ics';
import type { MailAttachment } from '../lib/mail/send';
import { appLink } from '../lib/mail/templates/links';

export interface InvitationPerson {
  name: string;
  email: string;
}

export interface InvitationInput {
  sessionId: string;
  startsAt: string;
  durationMinutes: number;
  agenda: string;
  /** Bumped on every change: calendars apply only an update with a higher one. */
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  site: string;
  organizer: InvitationPerson;
  attendees: readonly InvitationPerson[];
  /** The other member's name, for the event's title. */
  title: string;
  cancelReason?: string | null;
  /** The page the event points at; a pair's call page unless told (a group session's own page). */
  link?: string;
  /** What the description calls the link. */
  linkLabel?: string;
  /** Said in the description as it is (a group session's own description), after the agenda. */
  about?: string;
}

export const PRODUCT_ID = '-//Mentoring platform//Sessions//EN';
export const sessionUid = (sessionId: string) => `${sessionId}@sessions.mentoring-platform`;
/** The page that joins the session's call (the SPA's /calls/:type/:id). */
export const callLink = (site: string, sessionId: string) => appLink(site, `/calls/default/${sessionId}`);

export const invitationIcs = (input: InvitationInput): string => {
  const link = input.link ?? callLink(input.site, input.sessionId);
  const description = [
    input.method === 'CANCEL' && input.cancelReason ? `Cancelled: ${input.cancelReason}` : null,
    input.agenda ? `Agenda: ${input.agenda}` : null,
    input.about || null,
    `${input.linkLabel ?? 'Join the call'}: ${link}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  const event: EventAttributes = {
    productId: PRODUCT_ID,
    method: input.method,
    uid: sessionUid(input.sessionId),
    sequence: input.sequence,
    title: input.title,
    description,
    url: link,
    location: link,
    start: Date.parse(input.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: input.durationMinutes },
    status: input.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: input.organizer.name, email: input.organizer.email },
    attendees: input.attendees.map((person) => ({ name: person.name, email: person.email, rsvp: true, partstat: 'NEEDS-ACTION', role: 'REQ-PARTICIPANT' })),
  };
  const { error, value } = createEvent(event);
  if (error || !value) throw new Error(`Could not make the invitation of session ${input.sessionId}: ${error?.message ?? 'no output'}`);
  return value;
};

export const invitationAttachment = (input: InvitationInput): MailAttachment => ({
  fileName: input.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
  contentType: `text/calendar; method=${input.method}; charset=UTF-8`,
  content: invitationIcs(input),
  disposition: 'attachment',
});
