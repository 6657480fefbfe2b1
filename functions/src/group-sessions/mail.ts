/**
 * Telling members of a group session: an in-app notification and an e-mail each, in their own zone, with the
 * calendar invitation (or its cancellation) for those whose calendar the change touches.
 */
import type { NotificationKind } from '@mentoring/shared';
import { emailOf } from '../lib/cognito';
import { requiredEnv } from '../lib/env';
import { sendMail } from '../lib/mail/send';
import type { GroupFacts } from '../lib/mail/templates/group-sessions';
import type { Letter } from '../lib/mail/templates/mentorships';
import { afterWrite } from '../lib/notify';
import { siteUrl } from '../lib/site-url';
import { getParties } from '../members';
import { keepNotification } from '../notifications';
import { availabilityOf, senderOf } from '../sessions';
import { groupInvitationAttachment, type InvitationMethod } from './invitation';
import type { GroupSessionItem } from './repository';

export interface Telling {
  /** Each reader's letter, from the session's facts in their zone. */
  letter: (facts: GroupFacts, memberId: string) => Letter;
  /** The calendar message a reader gets with it, if any. */
  invite?: (memberId: string) => InvitationMethod | null;
  kind?: NotificationKind;
  at?: Date;
}

/** Sends to each member; throws if a send fails (a reminder's run wants that seen). */
export const sendToMembers = async (memberIds: readonly string[], session: GroupSessionItem, { letter, invite = () => null, kind = 'session', at = new Date() }: Telling) => {
  if (memberIds.length === 0) return;
  const [site, parties] = await Promise.all([siteUrl(), getParties([...memberIds, session.hostId])]);
  const organizer = senderOf(requiredEnv('MAIL_FROM'));
  const hostName = parties.get(session.hostId)?.displayName ?? 'A member';
  await Promise.all(
    memberIds.map(async (memberId) => {
      const party = parties.get(memberId);
      const facts: GroupFacts = { id: session.id, kind: session.kind, title: session.title, startsAt: session.startsAt, durationMinutes: session.durationMinutes, hostName, timezone: availabilityOf(party).timezone };
      const message = letter(facts, memberId)(site);
      await keepNotification(memberId, kind, message, site, { link: `/group-sessions/${session.id}` });
      const email = await emailOf(memberId);
      if (!email) return;
      const method = invite(memberId);
      const attachments = method ? [groupInvitationAttachment(session, { method, at, site, organizer, attendee: { name: party?.displayName ?? 'A member', email } })] : undefined;
      await sendMail({ to: email, ...message, ...(attachments ? { attachments } : {}) });
    }),
  );
};

/** After a stored change: a failure is logged and counted, never undoes the change. */
export const tell = (memberIds: readonly string[], session: GroupSessionItem, telling: Telling) => afterWrite('telling members of a group session', () => sendToMembers(memberIds, session, telling));
