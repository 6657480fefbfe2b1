import * as z from 'zod';
import { callArtifactsSchema, callListSchema, guestInvitationSchema } from '../calls';
import { callPart } from './params';
import type { RouteTable } from './contract';

/** Video calls: a member's calls, their recordings and transcripts, guest invitations. */
export const callsRoutes = {
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
    // A group session's call: its seats say who reads it.
    needs: { tables: { calls: ['GetItem', 'Query'], members: ['BatchGetItem'], groupSessions: ['Query'] }, buckets: { archive: ['GetObject'] } },
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
} as const satisfies RouteTable;
