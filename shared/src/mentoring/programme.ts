import * as z from 'zod';

/** The topics a new programme starts with; coordinators edit the list in the product. */
export const DEFAULT_TOPICS = [
  'Career change',
  'Job search and interviews',
  'Frontend development',
  'Backend development',
  'Mobile development',
  'Data science',
  'Machine learning',
  'DevOps and cloud',
  'Security',
  'Product management',
  'UX and design',
  'Leadership',
  'Entrepreneurship',
  'Open source',
  'Public speaking',
  'Freelancing',
] as const;

export const DEFAULT_CODE_OF_CONDUCT = `We are here to learn from each other. Be respectful and kind, in words and in what you share.
Keep what others tell you in confidence. Never ask for or send money, and never share contact details to move a
mentorship off the platform before you trust each other. Harassment, discrimination and any sexual content are
never acceptable. If something feels wrong, report it: a coordinator will read every report.`;

export const MAX_TOPICS = 60;
export const MAX_TOPIC_LENGTH = 60;

const topic = z.string().trim().min(1).max(MAX_TOPIC_LENGTH);

/** The programme's settings, one per deployment, edited by coordinators at /coordinator/settings. */
export const programmeSettingsSchema = z.object({
  name: z.string().trim().min(1).max(120),
  /** Whether a new mentee waits for a coordinator's approval (default no). */
  menteesNeedApproval: z.boolean(),
  /** How many open requests a mentee may have at once. */
  maxOpenRequestsPerMentee: z.number().int().min(1).max(10),
  /** Days a request stays open; the mentor is reminded half-way. */
  requestExpiryDays: z.number().int().min(2).max(60),
  /** Default length of a mentorship, in months. */
  mentorshipMonths: z.number().int().min(1).max(24),
  topics: z
    .array(topic)
    .min(1)
    .max(MAX_TOPICS)
    .refine((list) => new Set(list.map((entry) => entry.toLowerCase())).size === list.length, 'Topics must be unique.'),
  /** Who may browse the mentor directory. */
  directoryVisibility: z.enum(['members', 'public']),
  codeOfConduct: z.string().trim().min(20).max(20_000),
  /**
   * Minutes a message may stay unread before its reader is e-mailed about the conversation (DOMAIN.md,
   * "Notifications"). Defaulted, so a form or client that predates the setting still saves.
   */
  messageEmailDelayMinutes: z.number().int().min(1).max(24 * 60).default(15),
});
export type ProgrammeSettings = z.infer<typeof programmeSettingsSchema>;

/** Accepting the code of conduct records which text was accepted: a change asks members again. */
export const programmeSchema = programmeSettingsSchema.extend({
  /** Increases on every change of the code of conduct text. */
  codeOfConductVersion: z.number().int().min(1),
  updatedAt: z.string().nullable(),
});
export type Programme = z.infer<typeof programmeSchema>;

export const DEFAULT_PROGRAMME: Programme = {
  name: 'Mentoring programme',
  menteesNeedApproval: false,
  maxOpenRequestsPerMentee: 3,
  requestExpiryDays: 14,
  mentorshipMonths: 6,
  topics: [...DEFAULT_TOPICS],
  directoryVisibility: 'members',
  codeOfConduct: DEFAULT_CODE_OF_CONDUCT,
  messageEmailDelayMinutes: 15,
  codeOfConductVersion: 1,
  updatedAt: null,
};
