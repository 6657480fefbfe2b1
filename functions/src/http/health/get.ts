import { httpHandler } from '../../lib/http/handler';
import { platformRoutes, routeIn } from '@mentoring/shared';

export const handler = httpHandler(routeIn(platformRoutes, 'GET /api/health'), async () => ({
  status: 'ok' as const,
  stage: process.env.STAGE ?? 'unknown',
  version: process.env.APP_VERSION ?? 'unknown',
}));
