/**
 * The API contract: one entry per route, keyed by "METHOD /path". It is read by the CDK api stack and the
 * local API gateway (which function, what it may touch), by the handlers (auth mode, the zod schemas of
 * path parameters, query, body and answer) and, as types only, by the SPA's API client. Adding a route is
 * one entry here plus its handler.
 */
import * as z from 'zod';
import { callArtifactsSchema, callListSchema, CALL_PART_PATTERN, guestInvitationSchema } from './calls';
import { feedbackInputSchema } from './feedback';
import {
  applicationDecisionSchema,
  applicationSchema,
  APPROVAL_STATES,
  directoryPageSchema,
  directoryQuerySchema,
  memberViewSchema,
  mentorViewSchema,
  ownProfileSchema,
  photoUploadRequestSchema,
  photoUploadSchema,
  profileInputSchema,
} from './mentoring/profile';
import { programmeSchema, programmeSettingsSchema } from './mentoring/programme';
import { memberSearchPageSchema, memberSearchQuerySchema } from './mentoring/members';
import {
  declineSchema,
  endSchema,
  mentorshipCallsSchema,
  mentorshipDetailSchema,
  mentorshipListQuerySchema,
  mentorshipListSchema,
  mentorshipProposalSchema,
  mentorshipRequestSchema,
  MENTORSHIP_STATES,
} from './mentoring/mentorship';
import {
  actionItemInputSchema,
  actionItemListSchema,
  actionItemSchema,
  actionItemUpdateSchema,
  sessionBookingSchema,
  sessionCancelSchema,
  sessionConfirmSchema,
  sessionDetailSchema,
  sessionListSchema,
  sessionNotesInputSchema,
  sessionNotesSchema,
  sessionRescheduleSchema,
  sessionSchema,
  slotListSchema,
  slotQuerySchema,
} from './mentoring/sessions';
import { recordingConsentStateSchema } from './mentoring/session-record';
import { isIdempotentRoute } from './idempotent-routes';
import type { FunctionNeeds } from './needs';
import {
  blockListSchema,
  blockResultSchema,
  dataExportSchema,
  deleteAccountSchema,
  reportDetailSchema,
  reportInputSchema,
  reportListSchema,
  reportNoteInputSchema,
  reportReceiptSchema,
  reportStatusChangeSchema,
  REPORT_STATUSES,
  suspensionSchema,
} from './safeguarding';
import { dashboardQuerySchema, dashboardSchema, feedbackListQuerySchema, feedbackListSchema } from './coordination/schemas';
import { dashboardReads } from './coordination/snapshot';
import { markReadSchema, notificationListQuerySchema, notificationPageSchema, unreadCountSchema } from './notifications';

/** `coordinator`: a signed-in member of the Cognito group COORDINATORS_GROUP; anyone else gets a 403. */
export type AuthMode = 'none' | 'optional' | 'required' | 'coordinator';

export const COORDINATORS_GROUP = 'coordinators';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteKey = `${HttpMethod} /api/${string}`;

/** Lambda's timeout of a function whose entry names none. */
export const DEFAULT_TIMEOUT_SECONDS = 10;

/** An entry of the table: everything about a route's interface and its function. */
export interface RouteContract {
  /** Module under functions/src exporting `handler`. */
  handler: string;
  auth: AuthMode;
  /** Path parameters (`{id}` in the key), query string and JSON body; absent means none is read. */
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer on success; the handler's answer is parsed with it, so nothing outside it leaves. */
  response: z.ZodType;
  /** The success status (default 200). */
  status?: 200 | 201 | 202;
  /** The largest JSON body it accepts (default 64 KiB). */
  maxBodyBytes?: number;
  needs: FunctionNeeds;
  /** Memory and timeout that fit the function (CDK); defaults in the base construct. */
  memoryMiB?: number;
  /** The function's timeout (default DEFAULT_TIMEOUT_SECONDS); its AWS SDK clients give up before it, the local gateway enforces it. */
  timeoutSeconds?: number;
  /**
   * Concurrent executions reserved for (and capped at) this many: set on routes anyone can call in bulk, so a
   * flood of them cannot take the account's concurrency from the other routes and the event consumers.
   */
  reservedConcurrency?: number;
  /**
   * Packages installed for Lambda's Linux ARM64 beside the bundle instead of bundled: native code (sharp), or a
   * large library that only a rare path imports (lazily), so the common path does not load it at cold start.
   */
  nodeModules?: readonly string[];
  /**
   * `false` leaves Powertools Tracer (and the X-Ray SDK, a third of a small route's bundle) out of the function:
   * for a hot route with no AWS calls worth a subsegment. Lambda still records the function's own trace segment.
   */
  powertoolsTracer?: false;
  /** A `required` write a suspended member may still make (deleting their own account); every other one refuses them. */
  allowSuspended?: boolean;
}

