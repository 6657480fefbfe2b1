/**
 * A member files a report (docs/domain.md, "Safeguarding"): the report is stored first (with the reporter's pointer,
 * one transaction), then the mentorship ends if they asked (the life cycle's end transition), then every
 * coordinator is e-mailed. Only the reporter's own mentorships can be named; anything else is not found.
 */
import { COORDINATORS_GROUP, MENTORSHIP_CHANNEL_TYPE, mentorshipIdOfCall, type ReportInput, type ReportSubject } from '@mentoring/shared';
import { groupEmails } from '../../lib/cognito';
import { DomainError, invalid } from '../../lib/domain-error';
import { reportReceived } from '../../lib/mail/templates/safeguarding';
import { mailAfterWrite } from '../../lib/notify';
import { logger } from '../../lib/powertools';
import { groupSessionParticipants } from '../../group-sessions';
import { closeFor, liveMentorshipsBetween } from '../../lifecycle';
import { getMember } from '../../members';
import { getMentorship, sideOf } from '../../mentorships';
import { createReport, setEndedMentorship, type ReportItem } from './repository';

/** The mentorship a subject names, directly or through its channel or call. */
const mentorshipOfSubject = (subject: ReportSubject): string | null => {
  if (subject.kind === 'mentorship') return subject.mentorshipId;
  if (subject.kind === 'message') {
    const [type, id] = subject.channelCid.split(':') as [string, string];
    return type === MENTORSHIP_CHANNEL_TYPE ? id : null;
  }
  if (subject.kind === 'call') {
    const [type, id] = subject.callCid.split(':') as [string, string];
    return mentorshipIdOfCall(type, id);
  }
  return null;
};

export interface Reporter {
  id: string;
  /** What the report calls the reporter when they have no profile (their sign-in's name or e-mail). */
  fallbackName: string;
}

/**
 * A report from a group session: the reporter and the member concerned both had a part in it (host, co-host,
 * speaker, or a place). A session the reporter cannot name is not found; one they had no part in is refused.
 */
const groupSessionOf = async (subject: Extract<ReportSubject, { kind: 'group_session' }>, reporterId: string) => {
  const session = await groupSessionParticipants(subject.groupSessionId);
  if (!session) throw new DomainError('not_found', 'There is no such group session.');
  if (!session.members.has(reporterId)) throw new DomainError('forbidden', 'Only those who took part in this group session can report its participants.');
  if (subject.memberId !== reporterId && !session.members.has(subject.memberId))
    throw invalid('That member had no part in this group session.', [{ path: ['subject', 'memberId'], message: 'Not a participant of this session.', code: 'custom' }]);
  return { id: session.id, title: session.title };
};

/** Stores the report under `id` (the caller's: a retried create meets its own record) and answers the receipt. */
export const fileReport = async (id: string, reporter: Reporter, input: ReportInput) => {
  const reporterId = reporter.id;
  let concernsId: string | null =
    input.subject.kind === 'member' || input.subject.kind === 'group_session' ? input.subject.memberId : input.subject.kind === 'message' ? (input.subject.memberId ?? null) : null;
  const mentorshipId = mentorshipOfSubject(input.subject);
  let mentorship = null;
  if (mentorshipId) mentorship = await getMentorship(mentorshipId);
  // A message in a conversation that is no mentorship's channel (members' own chats on /messages) names its author.
  if (mentorshipId && !(input.subject.kind === 'message' && !mentorship)) {
    const side = mentorship ? sideOf(mentorship, reporterId) : null;
    if (!mentorship || !side) throw new DomainError('not_found', 'There is no such mentorship.');
    // In the pair's own channel or call, the person concerned is the other side.
    concernsId = side === 'mentor' ? mentorship.menteeId : mentorship.mentorId;
  }
  if (concernsId === reporterId) throw invalid('You cannot report yourself.');
  const groupSession = input.subject.kind === 'group_session' ? await groupSessionOf(input.subject, reporterId) : null;
  const [reporterMember, concerns] = await Promise.all([getMember(reporterId, { consistent: false }), concernsId ? getMember(concernsId, { consistent: false }) : undefined]);
  if ((input.subject.kind === 'member' || input.subject.kind === 'group_session') && !concerns) throw new DomainError('not_found', 'There is no such member.');

  const now = new Date().toISOString();
  const report: ReportItem = {
    id,
    category: input.category,
    description: input.description,
    subject: input.subject,
    status: 'open',
    reporterId,
    reporterName: reporterMember?.displayName ?? reporter.fallbackName,
    concernsId,
    concernsName: concerns?.displayName ?? null,
    mentorshipId: mentorship?.id ?? null,
    endedMentorshipId: null,
    groupSession,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  await createReport(report);

  let endedMentorshipId: string | null = null;
  if (input.endMentorship) {
    const candidates = mentorship ? [mentorship] : concernsId ? await liveMentorshipsBetween(reporterId, concernsId) : [];
    const live = candidates.find((record) => record.state === 'ACTIVE' || record.state === 'SUSPENDED');
    if (live && (await closeFor(live, reporterId))) {
      endedMentorshipId = live.id;
      await setEndedMentorship(report.id, live.id);
    } else {
      logger.info('A report asked to end a mentorship that was not live', { reportId: report.id });
    }
  }

  const coordinators = await groupEmails(COORDINATORS_GROUP).catch((error: unknown) => {
    logger.error('Could not list the coordinators to e-mail a report', { error: error as Error });
    return [] as string[];
  });
  if (coordinators.length) await mailAfterWrite((site) => ({ to: coordinators, ...reportReceived({ site, id: report.id, category: report.category }) }), 'report received');
  else logger.warn('No coordinator to e-mail about a report', { reportId: report.id });

  return { id: report.id, createdAt: report.createdAt, endedMentorshipId };
};
