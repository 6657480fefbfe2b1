import { appEventSchemas } from '@mentoring/shared';
import { eventHandler } from '../../lib/events/handler';
import { logger } from '../../lib/powertools';
import { getMentorship, listEvents, syncChannel } from '../../mentorships';
import { pairHeld } from '../../safeguarding/blocks';

/** mentorship.changed → the pair's Stream channel (mentorships/channel.ts); a failure throws, so the bus retries. */
export const handler = eventHandler(appEventSchemas['mentorship.changed'], async ({ detail }) => {
  const record = await getMentorship(detail.mentorshipId);
  if (!record?.activatedAt) {
    logger.warn('No channel for a mentorship that was never active', { mentorshipId: detail.mentorshipId });
    return;
  }
  const events = await listEvents(record.id);
  // An active pair's channel stays frozen while either is suspended or has blocked the other.
  const held = record.state === 'ACTIVE' ? await pairHeld(record) : false;
  await syncChannel(record, events.find((event) => event.version === detail.version), { held });
});
