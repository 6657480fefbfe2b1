import { z } from 'zod';

export const STAGE_NAMES = ['dev', 'staging', 'prod'] as const;
export type StageName = (typeof STAGE_NAMES)[number];

export const stageSettingsSchema = z.object({
  account: z.string().regex(/^\d{12}$/, 'must be a 12-digit AWS account id').optional(),
  region: z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region such as eu-west-1'),
  alarmEmail: z.email(),
  logRetentionDays: z.number().int().positive(),
  throttle: z.object({ rateLimit: z.number().positive(), burstLimit: z.number().int().positive() }),
  retainData: z.boolean(),
});
export type StageSettings = z.infer<typeof stageSettingsSchema>;

export interface StageConfig extends StageSettings {
  name: StageName;
}

/** Reads `-c stage=...` and that stage's settings from cdk.json; anything unknown or malformed fails synth. */
export const resolveStage = (stage: unknown, allSettings: unknown): StageConfig => {
  const name = z.enum(STAGE_NAMES).safeParse(stage);
  if (!name.success) {
    throw new Error(`Unknown stage "${String(stage)}": choose one of ${STAGE_NAMES.join(', ')} with -c stage=<name>.`);
  }
  const settings = stageSettingsSchema.safeParse((allSettings as Record<string, unknown> | undefined)?.[name.data]);
  if (!settings.success) {
    throw new Error(`Invalid settings for stage "${name.data}" in cdk.json:\n${z.prettifyError(settings.error)}`);
  }
  return { name: name.data, ...settings.data };
};
