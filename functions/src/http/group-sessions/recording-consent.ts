import { groupSessionsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { consentToGroupRecording } from '../../group-sessions';

/** Someone on stage, or a member with a place, consents to the call's recording; giving it twice changes nothing. */
export const handler = httpHandler(routeIn(groupSessionsRoutes, 'POST /api/group-sessions/{id}/recording-consent'), async ({ params, identity }) => consentToGroupRecording(identity, params.id));
