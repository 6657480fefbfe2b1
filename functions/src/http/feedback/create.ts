import { COORDINATORS_GROUP, type FeedbackItem, feedbackRoutes, routeIn } from '@mentoring/shared';
import { groupEmails } from '../../lib/cognito';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { notAFitMail } from '../../lib/mail/templates/surveys';
import { emitMetric } from '../../lib/metrics';
import { ignoreStale } from '../../lib/dynamo';
import { newRecordId } from '../../lib/http/idempotency';
import { mailAfterWrite } from '../../lib/notify';
import { logger } from '../../lib/powertools';
import { getMentorship, sideOf, type MentorshipRecord, answerSurvey } from '../../mentorships';
import { getParties } from '../../members';
import { saveFeedback } from '../../feedback';

const tellCoordinators = async (record: MentorshipRecord, side: 'mentor' | 'mentee') => {
  try {
    const [coordinators, parties] = await Promise.all([groupEmails(COORDINATORS_GROUP), getParties([record.mentorId, record.menteeId])]);
    if (coordinators.length === 0) {
      logger.warn('No coordinator to tell about a pair that may not fit', { mentorshipId: record.id });
      return;
    }
    const names = { mentorName: parties.get(record.mentorId)?.displayName ?? 'A mentor', menteeName: parties.get(record.menteeId)?.displayName ?? 'A mentee' };
    await mailAfterWrite((site) => ({ to: coordinators, ...notAFitMail(record.id, { side, ...names })(site) }), 'not a fit');
  } catch (error) {
    // The answer and the dashboard's flag are stored; the e-mail is a courtesy on top.
    logger.error('Coordinators not told about a pair that may not fit', { mentorshipId: record.id, error: error as Error });
  }
};

export const handler = httpHandler(routeIn(feedbackRoutes, 'POST /api/feedback'), async ({ body, identity, idempotencyScope }) => {
  if (body.survey !== undefined && body.mentorshipId === undefined) throw new HttpError('validation_failed', 'A survey names the mentorship it is about.');
  if (body.survey === 'fit_check' && body.fit === undefined) throw new HttpError('validation_failed', 'Say how the match is going: good, unsure or not a fit.');
  if (body.fit !== undefined && body.survey !== 'fit_check') throw new HttpError('validation_failed', 'Only the fit check takes a fit answer.');
  let side: 'mentor' | 'mentee' | null = null;
  if (body.mentorshipId !== undefined) {
    if (body.feedbackType !== 'match') throw new HttpError('validation_failed', 'Only match feedback can name a mentorship.');
    if (!identity) throw new HttpError('unauthenticated', 'Sign in to send feedback about a mentorship.');
    const mentorship = await getMentorship(body.mentorshipId);
    side = mentorship && sideOf(mentorship, identity.sub);
    if (!mentorship || !side) throw new HttpError('forbidden', 'Only the members of a mentorship can send feedback about it.');
  }
  const item: FeedbackItem = {
    id: newRecordId(idempotencyScope),
    source: body.source,
    rating: body.rating ?? null,
    feedbackType: body.feedbackType,
    answers: body.answers,
    userId: identity?.sub ?? null,
    ...(body.mentorshipId ? { mentorshipId: body.mentorshipId } : {}),
    ...(body.survey ? { survey: body.survey } : {}),
    ...(body.fit ? { fit: body.fit } : {}),
    createdAt: new Date().toISOString(),
  };
  if (body.survey && body.mentorshipId && side) {
    const { flagged, record } = await answerSurvey(body.mentorshipId, side, body.survey, item, body.fit);
    emitMetric('FeedbackSubmitted', 1);
    if (flagged) await tellCoordinators(record, side);
    return { id: item.id };
  }
  const stored = await ignoreStale(() => saveFeedback(item));
  if (!stored && !idempotencyScope) throw new Error('A new feedback id collided with a stored one');
  if (stored) emitMetric('FeedbackSubmitted', 1);
  return { id: item.id };
});
