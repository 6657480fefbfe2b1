/** What GET /api/calls and GET /api/calls/{type}/{id}/artifacts answer; the sessions page reads the same types. */
export interface CallSummary {
  cid: string;
  type: string;
  id: string;
  createdAt: string | null;
  endedAt: string | null;
  createdBy: string | null;
}

export interface CallList {
  calls: CallSummary[];
}

export type ArtifactKind = 'recording' | 'transcription';

export interface Artifact {
  sessionId: string;
  filename: string;
  startTime: string | null;
  endTime: string | null;
  size: number;
  contentType: string;
  /** A presigned S3 GET URL that plays or shows the file inline, valid for ARTIFACT_URL_TTL_SECONDS. */
  url: string;
  /** The same file as an attachment: browsers ignore `download` on cross-origin links, S3's disposition is not. */
  downloadUrl: string;
}

export interface CallArtifacts {
  recordings: Artifact[];
  transcriptions: Artifact[];
}

export const ARTIFACT_URL_TTL_SECONDS = 300;

/** Stream call ids: `<type>:<id>`, each part made of letters, digits, `_` and `-`. */
export const CALL_PART_PATTERN = /^[\w-]{1,64}$/;
