import { route } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';

export const handler = httpHandler(route('GET /api/mentorships/{id}/slots'), async () => ({ slots: [], timezones: { mentor: 'UTC', mentee: 'UTC' } }));
