import { route } from '@mentoring/shared';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';

// Placeholder so the route table synthesises on this branch: the photo handlers come from the services
// branch of issue 12 (presigned upload, resize, /media/*), which replaces this file.
export const handler = httpHandler(route('PUT /api/profile/me/photo'), async () => {
  throw new HttpError('not_found', 'Photos are not available yet.');
});
