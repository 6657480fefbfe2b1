/**
 * The event-rule table: read by the CDK events stack and by the local stage's in-process bus, so the two
 * cannot drift. Each rule routes events of one source (Stream's `getstream.io`, detail-type = the event's
 * `type`; or the product's own, shared/src/app-events.ts) to one consumer, a module under functions/src
 * exporting `handler`, and says what that consumer itself touches (`needs`); what every consumer of a source
 * needs to read its events is added here, once (`eventRules`), and both runtimes grant exactly the result.
 */
import { APP_EVENT_SOURCE, type AppEventType } from './app-events';
import type { FunctionNeeds } from './needs';

export const STREAM_EVENT_SOURCE = 'getstream.io';

export type EventSource = typeof STREAM_EVENT_SOURCE | typeof APP_EVENT_SOURCE;

export interface EventRuleDefinition {
  name: string;
  /** Whose events it matches; Stream's when absent. */
  source?: EventSource;
  detailTypes: readonly string[];
  handler: string;
  needs: FunctionNeeds;
  memoryMiB?: number;
  timeoutSeconds?: number;
}

const switched = (prefix: string) => [`${prefix}_started`, `${prefix}_stopped`, `${prefix}_failed`];

/** The call features whose on/off flags started, stopped and failed events switch (docs/product-spec.md, point 4). */
export const callFeatureEvents = {
  recording: switched('call.recording'),
  transcribing: switched('call.transcription'),
  captioning: switched('call.closed_captions'),
  broadcasting: [...switched('call.hls_broadcasting'), ...switched('call.rtmp_broadcast')],
} as const;

export type CallFeature = keyof typeof callFeatureEvents;

const consumers = [
  {
    name: 'archive-artifacts',
    detailTypes: ['call.recording_ready', 'call.transcription_ready'],
    handler: 'events/call-archive/handler',
    // A mentorship call's artifact, once archived, is linked from its session's record.
    needs: {
      tables: { calls: ['GetItem', 'PutItem'], sessions: ['GetItem', 'PutItem', 'UpdateItem', 'Query'], mentorships: ['GetItem', 'UpdateItem'], members: ['BatchGetItem'] },
      // The recordings and transcripts it copies in, as multipart uploads.
      buckets: { archive: ['PutObject', 'AbortMultipartUpload'] },
    },
    // Streams the file through in bounded parts, so memory stays flat however large the recording.
    memoryMiB: 512,
    timeoutSeconds: 900,
  },
  {
    name: 'call-status',
    detailTypes: Object.values(callFeatureEvents).flat(),
    handler: 'events/call-status/handler',
    // A mentorship call's recording or transcription started without everyone's consent is stopped, a group
    // session's without the consent of everyone on stage (its consents and stretches); one that failed goes to its
    // session's record.
    needs: {
      tables: { calls: ['UpdateItem', 'PutItem'], sessions: ['GetItem', 'PutItem', 'UpdateItem', 'Query'], mentorships: ['GetItem', 'UpdateItem'], members: ['BatchGetItem'], groupSessions: ['Query'] },
      secrets: ['stream'],
    },
  },
  {
    name: 'call-membership',
    detailTypes: ['call.created', 'call.member_added', 'call.member_removed', 'call.ended', 'call.session_ended', 'call.live_started', 'call.blocked_user', 'call.permissions_updated'],
    handler: 'events/call-membership/handler',
    // A mentorship call's session end goes to its record; a new one gets recording and transcription off. A group
    // session's call makes it live and ended, and keeps whom its host removed and brought on stage.
    needs: {
      tables: {
        calls: ['UpdateItem', 'PutItem'],
        sessions: ['GetItem', 'PutItem', 'UpdateItem', 'Query'],
        mentorships: ['GetItem', 'UpdateItem'],
        members: ['BatchGetItem'],
        groupSessions: ['Query', 'UpdateItem'],
      },
      secrets: ['stream'],
    },
  },
  {
    // A mentorship's call fills its session's record (attendance, times, recording and transcript links), a group
    // session's call its attendance.
    name: 'session-record',
    // One consumer per event type: call-membership (call.session_ended) and archive (the ready artifacts) add
    // their events to the record too, and call-status / call-membership keep recording consent (calls/).
    detailTypes: ['call.session_started', 'call.session_participant_joined', 'call.session_participant_left'],
    handler: 'events/call-record/handler',
    // A group session's call: who joined it, and for how long.
    needs: { tables: { sessions: ['GetItem', 'PutItem', 'UpdateItem', 'Query'], mentorships: ['GetItem', 'UpdateItem'], members: ['BatchGetItem', 'GetItem'], groupSessions: ['Query', 'UpdateItem'] } },
  },
  {
    // Whoever did not answer a ring finds it in their notifications list, with the page to call back from.
    name: 'missed-call',
    detailTypes: ['call.missed'],
    handler: 'events/missed-call/handler',
    needs: { tables: { members: ['GetItem'], notifications: ['PutItem'] }, siteUrl: true },
  },
  {
    // Stream work after a mentorship's transaction has committed, with the bus's retries and dead letters.
    name: 'mentorship-channel',
    source: APP_EVENT_SOURCE,
    detailTypes: ['mentorship.changed'],
    handler: 'events/mentorship-channel/handler',
    // members and safeguarding: an active pair's channel stays frozen while a side is suspended or blocked.
    needs: { tables: { mentorships: ['GetItem', 'Query'], members: ['BatchGetItem'], safeguarding: ['GetItem'] }, secrets: ['stream'] },
  },
  {
    name: 'stream-identity',
    source: APP_EVENT_SOURCE,
    detailTypes: ['member.changed'] satisfies AppEventType[],
    handler: 'events/stream-identity/handler',
    // Reads the member and upserts their Stream user (name, photo, role); the photo's URL must be absolute.
    needs: { tables: { members: ['GetItem'] }, secrets: ['stream'], siteUrl: true },
  },
  {
    // Chat messages a member has not read: an in-app notification per conversation, then one e-mail after the
    // programme's delay (schedule message-email); reading the conversation marks the notification read.
    name: 'message-notifications',
    detailTypes: ['message.new', 'message.read'],
    handler: 'events/chat-messages/handler',
    needs: {
      tables: { notifications: ['GetItem', 'PutItem', 'UpdateItem', 'Query'], mentorships: ['GetItem'], members: ['BatchGetItem'], safeguarding: ['GetItem'], programme: ['GetItem'] },
      schedules: true,
      // The notification is made from the e-mail's words, whose link is absolute.
      siteUrl: true,
    },
  },
] as const satisfies readonly EventRuleDefinition[];

