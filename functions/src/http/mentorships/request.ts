import { route } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { callerOf, detailFor } from '../../mentorships/lifecycle/caller';
import { createRequest } from '../../mentorships/lifecycle/service';

export const handler = httpHandler(route('POST /api/mentorships'), async ({ body, identity }) => {
  const record = await createRequest(identity.sub, body);
  return detailFor(record.id, callerOf(identity));
});
