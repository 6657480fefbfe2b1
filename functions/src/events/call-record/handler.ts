import { eventHandler } from '../../lib/events/handler';
import { recordCallEvent } from '../../calls';
import { recordGroupCallEvent } from '../../group-sessions';
import { groupCallEventSchema } from '../../lib/stream/events';

/** Call sessions starting and participants joining and leaving: a pair's session record, a group session's attendance. */
export const handler = eventHandler(groupCallEventSchema, async ({ detailType, detail }) => {
  await recordCallEvent(detailType, detail);
  await recordGroupCallEvent(detailType, detail);
});
