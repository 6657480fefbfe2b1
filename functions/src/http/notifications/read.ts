import { notificationsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { markRead } from '../../notifications';

/** Marks the named notifications, or all, of the caller read; answers how many are still unread. */
export const handler = httpHandler(routeIn(notificationsRoutes, 'POST /api/notifications/read'), ({ body, identity }) => markRead(identity.sub, body));
