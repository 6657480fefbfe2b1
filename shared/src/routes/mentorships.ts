import * as z from 'zod';
import { MENTORSHIP_STATES, declineSchema, endSchema, mentorshipCallsSchema, mentorshipDetailSchema, mentorshipListQuerySchema, mentorshipListSchema, mentorshipProposalSchema, mentorshipRequestSchema } from '../mentoring/mentorship';
import { mentorshipIdParams } from './params';
import { closesMentorship, endsMentorships } from './mentorship-needs';
import type { RouteTable } from './contract';

/** Mentorships: requests, their answers and the life of a match (docs/domain.md's state machine), and coordinators' proposals and suspensions. */
export const mentorshipsRoutes = {
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
    needs: closesMentorship,
  },
  'POST /api/mentorships/{id}/end': {
    handler: 'http/mentorships/end',
    auth: 'required',
    params: mentorshipIdParams,
    body: endSchema,
    response: mentorshipDetailSchema,
    needs: closesMentorship,
  },
  'GET /api/mentorships/{id}/calls': {
    handler: 'http/mentorships/calls',
    auth: 'required',
    params: mentorshipIdParams,
    response: mentorshipCallsSchema,
    needs: { tables: { mentorships: ['GetItem'], calls: ['Query', 'BatchGetItem'] } },
  },
  'POST /api/coordinator/mentorships': {
    handler: 'http/coordinator/mentorships-propose',
    auth: 'coordinator',
    body: mentorshipProposalSchema,
    response: mentorshipDetailSchema,
    status: 201,
    needs: {
      // The mentor is still listed when the proposal commits (the directory's rule, checked in the transaction).
      tables: { mentorships: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'ConditionCheckItem'], members: ['GetItem', 'BatchGetItem', 'ConditionCheckItem'], safeguarding: ['GetItem', 'ConditionCheckItem'] },
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
} as const satisfies RouteTable;
