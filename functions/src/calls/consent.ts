import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MENTORSHIP_CALL_TYPE, type RecordingConsentState } from '@mentoring/shared';
import { documentClient, ignoreStale, tableName } from '../lib/dynamo';
import { getCall } from './repository';
import type { MentorshipRecord } from '../mentorships';
import { getParties } from '../members';
import { ensureUnplanned, getSessionItem, sessionKey, type SessionItem } from './record-repository';
import { memberStreamId } from '../lib/stream/stream-user-id';
import { DomainError } from '../lib/domain-error';

export const consentStateOf = async (sessionId: string, mentorship: MentorshipRecord, item: SessionItem | undefined): Promise<RecordingConsentState> => {
  const parties = await getParties([mentorship.mentorId, mentorship.menteeId]);
  const party = (memberId: string) => ({ memberId, streamUserId: memberStreamId(memberId), displayName: parties.get(memberId)?.displayName ?? 'A former member' });
  return {
    sessionId,
    pair: [party(mentorship.mentorId), party(mentorship.menteeId)],
    consents: (item?.recordingConsent ?? []).map(({ memberId, at }) => ({ memberId, streamUserId: memberStreamId(memberId), at })),
  };
};

/**
 * Adds the member's consent once (the string set `consentedMembers` makes a repeat a no-op). A session that
 * is not booked but whose call exists becomes an unplanned session here, as the record consumer would make it.
 */
export const giveConsent = async (sessionId: string, mentorship: MentorshipRecord, memberId: string) => {
  const existing = await getSessionItem(sessionId);
  if (!existing && !(await getCall(`${MENTORSHIP_CALL_TYPE}:${sessionId}`))) throw new DomainError('not_found', 'There is no such session or call.');
  const at = new Date().toISOString();
  const ensure = ensureUnplanned(sessionId, mentorship, at, { except: ['recordingConsent'] });
  await ignoreStale(() =>
    documentClient.send(
      new UpdateCommand({
        TableName: tableName('sessions'),
        Key: sessionKey(sessionId),
        UpdateExpression: `SET ${[
          ...ensure.sets,
          '#state = if_not_exists(#state, :held)',
          '#startsAt = if_not_exists(#startsAt, :at)',
          'updatedAt = :at',
          'recordingConsent = list_append(if_not_exists(recordingConsent, :none), :consent)',
        ].join(', ')} ADD consentedMembers :members`,
        ConditionExpression: 'attribute_not_exists(consentedMembers) OR NOT contains(consentedMembers, :memberId)',
        ExpressionAttributeNames: { ...ensure.names, '#state': 'state', '#startsAt': 'startsAt' },
        ExpressionAttributeValues: {
          ...ensure.values,
          ':held': 'held',
          ':at': at,
          ':none': [],
          ':consent': [{ memberId, at }],
          ':members': new Set([memberId]),
          ':memberId': memberId,
        },
      }),
    ),
  );
  return consentStateOf(sessionId, mentorship, await getSessionItem(sessionId));
};
