import * as z from 'zod';
import { memberSearchPageSchema, memberSearchQuerySchema } from '../mentoring/members';
import { APPROVAL_STATES, applicationDecisionSchema, applicationSchema } from '../mentoring/profile';
import { memberIdParams } from './params';
import type { RouteTable } from './contract';

/** Coordinators: applications, who else coordinates, and finding members. */
export const membershipRoutes = {
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
  'GET /api/coordinator/members': {
    handler: 'http/coordinator/members-list',
    auth: 'coordinator',
    query: memberSearchQuerySchema,
    response: memberSearchPageSchema,
    needs: { tables: { members: ['Query'], mentorships: ['BatchGetItem'] } },
  },
} as const satisfies RouteTable;
