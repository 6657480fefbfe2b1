/**
 * The mentorship e-mails of docs/domain.md's "Notifications": each says what happened and links to the page
 * where the member acts (<site>/mentorships/<id>). Plain text only, which reads well everywhere.
 */
import { DECLINE_REASONS, END_REASONS, type DeclineReason, type EndReason } from '@mentoring/shared';
import type { Mail } from '../send';

/** A message whose links are made once the site's address is known (siteUrl(): an SSM parameter in AWS). */
export type Letter = (site: string) => Omit<Mail, 'to'>;

export const mentorshipUrl = (site: string, id: string) => `${site.replace(/\/$/, '')}/mentorships/${id}`;

const letter = (subject: string, lines: (string | null | undefined | false)[], id: string, action: string): Letter => (site) => ({
  subject,
  text: [...lines.filter((line): line is string => Boolean(line)), '', `${action}: ${mentorshipUrl(site, id)}`, ''].join('\n'),
});

const quoted = (message: string | null | undefined) => (message ? `\n"${message}"\n` : null);

export const mentorshipMails = {
  requestReceived: (id: string, { menteeName, message, expiresAt }: { menteeName: string; message: string; expiresAt: string }) =>
    letter(
      `${menteeName} asks you to be their mentor`,
      [`${menteeName} sent you a mentorship request:`, quoted(message), `Please accept or decline it by ${expiresAt.slice(0, 10)}; after that it expires.`],
      id,
      'Answer the request',
    ),
  reminder: (id: string, { menteeName, expiresAt }: { menteeName: string; expiresAt: string }) =>
    letter(
      `Reminder: ${menteeName}'s request is waiting for your answer`,
      [`${menteeName}'s mentorship request is still open. It expires on ${expiresAt.slice(0, 10)} if you do not answer.`],
      id,
      'Answer the request',
    ),
  accepted: (id: string, { otherName }: { otherName: string }) =>
    letter(
      `${otherName} accepted: your mentorship has started`,
      [`Good news: your mentorship with ${otherName} is now active. Say hello in your private chat and book a first session.`],
      id,
      'Open your mentorship',
    ),
  declined: (id: string, { otherName, reason, message }: { otherName: string; reason: DeclineReason; message: string | null }) =>
    letter(
      `${otherName} declined`,
      [`${otherName} declined. Their reason: ${DECLINE_REASONS[reason]}.`, quoted(message), 'You can send a request to another mentor from the directory.'],
      id,
      'See the request',
    ),
  noPlacesLeft: (id: string, { mentorName }: { mentorName: string }) =>
    letter(
      `${mentorName} has no places left`,
      [`${mentorName}'s last place was just taken, so your request is closed. You can send a request to another mentor from the directory.`],
      id,
      'See the request',
    ),
  expiredForMentee: (id: string, { mentorName }: { mentorName: string }) =>
    letter(
      `Your request to ${mentorName} expired`,
      [`${mentorName} did not answer your request in time, so it has expired. You can send a request to another mentor from the directory.`],
      id,
      'See the request',
    ),
  expiredForMentor: (id: string, { menteeName }: { menteeName: string }) =>
    letter(`${menteeName}'s request expired`, [`You did not answer ${menteeName}'s mentorship request in time, so it has expired.`], id, 'See the request'),
  paused: (id: string, { expiries }: { expiries: number }) =>
    letter(
      'You are no longer receiving mentorship requests',
      [
        `${expiries} requests to you expired in a row without an answer, so we paused new requests: you no longer appear in the mentor directory.`,
        'When you have time again, switch "Accepting requests" back on in your profile.',
      ],
      id,
      'See the last request',
    ),
  invalidated: (id: string, { menteeName }: { menteeName: string }) =>
    letter(
      `${menteeName}'s request no longer stands`,
      [`${menteeName} has been matched with another mentor, so their request to you is closed. There is nothing you need to do.`],
      id,
      'See the request',
    ),
  proposal: (id: string, { otherName, message }: { otherName: string; message: string }) =>
    letter(
      `A coordinator proposes a mentorship with ${otherName}`,
      [`A programme coordinator thinks you and ${otherName} would be a good pair:`, quoted(message), 'The mentorship starts once you both accept.'],
      id,
      'Accept or decline',
    ),
  completed: (id: string, { otherName }: { otherName: string }) =>
    letter(
      `Your mentorship with ${otherName} is complete`,
      [`Your mentorship with ${otherName} is complete. Thank you both! Your chat stays readable, and we would love to hear how it went.`],
      id,
      'Tell us how it went',
    ),
  ended: (id: string, { otherName, reason, message, byCoordinator }: { otherName: string; reason: EndReason; message: string | null; byCoordinator: boolean }) =>
    letter(
      `Your mentorship with ${otherName} has ended`,
      [
        byCoordinator ? `A programme coordinator ended your mentorship with ${otherName}.` : `Your mentorship with ${otherName} has ended early.`,
        `Reason: ${END_REASONS[reason]}.`,
        quoted(message),
        reason === 'not_a_good_fit' ? 'Not every pair fits: you can look for another mentor in the directory right away.' : null,
      ],
      id,
      'See your mentorship',
    ),
  suspended: (id: string, { otherName }: { otherName: string }) =>
    letter(
      `Your mentorship with ${otherName} is suspended`,
      [`A programme coordinator has suspended your mentorship with ${otherName}. Your chat stays readable; a coordinator will be in touch.`],
      id,
      'See your mentorship',
    ),
  resumed: (id: string, { otherName }: { otherName: string }) =>
    letter(`Your mentorship with ${otherName} is active again`, [`A programme coordinator has resumed your mentorship with ${otherName}.`], id, 'Open your mentorship'),
};
