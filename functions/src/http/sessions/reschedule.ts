import { route } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { reschedule } from '../../sessions';

/** Moves a scheduled session (the same rules as booking), with a reason for the other member. */
export const handler = httpHandler(route('POST /api/sessions/{id}/reschedule'), async ({ params, body, identity }) => reschedule(params.id, identity.sub, body));
