import * as z from 'zod';
import { recordingConsentStateSchema } from '../mentoring/session-record';
import { actionItemInputSchema, actionItemListSchema, actionItemSchema, actionItemUpdateSchema, sessionBookingSchema, sessionCancelSchema, sessionConfirmSchema, sessionDetailSchema, sessionListSchema, sessionNotesInputSchema, sessionNotesSchema, sessionRescheduleSchema, sessionSchema, slotListSchema, slotQuerySchema } from '../mentoring/sessions';
import { mentorshipIdParams, sessionIdParams, actionItemParams } from './params';
import type { FunctionNeeds } from '../needs';
import type { RouteTable } from './contract';

/** What changing a booked session touches: its item and guards, both members, their e-mail, the reminders. */
const sessionChangeNeeds = {
  tables: { sessions: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'], mentorships: ['GetItem'], members: ['GetItem', 'BatchGetItem'] },
  email: true,
  userPool: ['AdminGetUser'],
  schedules: true,
} as const satisfies FunctionNeeds;

/** Sessions of a mentorship: free slots, booking and changing them, and what a session keeps beside its booking: notes, in-call recording consent, action items. */
export const sessionsRoutes = {
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
  // What a session keeps beside its booking: notes, in-call recording consent, the pair's action items.
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
} as const satisfies RouteTable;
