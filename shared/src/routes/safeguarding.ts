import * as z from 'zod';
import { REPORT_STATUSES, blockListSchema, blockResultSchema, dataExportSchema, deleteAccountSchema, reportDetailSchema, reportInputSchema, reportListSchema, reportNoteInputSchema, reportReceiptSchema, reportStatusChangeSchema, suspensionSchema } from '../safeguarding';
import { memberIdParams, reportIdParams } from './params';
import { endsMentorships } from './mentorship-needs';
import type { RouteTable } from './contract';

/** Safeguarding (docs/domain.md): reports, blocks, suspensions, and a member's own data. */
export const safeguardingRoutes = {
  'POST /api/reports': {
    handler: 'http/safeguarding/report-create',
    auth: 'required',
    body: reportInputSchema,
    response: reportReceiptSchema,
    status: 201,
    needs: {
      // A report from a group session reads its seats (who took part).
      tables: { safeguarding: ['PutItem'], groupSessions: ['Query'], ...endsMentorships },
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
} as const satisfies RouteTable;
