import { notificationsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { listNotifications } from '../../notifications';

/** The caller's own notifications, newest first, a page at a time, with their unread count. */
export const handler = httpHandler(routeIn(notificationsRoutes, 'GET /api/notifications'), ({ query, identity }) => listNotifications(identity.sub, query));
