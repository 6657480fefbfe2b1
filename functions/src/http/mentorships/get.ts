import { route } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { callerOf, detailFor } from '../../mentorships/lifecycle';

export const handler = httpHandler(route('GET /api/mentorships/{id}'), async ({ params, identity }) => detailFor(params.id, callerOf(identity)));
