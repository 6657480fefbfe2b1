import * as z from 'zod';
import type { RouteTable } from './contract';

/** The service itself: its health, and who the caller is. */
export const platformRoutes = {
  'GET /api/health': {
    handler: 'http/health/get',
    auth: 'none',
    response: z.object({ status: z.literal('ok'), stage: z.string(), version: z.string() }),
    needs: {},
  },
  'GET /api/me': {
    handler: 'http/me/get',
    auth: 'required',
    response: z.object({ id: z.string(), email: z.string().nullable(), name: z.string().nullable() }),
    needs: {},
  },
} as const satisfies RouteTable;
