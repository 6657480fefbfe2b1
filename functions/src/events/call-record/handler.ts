import { eventHandler } from '../../lib/events/handler';
import { recordCallEvent } from '../../calls';
import { callEventSchema } from '../../lib/stream/events';

/** Call sessions starting and participants joining and leaving: the session record's own events. */
export const handler = eventHandler(callEventSchema, async ({ detailType, detail }) => recordCallEvent(detailType, detail));
