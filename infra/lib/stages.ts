import { RemovalPolicy } from 'aws-cdk-lib';
import { z } from 'zod';

export const STAGE_NAMES = ['dev', 'staging', 'prod'] as const;
export type StageName = (typeof STAGE_NAMES)[number];

const LOG_RETENTION_DAYS = [1, 3, 5, 7, 14, 30, 60, 90, 180, 365, 731] as const;

const domainSchema = z.object({
  /** The name browsers use, e.g. mentoring.example.org (its DNS record is managed outside this app). */
  name: z.string().regex(/^([a-z0-9-]+\.)+[a-z]{2,}$/, 'must be a domain name such as app.example.org'),
  /** An ACM certificate in us-east-1 (CloudFront only uses that region) covering `name`. */
  certificateArn: z
    .string()
    .regex(/^arn:aws:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]+$/, 'must be an ACM certificate ARN in us-east-1'),
});

const mailSchema = z.object({
  /** The sender of every e-mail; SES must have it (or its domain) verified (docs/developing.md, E-mail). */
  from: z.email('must be an e-mail address such as no-reply@example.org'),
  /** The name mail clients show beside it. */
  fromName: z.string().trim().min(1).max(60).regex(/^[^<>"\r\n]+$/, 'must not hold <, >, " or line breaks').optional(),
});

export const stageSettingsSchema = z.object({
  account: z.string().regex(/^\d{12}$/, 'must be a 12-digit AWS account id').optional(),
  region: z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region such as eu-west-1'),
  domain: domainSchema.optional(),
  alarmEmail: z.email(),
  mail: mailSchema,
  logRetentionDays: z.literal(LOG_RETENTION_DAYS, {
    error: `must be a CloudWatch Logs retention in days: ${LOG_RETENTION_DAYS.join(', ')}`,
  }),
  throttle: z.object({ rateLimit: z.number().positive(), burstLimit: z.number().int().positive() }),
  /** true: tables, buckets and logs survive `cdk destroy` and tables refuse deletion (prod). */
  retainData: z.boolean(),
  /**
   * Days that call recordings and transcripts (the archive bucket's calls/ objects, and their records in the
   * calls table) are kept before they are deleted (docs/domain.md: a retention period set per stage).
   */
  recordingRetentionDays: z.number().int().min(1).max(3650),
  /**
   * AWS WAF: a web ACL on CloudFront (the shared rate limits and AWS's managed rules) and one on the user pool
   * (sign-up and sign-in limits). A fixed monthly cost (docs/security.md), so off unless a stage turns it on.
   */
  waf: z.boolean().default(false),
});
export type StageSettings = z.infer<typeof stageSettingsSchema>;

export interface StageConfig extends StageSettings {
  name: StageName;
  /** What /api/health and config.json report: `-c version=<git sha>` in the pipeline, else the package version. */
  version: string;
}

/** Reads `-c stage=...` and that stage's settings from cdk.json; anything unknown or malformed fails synth. */
export const resolveStage = (stage: unknown, allSettings: unknown, version = '0.1.0'): StageConfig => {
  const name = z.enum(STAGE_NAMES).safeParse(stage);
  if (!name.success) {
    throw new Error(`Unknown stage "${String(stage)}": choose one of ${STAGE_NAMES.join(', ')} with -c stage=<name>.`);
  }
  const settings = stageSettingsSchema.strict().safeParse((allSettings as Record<string, unknown> | undefined)?.[name.data]);
  if (!settings.success) {
    throw new Error(`Invalid settings for stage "${name.data}" in cdk.json:\n${z.prettifyError(settings.error)}`);
  }
  return { name: name.data, version, ...settings.data };
};

/** MAIL_FROM as SES takes it: `Name <address>`, or the bare address. */
export const mailFrom = (stage: Pick<StageConfig, 'mail'>) => (stage.mail.fromName ? `${stage.mail.fromName} <${stage.mail.from}>` : stage.mail.from);

/**
 * The SES identity the stage sends from: with a custom domain, the sender's whole domain (DKIM-signed, so mail
 * is not marked as spoofed); without one, just the sender's address, verified by the link SES mails to it.
 */
export const mailIdentity = (stage: Pick<StageConfig, 'mail' | 'domain'>) =>
  stage.domain ? { kind: 'domain' as const, name: stage.mail.from.split('@')[1]! } : { kind: 'email' as const, name: stage.mail.from };

/** Secrets a function may name (`secrets: ['stream']` in the route or rule table), created by hand per stage (docs/operating.md). */
export const secretName = (stage: Pick<StageConfig, 'name'>, secret: string) => `mentoring/${stage.name}/${secret}`;

/** What happens to stateful resources when their stack is deleted. */
export const removalPolicy = (stage: StageConfig) => (stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY);

/**
 * The stages the full integration suite runs against after a deploy: it makes members, mentorships and sessions of
 * its own, so never prod. Only these have what it reads (an SES event destination, the test members' group) and
 * what removes what a killed run left behind (a daily clean-up); deploy-stage.yml runs it on exactly these.
 */
export const FULL_SUITE_STAGES = ['dev', 'staging'] as const satisfies readonly StageName[];
export const runsFullSuite = (stage: Pick<StageConfig, 'name'>) => (FULL_SUITE_STAGES as readonly StageName[]).includes(stage.name);

/** The SES configuration set and the queue of its events (the suite reads mail it caused there), on full-suite stages. */
/** The full suite's copy of every event the stage's bus takes (events stack). */
export const busEventNames = (stage: Pick<StageConfig, 'name'>) => ({ queue: `mentoring-${stage.name}-bus-events` });

export const mailEventNames = (stage: Pick<StageConfig, 'name'>) => ({
  configurationSet: `mentoring-${stage.name}`,
  queue: `mentoring-${stage.name}-mail-events`,
});
