import { programmeRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { logger } from '../../lib/powertools';
import { saveProgramme } from '../../programme';

export const handler = httpHandler(routeIn(programmeRoutes, 'PUT /api/programme'), async ({ body, identity }) => {
  const programme = await saveProgramme(body);
  logger.info('Programme settings saved', { by: identity.sub, codeOfConductVersion: programme.codeOfConductVersion });
  return programme;
});
