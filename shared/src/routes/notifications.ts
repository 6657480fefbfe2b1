import { markReadSchema, notificationListQuerySchema, notificationPageSchema, unreadCountSchema } from '../notifications';
import type { RouteTable } from './contract';

/** In-app notifications: what the member was e-mailed about, newest first, read or unread (the caller's own only). */
export const notificationsRoutes = {
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
} as const satisfies RouteTable;
