/**
 * Sessions of a mentorship: booked from the pair's common availability or logged from a call of
 * the mentorship, with shared notes, the pair's action items and the fit check / closing survey.
 * A session's id is its call's id (`m-<mentorshipId>-<suffix>`, see mentorship-calls.ts).
 */
import * as z from 'zod';

import { MAX_PROPOSED_TIMES, MAX_SLOT_DAYS, SESSION_LENGTHS, SESSION_STATES } from './sessions-rules';

export * from './sessions-rules';

const isoInstant = z.iso.datetime({ offset: true });

export const attendanceSchema = z.object({
  memberId: z.string(),
  displayName: z.string(),
  /** First join and last leave in the call; seconds sums every stretch the member was in it. */
  joinedAt: z.string(),
  leftAt: z.string().nullable(),
  seconds: z.number().int().min(0),
});

export const sessionSchema = z.object({
  id: z.string(),
  mentorshipId: z.string(),
  state: z.enum(SESSION_STATES),
  /** False for a call of the mentorship that was never booked (an unplanned session). */
  planned: z.boolean(),
  /** The booked start (null while proposed); for an unplanned session, when its call started. */
  startsAt: z.string().nullable(),
  durationMinutes: z.number().int(),
  agenda: z.string(),
  /** While proposed: the times offered (ISO instants). */
  proposedTimes: z.array(z.string()),
  /** The member who booked or proposed it (null for an unplanned session). */
  bookedBy: z.string().nullable(),
  /** The call of this session (`default`, the session's id). */
  callType: z.literal('default'),
  callId: z.string(),
  cancelledBy: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** From the call's webhooks. */
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  attendance: z.array(attendanceSchema),
  /** Who consented, in the call, to recording and transcription; both start only once everyone present has. */
  recordingConsent: z.array(z.object({ memberId: z.string(), at: z.string() })),
  hasRecording: z.boolean(),
  hasTranscript: z.boolean(),
  /** A recording or transcription of the call failed (Stream's `*_failed`): what it would have kept is not there. */
  recordingFailed: z.boolean(),
  transcriptionFailed: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });

const agenda = z.string().trim().max(2000);
const reason = z.string().trim().min(1, 'Say why, so the other person knows.').max(500);
const length = z.union(SESSION_LENGTHS.map((minutes) => z.literal(minutes)) as unknown as [z.ZodLiteral<30>, z.ZodLiteral<45>, z.ZodLiteral<60>, z.ZodLiteral<90>]);

/** POST /api/mentorships/{id}/sessions: book one start, or propose up to three for the other to pick. */
export const sessionBookingSchema = z.union([
  z.object({ startsAt: isoInstant, durationMinutes: length, agenda }),
  z.object({
    proposedTimes: z
      .array(isoInstant)
      .min(1)
      .max(MAX_PROPOSED_TIMES)
      .refine((times) => new Set(times.map((time) => Date.parse(time))).size === times.length, 'Each time once.'),
    durationMinutes: length,
    agenda,
  }),
]);
export type SessionBooking = z.infer<typeof sessionBookingSchema>;

export const sessionConfirmSchema = z.object({ startsAt: isoInstant });
export const sessionRescheduleSchema = z.object({ startsAt: isoInstant, durationMinutes: length.optional(), reason });
export const sessionCancelSchema = z.object({ reason });

/** GET /api/mentorships/{id}/slots: the pair's common free slots, as UTC instants; the SPA shows them in the viewer's zone. */
export const slotQuerySchema = z.object({
  from: isoInstant.optional(),
  days: z.coerce.number().int().min(1).max(MAX_SLOT_DAYS).default(14),
  durationMinutes: z.coerce.number().pipe(length).default(60),
});
export const slotListSchema = z.object({
  slots: z.array(z.object({ startsAt: z.string(), endsAt: z.string() })),
  /** Each member's zone, so the page can say "18:00 for you, 19:00 for Ana". */
  timezones: z.object({ mentor: z.string(), mentee: z.string() }),
});

/** Shared notes of a session: `version` is what the writer last read; a stale version is a 409 with the current notes. */
export const sessionNotesSchema = z.object({
  text: z.string(),
  version: z.number().int().min(0),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export const sessionNotesInputSchema = z.object({ text: z.string().max(20_000), version: z.number().int().min(0) });

export const sessionDetailSchema = sessionSchema.extend({ notes: sessionNotesSchema });

export const actionItemSchema = z.object({
  id: z.string(),
  mentorshipId: z.string(),
  text: z.string(),
  /** The member who owns it (either of the pair). */
  ownerId: z.string(),
  /** A calendar day (YYYY-MM-DD) or none. */
  dueOn: z.string().nullable(),
  done: z.boolean(),
  /** The session it came out of, if any. */
  sessionId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type ActionItem = z.infer<typeof actionItemSchema>;
export const actionItemListSchema = z.object({ items: z.array(actionItemSchema) });

const day = z.iso.date();
export const actionItemInputSchema = z.object({
  text: z.string().trim().min(1, 'Say what is to be done.').max(500),
  ownerId: z.string().min(1).max(128),
  dueOn: day.nullable().optional(),
  sessionId: z.string().max(64).nullable().optional(),
});
export const actionItemUpdateSchema = actionItemInputSchema.partial().extend({ done: z.boolean().optional(), version: z.number().int().min(0) });

/** The surveys a member is asked through the feedback dialog's `match` type, stored with the mentorship. */
export const SURVEYS = ['fit_check', 'closing'] as const;
export type Survey = (typeof SURVEYS)[number];
export const FIT_CHECK_ANSWERS = ['good', 'unsure', 'not_a_fit'] as const;
export type FitCheckAnswer = (typeof FIT_CHECK_ANSWERS)[number];
