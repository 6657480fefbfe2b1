import { directoryPageSchema, directoryQuerySchema, memberViewSchema, mentorViewSchema } from '../mentoring/profile';
import { memberIdParams } from './params';
import type { RouteTable } from './contract';

/** The mentor directory, mentor profiles and the profile of a member one is matched with. */
export const directoryRoutes = {
  'GET /api/mentors': {
    handler: 'http/mentors/list',
    auth: 'optional',
    query: directoryQuerySchema,
    response: directoryPageSchema,
    memoryMiB: 1024,
    // safeguarding: the viewer's blocks, both ways, hide those mentors; mentorships: so do the mentors who declined them.
    needs: { tables: { members: ['GetItem', 'Query'], programme: ['GetItem'], safeguarding: ['Query'], mentorships: ['Query'] } },
  },
  'GET /api/mentors/{id}': {
    handler: 'http/mentors/get',
    auth: 'optional',
    params: memberIdParams,
    response: mentorViewSchema,
    needs: { tables: { members: ['GetItem'], programme: ['GetItem'], safeguarding: ['GetItem'] } },
  },
  'GET /api/members/{id}': {
    handler: 'http/members/get',
    auth: 'required',
    params: memberIdParams,
    response: memberViewSchema,
    needs: { tables: { members: ['GetItem'] } },
  },
} as const satisfies RouteTable;
