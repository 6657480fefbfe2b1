import { httpHandler } from '../../lib/http/handler';
import { route } from '@mentoring/shared';

export const handler = httpHandler(route('GET /api/health'), async () => ({
  status: 'ok' as const,
  stage: process.env.STAGE ?? 'unknown',
  version: process.env.APP_VERSION ?? 'unknown',
}));
