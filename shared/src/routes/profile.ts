import * as z from 'zod';
import { ownProfileSchema, photoUploadRequestSchema, photoUploadSchema, profileInputSchema } from '../mentoring/profile';
import type { RouteTable } from './contract';

/** The member's own profile: onboarding, editing, the photo, submitting the application. */
export const profileRoutes = {
  'GET /api/profile/me': {
    handler: 'http/profile/get-own',
    auth: 'required',
    response: ownProfileSchema,
    needs: { tables: { members: ['GetItem', 'UpdateItem'] } },
  },
  'PUT /api/profile/me': {
    handler: 'http/profile/put-own',
    auth: 'required',
    body: profileInputSchema,
    response: ownProfileSchema,
    needs: { tables: { members: ['GetItem', 'PutItem'], programme: ['GetItem'] }, eventBus: true },
  },
  'POST /api/profile/me/submit': {
    handler: 'http/profile/submit',
    auth: 'required',
    response: ownProfileSchema,
    needs: { tables: { members: ['GetItem', 'UpdateItem'], programme: ['GetItem'] }, email: true, eventBus: true },
  },
  'POST /api/profile/me/photo': {
    handler: 'http/profile/photo-upload',
    auth: 'required',
    body: photoUploadRequestSchema,
    response: photoUploadSchema,
    needs: { buckets: { media: ['PutObject'] } },
  },
  'PUT /api/profile/me/photo': {
    handler: 'http/profile/photo-confirm',
    auth: 'required',
    body: z.object({ key: z.string().min(1).max(300) }),
    response: ownProfileSchema,
    memoryMiB: 1024,
    timeoutSeconds: 20,
    nodeModules: ['sharp'],
    needs: { tables: { members: ['GetItem', 'UpdateItem'] }, buckets: { media: ['GetObject', 'PutObject', 'DeleteObject'] }, eventBus: true },
  },
  'DELETE /api/profile/me/photo': {
    handler: 'http/profile/photo-delete',
    auth: 'required',
    response: ownProfileSchema,
    needs: { tables: { members: ['GetItem', 'UpdateItem'] }, buckets: { media: ['DeleteObject'] }, eventBus: true },
  },
} as const satisfies RouteTable;
