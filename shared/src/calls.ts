import * as z from 'zod';

/** What GET /api/calls and GET /api/calls/{type}/{id}/artifacts answer; the sessions page reads the same types. */
export const callSummarySchema = z.object({
  cid: z.string(),
  type: z.string(),
  id: z.string(),
  createdAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  createdBy: z.string().nullable(),
});
export type CallSummary = z.infer<typeof callSummarySchema>;

export const callListSchema = z.object({ calls: z.array(callSummarySchema) });
export type CallList = z.infer<typeof callListSchema>;

export type ArtifactKind = 'recording' | 'transcription';

export const artifactSchema = z.object({
  sessionId: z.string(),
  filename: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  size: z.number(),
  contentType: z.string(),
  /** A presigned S3 GET URL that plays or shows the file inline, valid for ARTIFACT_URL_TTL_SECONDS. */
  url: z.url(),
  /** The same file as an attachment: browsers ignore `download` on cross-origin links, S3's disposition is not. */
  downloadUrl: z.url(),
});
export type Artifact = z.infer<typeof artifactSchema>;

export const callArtifactsSchema = z.object({
  recordings: z.array(artifactSchema),
  transcriptions: z.array(artifactSchema),
  /** The names of the call's members (removed ones too) by their Stream user id: a transcript's `speaker_id` is one. */
  speakers: z.record(z.string(), z.string()),
});
export type CallArtifacts = z.infer<typeof callArtifactsSchema>;

export const ARTIFACT_URL_TTL_SECONDS = 300;

/** Stream call ids: `<type>:<id>`, each part made of letters, digits, `_` and `-`. */
export const CALL_PART_PATTERN = /^[\w-]{1,64}$/;

/** How long a guest link lets its holder in: a day covers "join us tomorrow morning" without living on. */
export const GUEST_INVITATION_TTL_SECONDS = 24 * 60 * 60;

/** What POST /api/calls/{type}/{id}/guest-invitations answers: the signed invitation and the link that carries it. */
export const guestInvitationSchema = z.object({
  invitation: z.string(),
  /** Path of the guest page with the invitation in the fragment, which browsers never send to a server or in a Referer. */
  path: z.string(),
  expiresAt: z.string(),
});
export type GuestInvitation = z.infer<typeof guestInvitationSchema>;
