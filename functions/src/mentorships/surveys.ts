/**
 * The fit check (after the pair's first held session) and the closing survey (once the mentorship is
 * completed): both answered through the feedback dialog's `match` type, stored as feedback with the
 * mentorship id and, on the mentorship's META, as each side's answer, so "due" is one read of META.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { FeedbackItem, FitCheckAnswer, Survey } from '@mentoring/shared';
import { documentClient, tableName } from '../lib/dynamo';
import { feedbackPut } from '../feedback';
import { DomainError } from '../lib/domain-error';
import { getMentorship, metaKey, type MentorshipRecord, type Side } from './repository';

export const surveysDue = (record: MentorshipRecord, side: Side | null): Survey[] => {
  if (!side) return [];
  const due: Survey[] = [];
  if (record.firstSessionAt && (record.state === 'ACTIVE' || record.state === 'SUSPENDED') && !record.fitCheck?.[side]) due.push('fit_check');
  if (record.state === 'COMPLETED' && !record.closingSurvey?.[side]) due.push('closing');
  return due;
};

const attributeOf = (survey: Survey) => (survey === 'fit_check' ? 'fitCheck' : 'closingSurvey');

/**
 * Stores the feedback and the side's answer in one transaction, only while the survey is due for that side.
 * Both sides may answer at once: the map attribute is made by whichever comes first, the other retries.
 */
export const answerSurvey = async (
  mentorshipId: string,
  side: Side,
  survey: Survey,
  feedback: FeedbackItem,
  fit: FitCheckAnswer | undefined,
): Promise<{ flagged: boolean; record: MentorshipRecord }> => {
  for (let attempt = 1; ; attempt += 1) {
    const record = await getMentorship(mentorshipId);
    if (!record) throw new DomainError('not_found', 'There is no such mentorship.');
    if (!surveysDue(record, side).includes(survey)) {
      throw new DomainError(
        'conflict',
        survey === 'fit_check' ? 'The fit check is not due: it comes once, after your first session.' : 'The closing survey is not due: it comes once, when the mentorship is completed.',
        'not_due',
      );
    }
    const attribute = attributeOf(survey);
    const value = survey === 'fit_check' ? fit : feedback.createdAt;
    const exists = record[attribute] !== undefined;
    const flag = survey === 'fit_check' && fit === 'not_a_fit';
    const sets = [exists ? '#survey.#side = :value' : '#survey = :map', ...(flag ? ['fitFlaggedAt = if_not_exists(fitFlaggedAt, :at)'] : [])];
    try {
      await documentClient.send(
        new TransactWriteCommand({
          TransactItems: [
            feedbackPut(feedback),
            {
              Update: {
                TableName: tableName('mentorships'),
                Key: metaKey(mentorshipId),
                UpdateExpression: `SET ${sets.join(', ')}`,
                ConditionExpression: exists ? 'attribute_exists(#survey) AND attribute_not_exists(#survey.#side)' : 'attribute_exists(pk) AND attribute_not_exists(#survey)',
                ExpressionAttributeNames: { '#survey': attribute, ...(exists ? { '#side': side } : {}) },
                ExpressionAttributeValues: {
                  ...(exists ? { ':value': value } : { ':map': { [side]: value } }),
                  ...(flag ? { ':at': feedback.createdAt } : {}),
                },
              },
            },
          ],
        }),
      );
      return { flagged: flag, record };
    } catch (error) {
      if (!(error instanceof TransactionCanceledException) || attempt >= 3) throw error;
    }
  }
};
