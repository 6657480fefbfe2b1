import * as z from 'zod';
import { feedbackInputSchema } from '../feedback';
import type { RouteTable } from './contract';

/** Feedback anyone may send (the feedback tab, match surveys). */
export const feedbackRoutes = {
  'POST /api/feedback': {
    handler: 'http/feedback/create',
    auth: 'optional',
    body: feedbackInputSchema,
    response: z.object({ id: z.uuid() }),
    status: 201,
    // Anyone may post: a flood of it stays within five instances (each answers in tens of ms).
    reservedConcurrency: 5,
    // Match feedback names a mentorship: only its members may send it. A survey's answer is kept on the
    // mentorship's META too, and "not a fit" e-mails the coordinators.
    needs: {
      tables: { feedback: ['PutItem'], mentorships: ['GetItem', 'UpdateItem'], members: ['BatchGetItem'] },
      email: true,
      userPool: ['ListUsersInGroup'],
    },
  },
} as const satisfies RouteTable;
