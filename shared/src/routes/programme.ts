import { programmeSchema, programmeSettingsSchema } from '../mentoring/programme';
import type { RouteTable } from './contract';

/** The programme: its settings, read by everyone who may see the directory, changed by coordinators. */
export const programmeRoutes = {
  'GET /api/programme': {
    handler: 'http/programme/get',
    auth: 'optional',
    response: programmeSchema,
    needs: { tables: { programme: ['GetItem'] } },
  },
  'PUT /api/programme': {
    handler: 'http/programme/put',
    auth: 'coordinator',
    body: programmeSettingsSchema,
    response: programmeSchema,
    needs: { tables: { programme: ['GetItem', 'PutItem'] } },
  },
} as const satisfies RouteTable;
