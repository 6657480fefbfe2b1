/**
 * A group session's calendar invitation, made by the sessions' builder (sessions/invitation.ts): one per member with
 * that member alone as its attendee (members of a workshop do not read each other's addresses), the session's page
 * as its link, and one UID per session (`g-<id>@…`, its call's id).
 *
 * SEQUENCE: a group session is never moved, yet a member's calendar may get a REQUEST (a place), a CANCEL (they
 * left), a REQUEST again (they signed up again) and a CANCEL (the session was called off) for that UID, and a calendar
 * applies only a message with a higher SEQUENCE than the last it took. The seconds since the session was made give
 * every later message a higher one, with no counter to store per member.
 */
import type { MailAttachment } from '../lib/mail/send';
import { groupSessionUrl } from '../lib/mail/templates/group-sessions';
import { invitationAttachment, type InvitationPerson } from '../sessions';
import type { GroupSessionItem } from './repository';

export type InvitationMethod = 'REQUEST' | 'CANCEL';

export const groupInvitationSequence = (createdAt: string, at: Date) => Math.max(0, Math.floor((at.getTime() - Date.parse(createdAt)) / 1000));

export const groupInvitationAttachment = (
  session: Pick<GroupSessionItem, 'id' | 'callId' | 'title' | 'description' | 'startsAt' | 'durationMinutes' | 'createdAt' | 'cancelReason'>,
  { method, at, site, organizer, attendee }: { method: InvitationMethod; at: Date; site: string; organizer: InvitationPerson; attendee: InvitationPerson },
): MailAttachment =>
  invitationAttachment({
    sessionId: session.callId,
    startsAt: session.startsAt,
    durationMinutes: session.durationMinutes,
    agenda: '',
    about: session.description,
    sequence: groupInvitationSequence(session.createdAt, at),
    method,
    site,
    organizer,
    attendees: [attendee],
    title: session.title,
    cancelReason: session.cancelReason,
    link: groupSessionUrl(site, session.id),
    linkLabel: 'The session’s page, where you join it',
  });