/** A route as the infrastructure reads it: its entry, with method and path split out of the key. */
export type RouteDefinition = RouteContract & { key: RouteKey; method: HttpMethod; path: `/api/${string}` };

/** What Powertools' DynamoDB persistence layer does with the idempotency table (shared/src/idempotent-routes.ts). */
export const IDEMPOTENCY_ACTIONS = ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] as const;

const callPart = z.string().regex(CALL_PART_PATTERN);
/** `{id}` of a member (a Cognito sub) and of a mentorship (a UUID the server makes). */
const memberIdParams = z.object({ id: z.string().min(1).max(128) });
const mentorshipIdParams = z.object({ id: z.string().min(1).max(64) });
/** `{id}` of a session: its call's id (`m-<mentorshipId>-<suffix>`). */
const sessionIdParams = z.object({ id: callPart });

/** What changing a booked session touches: its item and guards, both members, their e-mail, the reminders. */
const sessionChangeNeeds = {
  tables: { sessions: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'], mentorships: ['GetItem'], members: ['GetItem', 'BatchGetItem'] },
  email: true,
  userPool: ['AdminGetUser'],
  schedules: true,
} as const satisfies FunctionNeeds;
const actionItemParams = z.object({ id: z.string().min(1).max(64), itemId: z.string().min(1).max(64) });
const reportIdParams = z.object({ id: z.uuid() });
/**
 * What every end (or suspension) of a mentorship needs: the service's transition, its e-mails, schedules and
 * channel event, and the cancelling of the pair's sessions still to come (their guards freed, reminders removed).
 */
const endsMentorships = {
  mentorships: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'],
  members: ['GetItem', 'BatchGetItem', 'UpdateItem'],
  sessions: ['Query', 'UpdateItem', 'DeleteItem'],
} as const;

export const routes = {
  'GET /api/health': {
    handler: 'http/health/get',
    auth: 'none',
    response: z.object({ status: z.literal('ok'), stage: z.string(), version: z.string() }),
    needs: {},
  },
  'POST /api/feedback': {
    handler: 'http/feedback/create',
    auth: 'optional',
    body: feedbackInputSchema,
    response: z.object({ id: z.uuid() }),
    status: 201,
    // Anyone may post: a flood of it stays within five instances (each answers in tens of ms).
    reservedConcurrency: 5,
    // Match feedback names a mentorship: only its members may send it. A survey's answer is kept on the
    // mentorship's META too, and "not a fit" e-mails the coordinators.
    needs: {
      tables: { feedback: ['PutItem'], mentorships: ['GetItem', 'UpdateItem'], members: ['BatchGetItem'] },
      email: true,
      userPool: ['ListUsersInGroup'],
    },
  },
  'GET /api/me': {
    handler: 'http/me/get',
    auth: 'required',
    response: z.object({ id: z.string(), email: z.string().nullable(), name: z.string().nullable() }),
    needs: {},
  },
  'POST /api/webhooks/stream': {
    handler: 'http/webhooks/stream',
    // Stream's HMAC signature over the raw bytes is this route's authentication; the handler verifies it.
    auth: 'none',
    // `stale`: signed, but older than the replay window; answered 2xx so Stream does not retry what can never become fresh.
    response: z.object({ accepted: z.boolean(), duplicate: z.boolean(), stale: z.boolean().optional() }),
    status: 202,
    // Stream redelivers in bursts after an outage; unsigned floods are refused here too: neither may take the
    // concurrency the members' routes and the event consumers need.
    reservedConcurrency: 20,
    // PutObject: an event too large for the bus is stored in the archive bucket and the bus carries its key.
    needs: { tables: { webhookDeliveries: ['PutItem', 'DeleteItem'] }, secrets: ['stream'], eventBus: true, buckets: { archive: ['PutObject'] } },
  },
  'GET /api/calls': {
    handler: 'http/calls/list',
    auth: 'required',
    response: callListSchema,
    needs: { tables: { calls: ['Query', 'BatchGetItem'] } },
  },
  'GET /api/calls/{type}/{id}/artifacts': {
    handler: 'http/calls/artifacts',
    auth: 'required',
    params: z.object({ type: callPart, id: callPart }),
    response: callArtifactsSchema,
    needs: { tables: { calls: ['GetItem', 'Query'] }, buckets: { archive: ['GetObject'] } },
  },
  'POST /api/calls/{type}/{id}/guest-invitations': {
    handler: 'http/calls/guest-invitation',
    auth: 'required',
    params: z.object({ type: callPart, id: callPart }),
    response: guestInvitationSchema,
    status: 201,
    // Members of the call (calls table) or, for a mentorship's call, its two parties; signed with a key derived from the Stream secret.
    needs: { tables: { calls: ['GetItem'], mentorships: ['GetItem'] }, secrets: ['stream'] },
  },
  'GET /api/chat/getOrCreateToken': {
    handler: 'http/chat/get-or-create-token',
    auth: 'optional',
    query: z.object({
      isGuest: z.enum(['true', 'false']),
      streamChatUuid: z.string().max(128).optional(),
      // A guest's signed invitation to one call (POST /api/calls/{type}/{id}/guest-invitations); required when isGuest=true.
      invitation: z.string().max(1024).optional(),
      // Sent by the spec's client; only ever compared with the verified identity, never trusted.
      userId: z.string().max(128).optional(),
      userName: z.string().max(256).optional(),
      email: z.string().max(256).optional(),
    }),
    response: z.object({
      token: z.string(),
      apiKey: z.string(),
      user: z.object({ streamChatUuid: z.string(), id: z.string(), name: z.string(), email: z.string() }).optional(),
      /** For a guest: the one call the token is good for. */
      callCid: z.string().optional(),
    }),
    // Anyone may ask (guests): signing a token is quick, ten instances answer hundreds a second.
    reservedConcurrency: 10,
    // Asked for on every sign-in and page load; signing makes no AWS call worth an X-Ray subsegment.
    powertoolsTracer: false,
    // Only the guest path loads Stream's SDK (to make the guest's user): beside the bundle, not in it, so the
    // members' token, asked for on every sign-in, starts without parsing it.
    nodeModules: ['@stream-io/node-sdk'],
    needs: { secrets: ['stream'] },
  },

  // The programme: its settings, read by everyone who may see the directory, changed by coordinators.
  'GET /api/programme': {
    handler: 'http/programme/get',
    auth: 'optional',
    response: programmeSchema,
    needs: { tables: { programme: ['GetItem'] } },
  },
  'PUT /api/programme': {
    handler: 'http/programme/put',
    auth: 'coordinator',
    body: programmeSettingsSchema,
    response: programmeSchema,
    needs: { tables: { programme: ['GetItem', 'PutItem'] } },
  },

  // The member's own profile: onboarding, editing, the photo, submitting the application.
  'GET /api/profile/me': {
    handler: 'http/profile/get-own',
    auth: 'required',
    response: ownProfileSchema,
    needs: { tables: { members: ['GetItem', 'UpdateItem'] } },
  },
  'PUT /api/profile/me': {
    handler: 'http/profile/put-own',
    auth: 'required',
    body: profileInputSchema,
    response: ownProfileSchema,
    needs: { tables: { members: ['GetItem', 'PutItem'], programme: ['GetItem'] }, eventBus: true },
  },
  'POST /api/profile/me/submit': {
    handler: 'http/profile/submit',
    auth: 'required',
    response: ownProfileSchema,
    needs: { tables: { members: ['GetItem', 'UpdateItem'], programme: ['GetItem'] }, email: true, eventBus: true },
  },
  'POST /api/profile/me/photo': {
    handler: 'http/profile/photo-upload',
    auth: 'required',
    body: photoUploadRequestSchema,
    response: photoUploadSchema,
    needs: { buckets: { media: ['PutObject'] } },
  },
  'PUT /api/profile/me/photo': {
    handler: 'http/profile/photo-confirm',
    auth: 'required',
    body: z.object({ key: z.string().min(1).max(300) }),
    response: ownProfileSchema,
    memoryMiB: 1024,
    timeoutSeconds: 20,
    nodeModules: ['sharp'],
    needs: { tables: { members: ['GetItem', 'UpdateItem'] }, buckets: { media: ['GetObject', 'PutObject', 'DeleteObject'] }, eventBus: true },
  },
  'DELETE /api/profile/me/photo': {
    handler: 'http/profile/photo-delete',
    auth: 'required',
    response: ownProfileSchema,
    needs: { tables: { members: ['GetItem', 'UpdateItem'] }, buckets: { media: ['DeleteObject'] }, eventBus: true },
  },

  // The mentor directory and profiles.
  'GET /api/mentors': {
    handler: 'http/mentors/list',
    auth: 'optional',
    query: directoryQuerySchema,
    response: directoryPageSchema,
    memoryMiB: 1024,
    // One BatchGetItem per page: the viewer's profile (members), the summary of their blocks both ways
    // (safeguarding) and a mentee's DECLINED set (mentorships); members' Query reads the directory index.
    needs: { tables: { members: ['BatchGetItem', 'Query'], programme: ['GetItem'], safeguarding: ['BatchGetItem'], mentorships: ['BatchGetItem'] } },
  },
  'GET /api/mentors/{id}': {
    handler: 'http/mentors/get',
    auth: 'optional',
    params: memberIdParams,
    response: mentorViewSchema,
    needs: { tables: { members: ['GetItem'], programme: ['GetItem'], safeguarding: ['GetItem'] } },
  },
  'GET /api/members/{id}': {
    handler: 'http/members/get',
    auth: 'required',
    params: memberIdParams,
    response: memberViewSchema,
    needs: { tables: { members: ['GetItem'] } },
  },

  // Coordinators: applications and who else coordinates.
  'GET /api/coordinator/applications': {
    handler: 'http/coordinator/applications-list',
    auth: 'coordinator',
    query: z.object({ state: z.enum(APPROVAL_STATES).exclude(['draft']).optional() }),
    response: z.object({ applications: z.array(applicationSchema) }),
    needs: { tables: { members: ['Query'] } },
  },
  'POST /api/coordinator/applications/{id}/decision': {
    handler: 'http/coordinator/application-decide',
    auth: 'coordinator',
    params: memberIdParams,
    body: applicationDecisionSchema,
    response: applicationSchema,
    // The programme's name goes into the e-mail.
    needs: { tables: { members: ['GetItem', 'UpdateItem'], programme: ['GetItem'] }, email: true, eventBus: true },
  },
  'POST /api/coordinator/coordinators': {
    handler: 'http/coordinator/coordinators-add',
    auth: 'coordinator',
    body: z.object({ email: z.email().max(254) }),
    response: z.object({ id: z.string(), email: z.string() }),
    status: 201,
    needs: { userPool: ['ListUsers', 'AdminAddUserToGroup'] },
  },

  // Mentorships: requests, their answers and the life of a match (docs/domain.md's state machine).
  'POST /api/mentorships': {
    handler: 'http/mentorships/request',
    auth: 'required',
    body: mentorshipRequestSchema,
    response: mentorshipDetailSchema,
    status: 201,
    needs: {
      tables: {
        mentorships: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'ConditionCheckItem'],
        members: ['GetItem', 'BatchGetItem', 'ConditionCheckItem'],
        programme: ['GetItem'],
        // No request between two members when either has blocked the other: read first, checked in the transaction.
        safeguarding: ['GetItem', 'ConditionCheckItem'],
      },
      email: true,
      userPool: ['AdminGetUser'],
      schedules: true,
    },
  },
  'GET /api/mentorships': {
    handler: 'http/mentorships/list',
    auth: 'required',
    query: mentorshipListQuerySchema,
    response: mentorshipListSchema,
    needs: { tables: { mentorships: ['Query'], members: ['BatchGetItem'] } },
  },
  'GET /api/mentorships/{id}': {
    handler: 'http/mentorships/get',
    auth: 'required',
    params: mentorshipIdParams,
    response: mentorshipDetailSchema,
    needs: { tables: { mentorships: ['GetItem', 'Query'], members: ['GetItem', 'BatchGetItem'] } },
  },
  'POST /api/mentorships/{id}/accept': {
    handler: 'http/mentorships/accept',
    auth: 'required',
    params: mentorshipIdParams,
    response: mentorshipDetailSchema,
    needs: {
      tables: { mentorships: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'], members: ['GetItem', 'BatchGetItem', 'UpdateItem'], programme: ['GetItem'] },
      email: true,
      userPool: ['AdminGetUser'],
      schedules: true,
      // The pair's Stream channel is made by the mentorship-channel consumer, from the event this publishes.
      eventBus: true,
    },
  },
  'POST /api/mentorships/{id}/decline': {
    handler: 'http/mentorships/decline',
    auth: 'required',
    params: mentorshipIdParams,
    body: declineSchema,
    response: mentorshipDetailSchema,
    needs: {
      tables: { mentorships: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'], members: ['GetItem', 'BatchGetItem', 'UpdateItem'] },
      email: true,
      userPool: ['AdminGetUser'],
      schedules: true,
    },
  },
  'POST /api/mentorships/{id}/withdraw': {
    handler: 'http/mentorships/withdraw',
    auth: 'required',
    params: mentorshipIdParams,
    response: mentorshipDetailSchema,
    needs: { tables: { mentorships: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'], members: ['GetItem', 'BatchGetItem'] }, schedules: true },
  },
  'POST /api/mentorships/{id}/complete': {
    handler: 'http/mentorships/complete',
    auth: 'required',
    params: mentorshipIdParams,
    response: mentorshipDetailSchema,
    needs: {
      tables: endsMentorships,
      email: true,
      userPool: ['AdminGetUser'],
      schedules: true,
      eventBus: true,
    },
  },
  'POST /api/mentorships/{id}/end': {
    handler: 'http/mentorships/end',
    auth: 'required',
    params: mentorshipIdParams,
    body: endSchema,
    response: mentorshipDetailSchema,
    needs: {
      tables: endsMentorships,
      email: true,
      userPool: ['AdminGetUser'],
      schedules: true,
      eventBus: true,
    },
  },
  'GET /api/mentorships/{id}/calls': {
    handler: 'http/mentorships/calls',
    auth: 'required',
    params: mentorshipIdParams,
    response: mentorshipCallsSchema,
    needs: { tables: { mentorships: ['GetItem'], calls: ['Query', 'BatchGetItem'] } },
  },
  'GET /api/mentorships/{id}/slots': {
    handler: 'http/sessions/slots',
    auth: 'required',
    params: mentorshipIdParams,
    query: slotQuerySchema,
    response: slotListSchema,
    needs: { tables: { mentorships: ['GetItem'], members: ['BatchGetItem'], sessions: ['Query'] } },
  },
  'GET /api/mentorships/{id}/sessions': {
    handler: 'http/sessions/list',
    auth: 'required',
    params: mentorshipIdParams,
    response: sessionListSchema,
    needs: { tables: { mentorships: ['GetItem'], sessions: ['Query'] } },
  },
  'POST /api/mentorships/{id}/sessions': {
    handler: 'http/sessions/book',
    auth: 'required',
    params: mentorshipIdParams,
    body: sessionBookingSchema,
    response: sessionSchema,
    status: 201,
    needs: sessionChangeNeeds,
  },
  'GET /api/sessions/upcoming': {
    handler: 'http/sessions/upcoming',
    auth: 'required',
    response: sessionListSchema,
    needs: { tables: { sessions: ['Query'] } },
  },
  'GET /api/sessions/{id}': {
    handler: 'http/sessions/get',
    auth: 'required',
    params: sessionIdParams,
    response: sessionDetailSchema,
    needs: { tables: { sessions: ['Query'] } },
  },
  'POST /api/sessions/{id}/confirm': {
    handler: 'http/sessions/confirm',
    auth: 'required',
    params: sessionIdParams,
    body: sessionConfirmSchema,
    response: sessionSchema,
    needs: sessionChangeNeeds,
  },
  'POST /api/sessions/{id}/reschedule': {
    handler: 'http/sessions/reschedule',
    auth: 'required',
    params: sessionIdParams,
    body: sessionRescheduleSchema,
    response: sessionSchema,
    needs: sessionChangeNeeds,
  },
  'POST /api/sessions/{id}/cancel': {
    handler: 'http/sessions/cancel',
    auth: 'required',
    params: sessionIdParams,
    body: sessionCancelSchema,
    response: sessionSchema,
    needs: sessionChangeNeeds,
  },
  // Sessions, the record side (issue 16): notes, in-call recording consent, the pair's action items.
  'PUT /api/sessions/{id}/notes': {
    handler: 'http/sessions/notes-put',
    auth: 'required',
    params: sessionIdParams,
    body: sessionNotesInputSchema,
    response: sessionNotesSchema,
    needs: { tables: { sessions: ['GetItem', 'PutItem'], mentorships: ['GetItem'] } },
  },
  'GET /api/sessions/{id}/recording-consent': {
    handler: 'http/sessions/recording-consent-get',
    auth: 'required',
    params: sessionIdParams,
    response: recordingConsentStateSchema,
    needs: { tables: { sessions: ['GetItem'], mentorships: ['GetItem'], members: ['BatchGetItem'] } },
  },
  'POST /api/sessions/{id}/recording-consent': {
    handler: 'http/sessions/recording-consent-post',
    auth: 'required',
    params: sessionIdParams,
    response: recordingConsentStateSchema,
    // A consent given before the call's first webhook makes the (unplanned) session item, as the record consumer would.
    needs: { tables: { sessions: ['GetItem', 'UpdateItem'], mentorships: ['GetItem'], members: ['BatchGetItem'], calls: ['GetItem'] } },
  },
  'GET /api/mentorships/{id}/action-items': {
    handler: 'http/action-items/list',
    auth: 'required',
    params: mentorshipIdParams,
    response: actionItemListSchema,
    needs: { tables: { sessions: ['Query'], mentorships: ['GetItem'] } },
  },
  'POST /api/mentorships/{id}/action-items': {
    handler: 'http/action-items/create',
    auth: 'required',
    params: mentorshipIdParams,
    body: actionItemInputSchema,
    response: actionItemSchema,
    status: 201,
    needs: { tables: { sessions: ['PutItem'], mentorships: ['GetItem'] } },
  },
  'PATCH /api/mentorships/{id}/action-items/{itemId}': {
    handler: 'http/action-items/update',
    auth: 'required',
    params: actionItemParams,
    body: actionItemUpdateSchema,
    response: actionItemSchema,
    needs: { tables: { sessions: ['GetItem', 'UpdateItem'], mentorships: ['GetItem'] } },
  },
  'DELETE /api/mentorships/{id}/action-items/{itemId}': {
    handler: 'http/action-items/delete',
    auth: 'required',
    params: actionItemParams,
    query: z.object({ version: z.coerce.number().int().min(0) }),
    response: z.object({ deleted: z.literal(true) }),
    needs: { tables: { sessions: ['GetItem', 'DeleteItem'], mentorships: ['GetItem'] } },
  },
  'POST /api/coordinator/mentorships': {
    handler: 'http/coordinator/mentorships-propose',
    auth: 'coordinator',
    body: mentorshipProposalSchema,
    response: mentorshipDetailSchema,
    status: 201,
    needs: {
      tables: { mentorships: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'ConditionCheckItem'], members: ['GetItem', 'BatchGetItem'], safeguarding: ['GetItem', 'ConditionCheckItem'] },
      email: true,
      userPool: ['AdminGetUser'],
    },
  },
  'GET /api/coordinator/mentorships': {
    handler: 'http/coordinator/mentorships-list',
    auth: 'coordinator',
    // `q` finds a mentor's or mentee's name (case-insensitive, anywhere in it).
    query: z.object({ state: z.enum(MENTORSHIP_STATES).optional(), q: z.string().trim().max(100).optional() }),
    response: mentorshipListSchema,
    needs: { tables: { mentorships: ['Query'], members: ['BatchGetItem'] } },
  },
  'POST /api/coordinator/mentorships/{id}/suspend': {
    handler: 'http/coordinator/mentorships-suspend',
    auth: 'coordinator',
    params: mentorshipIdParams,
    response: mentorshipDetailSchema,
    needs: {
      tables: { mentorships: ['GetItem', 'Query', 'PutItem', 'UpdateItem'], members: ['GetItem', 'BatchGetItem'], sessions: endsMentorships.sessions },
      email: true,
      userPool: ['AdminGetUser'],
      schedules: true,
      eventBus: true,
    },
  },
  'POST /api/coordinator/mentorships/{id}/resume': {
    handler: 'http/coordinator/mentorships-resume',
    auth: 'coordinator',
    params: mentorshipIdParams,
    response: mentorshipDetailSchema,
    needs: { tables: { mentorships: ['GetItem', 'Query', 'PutItem', 'UpdateItem'], members: ['GetItem', 'BatchGetItem'] }, email: true, userPool: ['AdminGetUser'], eventBus: true },
  },
  'GET /api/coordinator/members': {
    handler: 'http/coordinator/members-list',
    auth: 'coordinator',
    query: memberSearchQuerySchema,
    response: memberSearchPageSchema,
    needs: { tables: { members: ['Query'], mentorships: ['BatchGetItem'] } },
  },

  // Safeguarding (docs/domain.md): reports, blocks, suspensions, and a member's own data.
  'POST /api/reports': {
    handler: 'http/safeguarding/report-create',
    auth: 'required',
    body: reportInputSchema,
    response: reportReceiptSchema,
    status: 201,
    needs: {
      tables: { safeguarding: ['PutItem'], ...endsMentorships },
      email: true,
      userPool: ['AdminGetUser', 'ListUsersInGroup'],
      schedules: true,
      eventBus: true,
    },
  },
  'GET /api/coordinator/reports': {
    handler: 'http/safeguarding/reports-list',
    auth: 'coordinator',
    query: z.object({ status: z.enum(REPORT_STATUSES).optional() }),
    response: reportListSchema,
    needs: { tables: { safeguarding: ['Query'] } },
  },
  'GET /api/coordinator/reports/{id}': {
    handler: 'http/safeguarding/report-get',
    auth: 'coordinator',
    params: reportIdParams,
    response: reportDetailSchema,
    needs: { tables: { safeguarding: ['Query'] } },
  },
  'POST /api/coordinator/reports/{id}/status': {
    handler: 'http/safeguarding/report-status',
    auth: 'coordinator',
    params: reportIdParams,
    body: reportStatusChangeSchema,
    response: reportDetailSchema,
    needs: { tables: { safeguarding: ['Query', 'UpdateItem'] } },
  },
  'POST /api/coordinator/reports/{id}/notes': {
    handler: 'http/safeguarding/report-note',
    auth: 'coordinator',
    params: reportIdParams,
    body: reportNoteInputSchema,
    response: reportDetailSchema,
    status: 201,
    needs: { tables: { safeguarding: ['Query', 'PutItem', 'UpdateItem'] } },
  },
  'POST /api/members/{id}/block': {
    handler: 'http/safeguarding/block',
    auth: 'required',
    params: memberIdParams,
    response: blockResultSchema,
    needs: {
      // The block, its mirror and both members' summaries (UpdateItem) go in one transaction.
      tables: { safeguarding: ['PutItem', 'UpdateItem'], ...endsMentorships },
      email: true,
      userPool: ['AdminGetUser'],
      schedules: true,
      eventBus: true,
    },
  },
  'DELETE /api/members/{id}/block': {
    handler: 'http/safeguarding/unblock',
    auth: 'required',
    params: memberIdParams,
    response: blockResultSchema,
    // The block, its mirror and both members' summaries (UpdateItem) go in one transaction.
    needs: { tables: { safeguarding: ['DeleteItem', 'UpdateItem'] } },
  },
  'GET /api/me/blocks': {
    handler: 'http/safeguarding/blocks-list',
    auth: 'required',
    response: blockListSchema,
    needs: { tables: { safeguarding: ['Query'], members: ['BatchGetItem'] } },
  },
  'POST /api/coordinator/members/{id}/suspend': {
    handler: 'http/safeguarding/member-suspend',
    auth: 'coordinator',
    params: memberIdParams,
    response: suspensionSchema,
    needs: { tables: { members: ['GetItem', 'UpdateItem'], mentorships: ['Query'] }, secrets: ['stream'] },
  },
  'POST /api/coordinator/members/{id}/restore': {
    handler: 'http/safeguarding/member-restore',
    auth: 'coordinator',
    params: memberIdParams,
    response: suspensionSchema,
    needs: { tables: { members: ['GetItem', 'BatchGetItem', 'UpdateItem'], mentorships: ['Query'], safeguarding: ['GetItem'] }, secrets: ['stream'] },
  },
  'GET /api/me/export': {
    handler: 'http/safeguarding/my-data-export',
    auth: 'required',
    response: dataExportSchema,
    // userPool: the account's name, where the ID token does not carry it.
    needs: { tables: { members: ['GetItem', 'BatchGetItem'], mentorships: ['Query'], sessions: ['Query'], calls: ['Query', 'BatchGetItem'], safeguarding: ['Query'] }, userPool: ['AdminGetUser'] },
  },
  'DELETE /api/me': {
    handler: 'http/safeguarding/my-account-delete',
    auth: 'required',
    body: deleteAccountSchema,
    response: z.object({ deleted: z.literal(true), endedMentorshipIds: z.array(z.string()) }),
    // The right to leave does not depend on a coordinator's decision.
    allowSuspended: true,
    timeoutSeconds: 30,
    needs: {
      tables: {
        mentorships: endsMentorships.mentorships,
        members: ['GetItem', 'BatchGetItem', 'UpdateItem', 'DeleteItem'],
        safeguarding: ['Query', 'DeleteItem', 'UpdateItem'],
        sessions: endsMentorships.sessions,
      },
      email: true,
      userPool: ['AdminGetUser', 'AdminDeleteUser'],
      schedules: true,
      eventBus: true,
      secrets: ['stream'],
    },
  },
  // In-app notifications: what the member was e-mailed about, newest first, read or unread (the caller's own only).
  'GET /api/notifications': {
    handler: 'http/notifications/list',
    auth: 'required',
    query: notificationListQuerySchema,
    response: notificationPageSchema,
    needs: { tables: { notifications: ['Query'] } },
  },
  'GET /api/notifications/unread': {
    handler: 'http/notifications/unread',
    auth: 'required',
    response: unreadCountSchema,
    needs: { tables: { notifications: ['Query'] } },
  },
  'POST /api/notifications/read': {
    handler: 'http/notifications/read',
    auth: 'required',
    body: markReadSchema,
    response: unreadCountSchema,
    // Marking what one has read changes nothing anyone else sees: a suspended member may still do it.
    allowSuspended: true,
    needs: { tables: { notifications: ['Query', 'UpdateItem'] } },
  },
  // The coordinator's dashboard (what needs attention, the funnel) and all feedback.
  'GET /api/coordinator/dashboard': {
    handler: 'http/coordinator/dashboard',
    auth: 'coordinator',
    query: dashboardQuerySchema,
    response: dashboardSchema,
    memoryMiB: 1024,
    timeoutSeconds: 15,
    // One read: the stored snapshot (archive bucket, dashboard/). Only on a fresh stage, before any snapshot, it
    // computes one (the reads of the refresh below) and stores it.
    needs: { tables: dashboardReads, buckets: { archive: ['GetObject', 'PutObject'] } },
  },
  // A coordinator's "Refresh now": computes the snapshot and stores it (not twice within 30 s).
  'POST /api/coordinator/dashboard/refresh': {
    handler: 'http/coordinator/dashboard-refresh',
    auth: 'coordinator',
    query: dashboardQuerySchema,
    response: dashboardSchema,
    memoryMiB: 1024,
    timeoutSeconds: 30,
    needs: { tables: dashboardReads, buckets: { archive: ['GetObject', 'PutObject'] } },
  },
  'GET /api/coordinator/feedback': {
    handler: 'http/coordinator/feedback-list',
    auth: 'coordinator',
    query: feedbackListQuerySchema,
    response: feedbackListSchema,
    memoryMiB: 512,
    needs: { tables: { feedback: ['Scan'], members: ['BatchGetItem'] } },
  },
} as const satisfies Record<RouteKey, RouteContract>;

export type Routes = typeof routes;
export type ApiRouteKey = keyof Routes;

const splitKey = (key: RouteKey) => {
  const [method, path] = key.split(' ') as [HttpMethod, `/api/${string}`];
  return { method, path };
};

/** One route's entry, with its key, method and path: what `httpHandler` is made from. */
export const route = <K extends ApiRouteKey>(key: K): Routes[K] & { key: K; method: HttpMethod; path: `/api/${string}` } => ({
  ...routes[key],
  key,
  ...splitKey(key),
});

/**
 * Whether the route refuses a suspended member (docs/domain.md: they can sign in and read, nothing more): every
 * signed-in write. The http handler factory enforces it with one read of the caller's member item.
 */
export const refusesSuspended = (route: Pick<RouteContract, 'auth' | 'allowSuspended'> & { method: HttpMethod }) =>
  route.auth === 'required' && route.method !== 'GET' && !route.allowSuspended;

/**
 * The route's needs plus what its guards use: the member item, for the suspension check; the idempotency table,
 * for a create a client may retry.
 */
const withGuardNeeds = (route: RouteContract & { key: RouteKey; method: HttpMethod }): FunctionNeeds => {
  const tables = { ...route.needs.tables };
  if (refusesSuspended(route)) {
    const members = tables.members ?? [];
    tables.members = members.includes('GetItem') ? members : [...members, 'GetItem'];
  }
  if (isIdempotentRoute(route.key)) tables.idempotency = IDEMPOTENCY_ACTIONS;
  return Object.keys(tables).length ? { ...route.needs, tables } : route.needs;
};

/** Every route, as the CDK api stack and the local gateway iterate them. */
export const routeList = (): RouteDefinition[] =>
  Object.entries(routes as Record<RouteKey, RouteContract>).map(([key, entry]) => {
    const split = splitKey(key as RouteKey);
    return { ...entry, key: key as RouteKey, ...split, needs: withGuardNeeds({ ...entry, key: key as RouteKey, ...split }) };
  });

/**
 * What a function's bundle leaves out, as esbuild defines (AppFunction, and the token bench that mirrors it): the
 * library code behind a false flag becomes dead code the bundler drops. Without a route (an event consumer, a
 * schedule): no idempotency, the tracer kept.
 */
export const bundleDefines = (route?: Pick<RouteDefinition, 'key' | 'powertoolsTracer'>): Record<string, string> => ({
  'process.env.IDEMPOTENCY_BUNDLED': JSON.stringify(String(route ? isIdempotentRoute(route.key) : false)),
  'process.env.TRACER_BUNDLED': JSON.stringify(String(route?.powertoolsTracer !== false)),
});

/** Answers every request no route matches (API Gateway's `$default` route). */
export const notFoundRoute = { handler: 'http/not-found', auth: 'none', needs: {} } as const satisfies Pick<RouteContract, 'handler' | 'auth' | 'needs'>;

export const routeKey = (route: Pick<RouteDefinition, 'method' | 'path'>) => `${route.method} ${route.path}`;

type SchemaIn<R, F extends 'params' | 'query' | 'body'> = R extends { [P in F]: infer S extends z.ZodType } ? z.input<S> : undefined;

/** What the SPA sends and receives on a route, typed from its entry (the SPA imports these as types only). */
export type ApiParams<K extends ApiRouteKey> = SchemaIn<Routes[K], 'params'>;
export type ApiQuery<K extends ApiRouteKey> = SchemaIn<Routes[K], 'query'>;
export type ApiBody<K extends ApiRouteKey> = SchemaIn<Routes[K], 'body'>;
export type ApiAnswer<K extends ApiRouteKey> = z.output<Routes[K]['response']>;
