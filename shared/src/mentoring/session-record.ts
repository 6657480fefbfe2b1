/**
 * What a session's call record adds to the sessions contract (sessions.ts): the in-call recording consent,
 * the notes conflict's detail, and the surveys a member is asked through the feedback dialog's `match` type.
 */
import * as z from 'zod';
import { FIT_CHECK_ANSWERS, SURVEYS, sessionNotesSchema } from './sessions';

/** A member of the pair as the call knows them: Stream user ids are derived from member ids (not always equal). */
export const sessionPartySchema = z.object({ memberId: z.string(), streamUserId: z.string(), displayName: z.string() });

/**
 * GET / POST /api/sessions/{id}/recording-consent: who of the pair has consented to this call's recording and
 * transcription. The call UI compares `consents` with the participants present and starts neither until all have.
 */
export const recordingConsentStateSchema = z.object({
  sessionId: z.string(),
  pair: z.array(sessionPartySchema),
  consents: z.array(z.object({ memberId: z.string(), streamUserId: z.string(), at: z.string() })),
});
export type RecordingConsentState = z.infer<typeof recordingConsentStateSchema>;

/**
 * A stale notes write answers 409 `conflict` in the documented error shape; its `issues` carry one entry of this
 * shape with the notes as they are now, so the SPA can show both versions without another read.
 */
export const notesConflictIssueSchema = z.object({ code: z.literal('stale_version'), current: sessionNotesSchema });
export type NotesConflictIssue = z.infer<typeof notesConflictIssueSchema>;

export const surveySchema = z.enum(SURVEYS);
export const fitCheckAnswerSchema = z.enum(FIT_CHECK_ANSWERS);
