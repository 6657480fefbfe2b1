import { route } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { HttpError } from '../../lib/http/errors';

export const handler = httpHandler(route('POST /api/sessions/{id}/confirm'), async () => {
  throw new HttpError('not_found', 'There is no such session.');
});
