import { route } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { callerOf, detailFor } from '../../mentorships/lifecycle/caller';
import { suspend } from '../../mentorships/lifecycle/service';

export const handler = httpHandler(route('POST /api/coordinator/mentorships/{id}/suspend'), async ({ params, identity }) => {
  const caller = callerOf(identity);
  await suspend(params.id, caller);
  return detailFor(params.id, caller);
});
