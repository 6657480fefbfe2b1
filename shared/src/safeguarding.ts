/**
 * Safeguarding (docs/domain.md "Safeguarding"): reports of a concern, blocks, suspensions, and a member's own
 * data. The labels below are pure data, exported for the SPA through `@mentoring/shared/safeguarding-labels`.
 */
import * as z from 'zod';
import { REPORT_CATEGORIES, REPORT_STATUSES, DELETE_ACCOUNT_CONFIRMATION, type ReportCategory } from './safeguarding-labels';

export * from './safeguarding-labels';

const id = z.string().min(1).max(128);

/** What a report is about. A message names its channel (cid) and id; a call its cid; the rest their ids. */
export const reportSubjectSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('member'), memberId: id }),
  z.object({
    kind: z.literal('message'),
    channelCid: z.string().regex(/^[\w-]+:[\w!-]+$/).max(200),
    messageId: z.string().min(1).max(255),
    /** The author as the reporter's client shows it; the coordinator verifies it in the channel. */
    memberId: id.optional(),
    /** The message's text as the reporter saw it, so coordinators read it even if it is later deleted. */
    excerpt: z.string().max(2000).optional(),
  }),
  z.object({ kind: z.literal('call'), callCid: z.string().regex(/^[\w-]+:[\w-]+$/).max(200) }),
  z.object({ kind: z.literal('mentorship'), mentorshipId: id }),
  /** A participant of a group session (its host, a co-host, a speaker or a member with a place), by another. */
  z.object({ kind: z.literal('group_session'), groupSessionId: z.uuid(), memberId: id }),
]);
export type ReportSubject = z.infer<typeof reportSubjectSchema>;

export const reportInputSchema = z.strictObject({
  category: z.enum(Object.keys(REPORT_CATEGORIES) as [ReportCategory, ...ReportCategory[]]),
  description: z.string().trim().min(1, 'Say what happened.').max(4000),
  subject: reportSubjectSchema,
  /** End the reporter's mentorship with the person concerned at once (through the mentorship's end transition). */
  endMentorship: z.boolean().optional(),
});
export type ReportInput = z.infer<typeof reportInputSchema>;

/** What the reporter is told: that it arrived, never what coordinators do with it. */
export const reportReceiptSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** The mentorship that was ended at the reporter's request, if any. */
  endedMentorshipId: z.string().nullable(),
});

const personSchema = z.object({ id: z.string(), name: z.string() }).nullable();

export const reportNoteSchema = z.object({ at: z.string(), authorId: z.string(), authorName: z.string(), text: z.string() });

export const reportSummarySchema = z.object({
  id: z.string(),
  category: z.enum(Object.keys(REPORT_CATEGORIES) as [ReportCategory, ...ReportCategory[]]),
  status: z.enum(REPORT_STATUSES),
  subject: reportSubjectSchema,
  reporter: personSchema,
  /** The member the report is about, where the server could tell. */
  concerns: personSchema,
  mentorshipId: z.string().nullable(),
  endedMentorshipId: z.string().nullable(),
  /** The group session a participant was reported from (its title as it was then), or null. */
  groupSession: z.object({ id: z.string(), title: z.string() }).nullable(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

export const reportDetailSchema = reportSummarySchema.extend({ notes: z.array(reportNoteSchema) });
export type ReportDetail = z.infer<typeof reportDetailSchema>;

export const reportListSchema = z.object({ reports: z.array(reportSummarySchema) });

export const reportStatusChangeSchema = z.strictObject({
  status: z.enum(REPORT_STATUSES),
  /** The version read: a change made meanwhile by another coordinator is a 409, never overwritten. */
  version: z.number().int().positive(),
});
export const reportNoteInputSchema = z.strictObject({ text: z.string().trim().min(1, 'Write the note.').max(4000) });

export const blockSchema = z.object({ memberId: z.string(), displayName: z.string(), blockedAt: z.string() });
export const blockListSchema = z.object({ blocks: z.array(blockSchema) });
export const blockResultSchema = z.object({ blocked: z.boolean(), endedMentorshipIds: z.array(z.string()) });

export const suspensionSchema = z.object({ id: z.string(), suspended: z.boolean(), suspendedAt: z.string().nullable() });

export const deleteAccountSchema = z.strictObject({
  confirm: z.literal(DELETE_ACCOUNT_CONFIRMATION, { error: `Type "${DELETE_ACCOUNT_CONFIRMATION}" to confirm.` }),
});

/** Everything the programme holds about the member: loose on purpose, it mirrors what is stored. */
export const dataExportSchema = z.object({
  exportedAt: z.string(),
  account: z.object({ id: z.string(), email: z.string().nullable(), name: z.string().nullable() }),
  profile: z.record(z.string(), z.unknown()).nullable(),
  mentorships: z.array(z.record(z.string(), z.unknown())),
  sessions: z.array(z.record(z.string(), z.unknown())),
  calls: z.array(z.record(z.string(), z.unknown())),
  reportsMade: z.array(z.record(z.string(), z.unknown())),
  blocks: z.array(z.record(z.string(), z.unknown())),
  retention: z.string(),
});
