import { mentorshipIdOfCall } from '@mentoring/shared';
import { logger } from '../lib/powertools';
import { splitCid } from './repository';
import { getMentorship, type MentorshipRecord } from '../mentorships';
import { getParties } from '../members';
import { getRecordedSession, listFacts, recordSessionHeld, saveFact, saveRecord } from '../sessions';
import { sessionRecordEventSchema } from '../lib/stream/events';
import { memberStreamId } from '../lib/stream/stream-user-id';
import { buildRecord, factsOf, type Pair } from './record';

/** Concurrent consumers of one call each rebuild after a lost race; more losses than this in a row is a fault. */
const MAX_ATTEMPTS = 8;

const pairOf = async (mentorship: MentorshipRecord): Promise<Pair> => {
  const parties = await getParties([mentorship.mentorId, mentorship.menteeId]);
  const entry = (memberId: string) => [memberStreamId(memberId), { memberId, displayName: parties.get(memberId)?.displayName ?? 'A former member' }] as const;
  return { members: new Map([entry(mentorship.mentorId), entry(mentorship.menteeId)]) };
};

/**
 * Logs a mentorship's session from its call's webhooks (docs/domain.md, Sessions): stores the event as a fact, then
 * rebuilds the record from all facts. Calls that are not a mentorship's, and events that state nothing about
 * the record, are left alone. Each Stream event type has one consumer (event-rules.ts), so the consumers of
 * the types the record reads call this: session-record, call-membership (session ended) and archive (artifacts).
 */
export const recordCallEvent = async (detailType: string, rawDetail: unknown) => {
  const parsed = sessionRecordEventSchema.safeParse(rawDetail);
  if (!parsed.success) throw new Error(`A ${detailType} event has an unexpected shape for the session record: ${JSON.stringify(parsed.error.issues)}`);
  const detail = parsed.data;
  const { type: callType, id: callId } = splitCid(detail.call_cid);
  const mentorshipId = mentorshipIdOfCall(callType, callId);
  if (!mentorshipId) return;
  const facts = factsOf(detailType, detail);
  if (facts.length === 0) return;
  const mentorship = await getMentorship(mentorshipId);
  if (!mentorship) {
    logger.warn('A call names a mentorship that does not exist', { cid: detail.call_cid });
    return;
  }
  const sessionId = callId;
  await Promise.all(facts.map((fact) => saveFact(sessionId, fact)));
  const pair = await pairOf(mentorship);

  for (let attempt = 1; ; attempt += 1) {
    const item = await getRecordedSession(sessionId);
    const record = buildRecord(await listFacts(sessionId), pair);
    if (await saveRecord(sessionId, item, record, mentorship, new Date().toISOString())) {
      if (record.held && record.startedAt) await recordSessionHeld(mentorshipId, sessionId, record.startedAt);
      return;
    }
    if (attempt >= MAX_ATTEMPTS) throw new Error(`The record of session ${sessionId} kept changing under ${attempt} attempts`);
  }
};
