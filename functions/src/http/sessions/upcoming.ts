import { route } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';

export const handler = httpHandler(route('GET /api/sessions/upcoming'), async () => ({ sessions: [] }));
