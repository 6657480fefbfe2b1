import { programmeRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { getProgramme } from '../../programme';

// Everyone may read the settings (name, topics, code of conduct): onboarding and the directory's filters need them.
export const handler = httpHandler(routeIn(programmeRoutes, 'GET /api/programme'), async () => getProgramme());
