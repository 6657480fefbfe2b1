import * as z from 'zod';
import type { RouteTable } from './contract';

/** Stream's side: its signed webhook, and the token its chat and video clients connect with. */
export const streamRoutes = {
  'POST /api/webhooks/stream': {
    handler: 'http/webhooks/stream',
    // Stream's HMAC signature over the raw bytes is this route's authentication; the handler verifies it.
    auth: 'none',
    // `stale`: signed, but older than the replay window; answered 2xx so Stream does not retry what can never become fresh.
    response: z.object({ accepted: z.boolean(), duplicate: z.boolean(), stale: z.boolean().optional() }),
    status: 202,
    // Stream redelivers in bursts after an outage; unsigned floods are refused here too: neither may take the
    // concurrency the members' routes and the event consumers need.
    reservedConcurrency: 20,
    // PutObject: an event too large for the bus is stored in the archive bucket and the bus carries its key.
    needs: { tables: { webhookDeliveries: ['PutItem', 'DeleteItem'] }, secrets: ['stream'], eventBus: true, buckets: { archive: ['PutObject'] } },
  },
  'GET /api/chat/getOrCreateToken': {
    handler: 'http/chat/get-or-create-token',
    auth: 'optional',
    query: z.object({
      isGuest: z.enum(['true', 'false']),
      streamChatUuid: z.string().max(128).optional(),
      // A guest's signed invitation to one call (POST /api/calls/{type}/{id}/guest-invitations); required when isGuest=true.
      invitation: z.string().max(1024).optional(),
      // Sent by the spec's client; only ever compared with the verified identity, never trusted.
      userId: z.string().max(128).optional(),
      userName: z.string().max(256).optional(),
      email: z.string().max(256).optional(),
    }),
    response: z.object({
      token: z.string(),
      apiKey: z.string(),
      user: z.object({ streamChatUuid: z.string(), id: z.string(), name: z.string(), email: z.string() }).optional(),
      /** For a guest: the one call the token is good for. */
      callCid: z.string().optional(),
    }),
    // Anyone may ask (guests): signing a token is quick, ten instances answer hundreds a second.
    reservedConcurrency: 10,
    // Asked for on every sign-in and page load; signing makes no AWS call worth an X-Ray subsegment.
    powertoolsTracer: false,
    // Only the guest path loads Stream's SDK (to make the guest's user): beside the bundle, not in it, so the
    // members' token, asked for on every sign-in, starts without parsing it.
    nodeModules: ['@stream-io/node-sdk'],
    needs: { secrets: ['stream'] },
  },
} as const satisfies RouteTable;
