/**
 * Group sessions (docs/domain.md, "Group sessions"): workshops (a `livestream` call) and open circles (an
 * `audio_room` call), scheduled by a coordinator or an approved mentor, with a capacity and then a waiting list.
 * Pure rules live beside these schemas (rules.ts), so the SPA and the functions read the same ones.
 */
import * as z from 'zod';
import { RATING_STARS } from '../feedback';

import { GROUP_AUDIENCES, GROUP_CAPACITY_MAX, GROUP_LENGTHS, GROUP_SESSION_KINDS, GROUP_SESSION_STATES, GROUP_STAGE_MAX } from './constants';

export * from './constants';
const isoInstant = z.iso.datetime({ offset: true });
const memberId = z.string().min(1).max(128);
const length = z.union(GROUP_LENGTHS.map((minutes) => z.literal(minutes)) as unknown as [z.ZodLiteral<30>, z.ZodLiteral<45>, z.ZodLiteral<60>, z.ZodLiteral<90>, z.ZodLiteral<120>]);

/** POST /api/group-sessions. Topics must be on the programme's list (checked by the server against the stored list). */
export const groupSessionInputSchema = z
  .object({
    kind: z.enum(GROUP_SESSION_KINDS),
    title: z.string().trim().min(3, 'Give it a title of at least 3 characters.').max(120),
    description: z.string().trim().max(4000),
    topics: z.array(z.string().min(1).max(80)).min(1, 'Choose at least one topic.').max(5).refine((topics) => new Set(topics).size === topics.length, 'Each topic once.'),
    startsAt: isoInstant,
    durationMinutes: length,
    capacity: z.number().int().min(2).max(GROUP_CAPACITY_MAX),
    audience: z.enum(GROUP_AUDIENCES),
    coHostIds: z.array(memberId).max(GROUP_STAGE_MAX).default([]),
    speakerIds: z.array(memberId).max(GROUP_STAGE_MAX).default([]),
  })
  .refine((input) => new Set([...input.coHostIds, ...input.speakerIds]).size === input.coHostIds.length + input.speakerIds.length, {
    message: 'A member is a co-host or a speaker, once.',
    path: ['speakerIds'],
  });
export type GroupSessionInput = z.output<typeof groupSessionInputSchema>;

/** GET /api/group-sessions: upcoming ones the member may join, filtered. */
export const groupSessionListQuerySchema = z.object({
  topic: z.string().min(1).max(80).optional(),
  kind: z.enum(GROUP_SESSION_KINDS).optional(),
  audience: z.enum(GROUP_AUDIENCES).optional(),
  /** Only those starting at or after / before these instants. */
  from: isoInstant.optional(),
  to: isoInstant.optional(),
});

export const groupSessionCancelSchema = z.object({ reason: z.string().trim().min(1, 'Say why, so those who signed up know.').max(500) });

/** The member's place: none, a seat, or their position on the waiting list (1 = next to move up). */
export const groupPlaceSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('none') }),
  z.object({ status: z.literal('signed_up'), signedUpAt: z.string() }),
  z.object({ status: z.literal('waiting'), position: z.number().int().min(1), signedUpAt: z.string() }),
]);
export type GroupPlace = z.infer<typeof groupPlaceSchema>;

/** The member's part in a group session. */
export const GROUP_PARTS = ['host', 'co_host', 'speaker', 'participant', 'none'] as const;
export type GroupPart = (typeof GROUP_PARTS)[number];

const personSchema = z.object({ id: z.string(), displayName: z.string() });

