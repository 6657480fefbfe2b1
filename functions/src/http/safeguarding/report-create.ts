import { COORDINATORS_GROUP, MENTORSHIP_CHANNEL_TYPE, mentorshipIdOfCall, type ReportSubject, routeIn, safeguardingRoutes } from '@mentoring/shared';
import { groupEmails } from '../../lib/cognito';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { newRecordId } from '../../lib/http/idempotency';
import { reportReceived } from '../../lib/mail/templates/safeguarding';
import { mailAfterWrite } from '../../lib/notify';
import { logger } from '../../lib/powertools';
import { getMember } from '../../members';
import { getMentorship, sideOf } from '../../mentorships';
import { createReport, setEndedMentorship, type ReportItem } from '../../safeguarding/reports';
import { closeFor, liveMentorshipsBetween } from '../../lifecycle';

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

/**
 * POST /api/reports: a member reports a concern. The report is stored first (with the reporter's pointer, one
 * transaction), then the mentorship ends if they asked (the mentorship service's end transition), then every
 * coordinator is e-mailed. Only the reporter's own mentorships can be named; anything else is a 404.
 */
export const handler = httpHandler(routeIn(safeguardingRoutes, 'POST /api/reports'), async ({ body, identity, idempotencyScope }) => {
  const reporterId = identity.sub;
  let concernsId: string | null = body.subject.kind === 'member' ? body.subject.memberId : body.subject.kind === 'message' ? (body.subject.memberId ?? null) : null;
  const mentorshipId = mentorshipOfSubject(body.subject);
  let mentorship = null;
  if (mentorshipId) mentorship = await getMentorship(mentorshipId);
  // A message in a conversation that is no mentorship's channel (members' own chats on /messages) names its author.
  if (mentorshipId && !(body.subject.kind === 'message' && !mentorship)) {
    const side = mentorship ? sideOf(mentorship, reporterId) : null;
    if (!mentorship || !side) throw new HttpError('not_found', 'There is no such mentorship.');
    // In the pair's own channel or call, the person concerned is the other side.
    concernsId = side === 'mentor' ? mentorship.menteeId : mentorship.mentorId;
  }
  if (concernsId === reporterId) throw new HttpError('validation_failed', 'You cannot report yourself.');
  const [reporter, concerns] = await Promise.all([getMember(reporterId, { consistent: false }), concernsId ? getMember(concernsId, { consistent: false }) : undefined]);
  if (body.subject.kind === 'member' && !concerns) throw new HttpError('not_found', 'There is no such member.');

  const now = new Date().toISOString();
  const report: ReportItem = {
    id: newRecordId(idempotencyScope),
    category: body.category,
    description: body.description,
    subject: body.subject,
    status: 'open',
    reporterId,
    reporterName: reporter?.displayName ?? identity.name ?? identity.email ?? 'A member',
    concernsId,
    concernsName: concerns?.displayName ?? null,
    mentorshipId: mentorship?.id ?? null,
    endedMentorshipId: null,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  await createReport(report);

  let endedMentorshipId: string | null = null;
  if (body.endMentorship) {
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
});
