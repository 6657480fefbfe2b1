/** The stage's retention of recordings and transcripts (cdk.json recordingRetentionDays, RECORDING_RETENTION_DAYS). */
export const DEFAULT_RETENTION_DAYS = 30;

export const retentionDays = () => {
  const days = Number(process.env.RECORDING_RETENTION_DAYS);
  return Number.isInteger(days) && days > 0 ? days : DEFAULT_RETENTION_DAYS;
};

/** When an artifact archived at `archivedAt` expires, as DynamoDB's TTL reads it (epoch seconds). */
export const artifactExpiresAt = (archivedAt: string, days = retentionDays()) => Math.floor(new Date(archivedAt).getTime() / 1000) + days * 86_400;

export const retentionStatement = (days = retentionDays()) =>
  `Call recordings and transcripts are deleted ${days} days after they are archived, with their records. Your profile, mentorships and reports are kept until you delete your account; mentorship histories and reports stay with the programme after that, without your profile.`;
