import type { CallList } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { ok } from '../../lib/http/responses';
import { listCallsOf } from '../../lib/repositories/calls';

/** The signed-in member's calls, newest first, for the sessions page. */
export const handler = httpHandler({ auth: 'required' }, async ({ identity }) => {
  const body: CallList = { calls: await listCallsOf(identity!.sub) };
  return ok(body);
});
