import { dashboardQuerySchema, dashboardSchema, feedbackListQuerySchema, feedbackListSchema } from '../coordination/schemas';
import { dashboardReads } from '../coordination/snapshot';
import type { RouteTable } from './contract';

/** The coordinator's dashboard (what needs attention, the funnel) and all feedback. */
export const coordinationRoutes = {
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
} as const satisfies RouteTable;
