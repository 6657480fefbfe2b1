import { eventHandler } from '../../lib/events/handler';
import { siteUrl } from '../../lib/site-url';
import { missedCallEventSchema } from '../../lib/stream/events';
import { notifyMissedCall } from '../../calls';

/** Stream's call.missed: whoever did not answer a ring is told in their notifications list (docs/domain.md, Notifications). */
export const handler = eventHandler(missedCallEventSchema, async ({ detail }) => {
  await notifyMissedCall({ cid: detail.call_cid, caller: detail.user, missedBy: detail.members.map((member) => member.user_id) }, await siteUrl());
});
