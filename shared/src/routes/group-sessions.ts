import * as z from 'zod';
import { groupJoinSchema, groupPlaceSchema, groupRatingInputSchema, groupSessionCancelSchema, groupSessionPublicInputSchema, publicWorkshopSchema, groupSessionInputSchema, groupSessionListQuerySchema, groupSessionListSchema, groupSessionSchema } from '../group-sessions/schemas';
import type { FunctionNeeds } from '../needs';
import type { RouteTable } from './contract';

/** A group session's id (a UUID the server makes; its call's id is `g-<id>`). */
export const groupSessionIdParams = z.object({ id: z.uuid() });

/** Reading a group session for a member: its item and seats, the members named on it, the audience's facts. */
const readNeeds = { groupSessions: ['GetItem', 'Query'], members: ['GetItem', 'BatchGetItem'], mentorships: ['Query'] } as const;

/** Signing up and leaving: one transaction of the seat and the session's counters (and, for sign-up, the host's block checks); the call's members. */
const seatNeeds = {
  tables: { ...readNeeds, groupSessions: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'], safeguarding: ['ConditionCheckItem', 'GetItem'], notifications: ['PutItem'] },
  secrets: ['stream'],
  // A place comes with the calendar's invitation, leaving with its cancellation; leaving tells the member who moved up.
  email: true,
  userPool: ['AdminGetUser'],
} as const satisfies FunctionNeeds;
const streamSdk = ['@stream-io/node-sdk'] as const;

/** Group sessions (docs/domain.md, "Group sessions"): workshops and open circles, their places and their calls. */
export const groupSessionsRoutes = {
  'GET /api/group-sessions': {
    handler: 'http/group-sessions/list',
    auth: 'required',
    query: groupSessionListQuerySchema,
    response: groupSessionListSchema,
    needs: { tables: readNeeds },
  },
  'POST /api/group-sessions': {
    handler: 'http/group-sessions/create',
    auth: 'required',
    body: groupSessionInputSchema,
    response: groupSessionSchema,
    status: 201,
    nodeModules: streamSdk,
    // The call, the session, its two reminders, and the invitation to those on stage; co-hosts and speakers are
    // approved, not suspended, and have no block between them and the host (safeguarding's reads).
    needs: { tables: { groupSessions: ['PutItem'], members: ['GetItem', 'BatchGetItem'], programme: ['GetItem'], notifications: ['PutItem'], safeguarding: ['GetItem'] }, secrets: ['stream'], email: true, userPool: ['AdminGetUser'], schedules: true },
  },
  'GET /api/group-sessions/{id}': {
    handler: 'http/group-sessions/get',
    auth: 'required',
    params: groupSessionIdParams,
    response: groupSessionSchema,
    needs: { tables: readNeeds },
  },
  'POST /api/group-sessions/{id}/sign-up': {
    handler: 'http/group-sessions/sign-up',
    auth: 'required',
    params: groupSessionIdParams,
    response: groupPlaceSchema,
    // A crowd signing up at once for the last places retries the tries that collided on the session's counters.
    timeoutSeconds: 20,
    nodeModules: streamSdk,
    needs: seatNeeds,
  },
  'POST /api/group-sessions/{id}/leave': {
    handler: 'http/group-sessions/leave',
    auth: 'required',
    params: groupSessionIdParams,
    response: groupPlaceSchema,
    // A crowd signing up at once for the last places retries the tries that collided on the session's counters.
    timeoutSeconds: 20,
    nodeModules: streamSdk,
    needs: seatNeeds,
  },
  'POST /api/group-sessions/{id}/cancel': {
    handler: 'http/group-sessions/cancel',
    auth: 'required',
    params: groupSessionIdParams,
    body: groupSessionCancelSchema,
    response: groupSessionSchema,
    nodeModules: streamSdk,
    // Everyone told, with the calendar's cancellation; the reminders deleted.
    needs: { tables: { ...readNeeds, groupSessions: ['GetItem', 'Query', 'UpdateItem'], notifications: ['PutItem'] }, email: true, userPool: ['AdminGetUser'], secrets: ['stream'], schedules: true },
  },
  'PUT /api/group-sessions/{id}/public': {
    handler: 'http/group-sessions/set-public',
    auth: 'coordinator',
    params: groupSessionIdParams,
    body: groupSessionPublicInputSchema,
    response: groupSessionSchema,
    nodeModules: streamSdk,
    // The flag (one conditional update), then the call's HLS setting (on with go-live) and, made private, its broadcast stopped.
    needs: { tables: { ...readNeeds, groupSessions: ['GetItem', 'Query', 'UpdateItem'] }, secrets: ['stream'] },
  },
  'GET /api/public/workshops/{id}': {
    handler: 'http/public-workshops/get',
    auth: 'none',
    params: groupSessionIdParams,
    response: publicWorkshopSchema,
    nodeModules: streamSdk,
    // Visitors: the session and its host's name, and the call's broadcast as Stream has it.
    needs: { tables: { groupSessions: ['GetItem'], members: ['GetItem', 'BatchGetItem'] }, secrets: ['stream'] },
  },
  'PUT /api/group-sessions/{id}/rating': {
    handler: 'http/group-sessions/rate',
    auth: 'required',
    params: groupSessionIdParams,
    body: groupRatingInputSchema,
    response: groupSessionSchema,
    // The rating is one conditional update of the member's own seat.
    needs: { tables: { ...readNeeds, groupSessions: ['GetItem', 'Query', 'UpdateItem'] } },
  },
  'POST /api/group-sessions/{id}/recording-consent': {
    handler: 'http/group-sessions/recording-consent',
    auth: 'required',
    params: groupSessionIdParams,
    response: groupSessionSchema,
    // One conditional put of the member's own consent item: given again, the first one stays.
    needs: { tables: { ...readNeeds, groupSessions: ['GetItem', 'Query', 'PutItem'] } },
  },
  'POST /api/group-sessions/{id}/join': {
    handler: 'http/group-sessions/join',
    auth: 'required',
    params: groupSessionIdParams,
    response: groupJoinSchema,
    nodeModules: streamSdk,
    needs: { tables: { ...readNeeds, safeguarding: ['GetItem'] }, secrets: ['stream'] },
  },
} as const satisfies RouteTable;
