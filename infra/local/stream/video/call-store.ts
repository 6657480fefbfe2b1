import { mkdirSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { callTypeSettings, type Settings } from './call-types';

export interface StoredMember {
  user_id: string;
  role?: string;
  custom: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

export interface StoredParticipant {
  user_id: string;
  user_session_id: string;
  role: string;
  joined_at: string;
  left_at?: string;
}

export interface StoredSession {
  id: string;
  started_at?: string;
  ended_at?: string;
  participants: StoredParticipant[];
  accepted_by: Record<string, string>;
  rejected_by: Record<string, string>;
  missed_by: Record<string, string>;
}

export interface StoredArtifact {
  kind: 'recording' | 'transcription';
  filename: string;
  session_id: string;
  start_time: string;
  end_time: string;
  recording_type?: string;
  /** where a recording's file is (none: the canned clip, made where the machine had no ffmpeg) */
  path?: string;
  /** a transcript's utterances, in Stream's JSONL shape (one line each) */
  lines?: TranscriptLine[];
}

export interface TranscriptLine {
  type: 'speech';
  start_time: string;
  stop_time: string;
  speaker_id: string;
  text: string;
}

export interface StoredCall {
  type: string;
  id: string;
  created_by: string;
  created_at: string;
  updated_at: string;
  ended_at?: string;
  starts_at?: string;
  team?: string;
  custom: Record<string, unknown>;
  settings: Settings;
  members: Record<string, StoredMember>;
  session?: StoredSession;
  recording: boolean;
  recording_started_at?: string;
  transcribing: boolean;
  transcription_started_at?: string;
  captioning?: boolean;
  /** HLS of the call runs (start_broadcasting, go_live with start_hls or hls auto_on) until stop_broadcasting or the live ends. */
  broadcasting?: boolean;
  artifacts: StoredArtifact[];
  /** Set by go_live, cleared by stop_live: a call whose settings enable backstage is in backstage until then. */
  live?: boolean;
  blocked_user_ids?: string[];
  /** Pinned for everyone, in the call's current session. */
  pins?: { user_id: string; session_id: string }[];
  /** What update_user_permissions granted or revoked, per user; for the call's current session only. */
  user_grants?: Record<string, { granted: string[]; revoked: string[] }>;
}

export const cidOf = (call: { type: string; id: string }) => `${call.type}:${call.id}`;

/**
 * A session still open in the file was cut short by a restart (the SFU's connections died with it): it ends where
 * the file left it, quietly, since nobody is in it any more.
 */
const closeStaleSession = (call: StoredCall) => {
  const session = call.session;
  if (session && !session.ended_at) {
    const times = [call.updated_at, session.started_at, ...session.participants.flatMap((p) => [p.joined_at, p.left_at])];
    const lastSeen = times.filter((t): t is string => Boolean(t)).sort().at(-1) ?? call.updated_at;
    for (const p of session.participants) p.left_at ??= lastSeen;
    if (session.started_at) session.ended_at = lastSeen;
  }
  call.recording = false;
  call.transcribing = false;
  call.captioning = false;
  call.broadcasting = false;
  return call;
};

/** The calls, kept in memory and, with a data directory, in one JSON file written after each change. */
export class CallStore {
  private readonly calls = new Map<string, StoredCall>();
  private readonly file: string | undefined;

  constructor(dataDir?: string) {
    if (!dataDir) return;
    mkdirSync(dataDir, { recursive: true });
    this.file = join(dataDir, 'video-calls.json');
    try {
      for (const call of JSON.parse(readFileSync(this.file, 'utf8')) as StoredCall[]) this.calls.set(cidOf(call), closeStaleSession(call));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  get(cid: string) {
    return this.calls.get(cid);
  }

  all() {
    return [...this.calls.values()];
  }

  create(type: string, id: string, createdBy: string, now: string): StoredCall {
    const call: StoredCall = {
      type, id, created_by: createdBy, created_at: now, updated_at: now, custom: {}, settings: callTypeSettings(type),
      members: {}, recording: false, transcribing: false, artifacts: [], blocked_user_ids: [], user_grants: {},
    };
    this.calls.set(cidOf(call), call);
    return call;
  }

  delete(cid: string) {
    this.calls.delete(cid);
    this.save();
  }

  /** Called after every change; the whole file is rewritten (a stage holds a handful of calls). */
  save() {
    if (!this.file) return;
    writeFileSync(`${this.file}.tmp`, JSON.stringify(this.all()));
    renameSync(`${this.file}.tmp`, this.file);
  }
}