/** The source a rule matches. */
export const ruleSource = (rule: Pick<EventRuleDefinition, 'source'>): EventSource => rule.source ?? STREAM_EVENT_SOURCE;

/**
 * The rules as both runtimes wire them: a consumer of Stream's events may be handed any of them stored by reference
 * (the webhook stores whichever is too large for the bus, of any type), so it reads stored events; the product's own
 * events are never stored, so their consumers do not.
 */
export const eventRules: readonly EventRuleDefinition[] = (consumers as readonly EventRuleDefinition[]).map((rule) => (ruleSource(rule) === STREAM_EVENT_SOURCE ? { ...rule, needs: { ...rule.needs, storedEvents: true } } : rule));

/** The rules an event of this source and detail-type matches (EventBridge's pattern semantics for these rules). */
export const matchingRules = (source: string, detailType: string): readonly EventRuleDefinition[] =>
  eventRules.filter((rule) => ruleSource(rule) === source && rule.detailTypes.includes(detailType));

/** EventBridge refuses a PutEvents entry over 256 KB. */
export const MAX_EVENT_ENTRY_BYTES = 256 * 1024;

/**
 * An entry's size as EventBridge counts it ("Calculating PutEvents event entry size"): the UTF-8 bytes of
 * Source, DetailType, Detail and each resource, plus 14 for a Time. The webhook and the local bus share it.
 */
export const eventEntrySize = (entry: { Source?: string; DetailType?: string; Detail?: string; Resources?: readonly string[]; Time?: unknown }) =>
  (entry.Time === undefined ? 0 : 14) +
  Buffer.byteLength(entry.Source ?? '') +
  Buffer.byteLength(entry.DetailType ?? '') +
  Buffer.byteLength(entry.Detail ?? '') +
  (entry.Resources ?? []).reduce((sum, resource) => sum + Buffer.byteLength(resource), 0);

/**
 * Stream events too large for the bus are stored whole in the archive bucket under this prefix; the bus
 * carries `{ type, storedDetail: { key, bytes } }` instead, and the consumers' common handler reads the key
 * back before it validates anything (functions/src/lib/events/stored-detail.ts). The objects live as long
 * as the bus's own archive keeps events, so a replay still finds them.
 */
export const STORED_EVENT_PREFIX = 'webhook-events/';
