import { platformRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';

/** The signed-in caller as the API knows them: a small protected route the SPA and the tests can ask. */
export const handler = httpHandler(routeIn(platformRoutes, 'GET /api/me'), async ({ identity }) => ({
  id: identity.sub,
  email: identity.email,
  name: identity.name,
}));
