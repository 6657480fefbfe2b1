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
    // One BatchGetItem per page: the viewer's profile (members), the summary of their blocks both ways
    // (safeguarding) and a mentee's DECLINED set (mentorships); members' Query reads the directory index.
    needs: { tables: { members: ['BatchGetItem', 'Query'], programme: ['GetItem'], safeguarding: ['BatchGetItem'], mentorships: ['BatchGetItem'] } },
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
