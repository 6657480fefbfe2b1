import { notificationsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { unreadCount } from '../../notifications';

/** How many of the caller's notifications are unread: what the header's bell shows. */
export const handler = httpHandler(routeIn(notificationsRoutes, 'GET /api/notifications/unread'), ({ identity }) => unreadCount(identity.sub));
