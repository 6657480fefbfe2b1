import { z } from 'zod';

/** The parts of Stream's call events the consumers read; everything else in a payload is kept but ignored. */
const cid = z.string().regex(/^[\w-]{1,64}:[\w-]{1,64}$/);
const timestamp = z.iso.datetime({ offset: true });

export const callEventSchema = z.looseObject({ type: z.string(), call_cid: cid, created_at: timestamp });

const artifactFile = z.looseObject({
  filename: z.string().min(1).max(512),
  url: z.url({ protocol: /^https?$/ }),
  start_time: timestamp.nullish(),
  end_time: timestamp.nullish(),
  session_id: z.string().min(1).max(128).nullish(),
});

export const artifactReadySchema = callEventSchema.extend({
  session_id: z.string().min(1).max(128).nullish(),
  call_recording: artifactFile.optional(),
  call_transcription: artifactFile.optional(),
});

const member = z.looseObject({ user_id: z.string().min(1), role: z.string().nullish() });
/** call.blocked_user: the user a host blocked. */
const blockedUser = z.looseObject({ id: z.string().min(1).max(128) });

export const membershipEventSchema = callEventSchema.extend({
  // call.permissions_updated: the user's capabilities in the call now (who is on stage).
  own_capabilities: z.array(z.string().min(1).max(64)).max(100).nullish(),
  call: z.looseObject({ created_by: z.looseObject({ id: z.string() }).nullish(), created_at: timestamp.nullish() }).optional(),
  // call.member_removed lists user ids; the other events list member objects.
  members: z.array(z.union([member, z.string().min(1)])).optional(),
  session_id: z.string().nullish(),
  user: blockedUser.nullish(),
});

const participant = z.looseObject({
  user: z.looseObject({ id: z.string().min(1).max(128) }),
  user_session_id: z.string().min(1).max(128),
  joined_at: timestamp.nullish(),
});

/** What the session-record consumer reads of call sessions, participants and ready artifacts. */
export const sessionRecordEventSchema = callEventSchema.extend({
  session_id: z.string().min(1).max(128).nullish(),
  participant: participant.nullish(),
  duration_seconds: z.number().min(0).nullish(),
  call_recording: artifactFile.nullish(),
  call_transcription: artifactFile.nullish(),
  egress_id: z.string().max(256).nullish(),
});

/** What a group session reads of its call's events: participants joining and leaving, the user a host blocked. */
export const groupCallEventSchema = sessionRecordEventSchema.extend({ user: blockedUser.nullish() });

/** call.missed: who rang (`user`) and who missed it (`members`, Stream's "members who missed the call"). */
export const missedCallEventSchema = callEventSchema.extend({
  user: z.looseObject({ id: z.string().min(1).max(128), name: z.string().nullish() }),
  members: z.array(member).max(1000),
});