export const groupSessionSchema = z.object({
  id: z.string(),
  kind: z.enum(GROUP_SESSION_KINDS),
  title: z.string(),
  description: z.string(),
  topics: z.array(z.string()),
  startsAt: z.string(),
  durationMinutes: z.number().int(),
  capacity: z.number().int(),
  audience: z.enum(GROUP_AUDIENCES),
  state: z.enum(GROUP_SESSION_STATES),
  host: personSchema,
  coHosts: z.array(personSchema),
  speakers: z.array(personSchema),
  /** Places taken, and how many wait. */
  taken: z.number().int(),
  waiting: z.number().int(),
  callType: z.enum(['livestream', 'audio_room']),
  /** The viewer's part and place. */
  part: z.enum(GROUP_PARTS),
  place: groupPlaceSchema,
  cancelReason: z.string().nullable(),
  /** A workshop a coordinator made public: its broadcast plays for visitors at /watch/{id}. */
  public: z.boolean(),
  /**
   * Who joined the call and for how long, from its webhooks (first join, whole seconds of the stretches that ended,
   * and whether they are in it now): for the host, co-hosts and coordinators, on the session's own page; null for
   * others and in lists.
   */
  attendance: z.array(z.object({ member: personSchema, joinedAt: z.string(), seconds: z.number().int(), inCall: z.boolean() })).nullable(),
  /** The viewer's own rating of the session (a participant's) and its comment, to change it by, or null. */
  myRating: z.object({ rating: z.number().int(), comment: z.string() }).nullable(),
  /**
   * The participants' ratings, for the host, co-hosts and coordinators: how many, their mean, and the comments,
   * newest first and without names (a participant rates the host's session, so the host reads no one's by name).
   */
  ratings: z.object({ count: z.number().int(), average: z.number().nullable(), comments: z.array(z.string()) }).nullable(),
  /**
   * Whether the viewer reads the call's recordings and transcripts (GET /api/calls/{callType}/g-{id}/artifacts): those
   * on stage, members with a place whom the host did not remove, and coordinators.
   */
  archive: z.boolean(),
  /**
   * Who consented to the call's recording and transcription (their Stream user ids, and when), for those who may be
   * in the room and coordinators, so the room asks whoever on stage has not; null for others and in lists.
   */
  recordingConsents: z.array(z.object({ streamUserId: z.string(), at: z.string() })).nullable(),
  createdAt: z.string(),
});

/** PUT /api/group-sessions/{id}/rating: a participant with a place rates the session once it took place; again replaces it. */
export const groupRatingInputSchema = z.object({
  rating: z.number().int().min(1, `Choose from 1 to ${RATING_STARS} stars.`).max(RATING_STARS, `Choose from 1 to ${RATING_STARS} stars.`),
  comment: z.string().trim().max(1000).default(''),
});
export type GroupRatingInput = z.output<typeof groupRatingInputSchema>;
export type GroupSession = z.infer<typeof groupSessionSchema>;

/** PUT /api/group-sessions/{id}/public: a coordinator makes a workshop public, or no longer. */
export const groupSessionPublicInputSchema = z.object({ public: z.boolean() });

/**
 * GET /api/public/workshops/{id}: what a visitor (no sign-in) sees of a public workshop. Nobody's id, no place, no
 * chat, no way on stage: the title, its time and host's name, and while it is broadcast the HLS playlist to play.
 */
export const publicWorkshopSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  startsAt: z.string(),
  durationMinutes: z.number().int(),
  state: z.enum(GROUP_SESSION_STATES),
  hostName: z.string(),
  broadcast: z.object({ playlistUrl: z.url() }).nullable(),
});
export type PublicWorkshop = z.infer<typeof publicWorkshopSchema>;

export const groupSessionListSchema = z.object({ groupSessions: z.array(groupSessionSchema) });

/** POST /api/group-sessions/{id}/join: the call, for those with a place or a part on stage. */
export const groupJoinSchema = z.object({
  callType: z.enum(['livestream', 'audio_room']),
  callId: z.string(),
  /** The call member role the server gave the member: host (host and co-hosts), speaker, or user. */
  role: z.enum(['host', 'speaker', 'user']),
});
export type GroupJoin = z.infer<typeof groupJoinSchema>;
