import { appEventSchemas, photoUrl } from '@mentoring/shared';
import { eventHandler } from '../../lib/events/handler';
import { logger } from '../../lib/powertools';
import { getMemberItem } from '../../members';
import { siteUrl } from '../../lib/site-url';
import { StreamNotConfiguredError } from '../../lib/stream/credentials';
import { streamServerClient } from '../../lib/stream/server-client';
import { MEMBER_STREAM_ROLE, memberStreamId } from '../../lib/stream/stream-user-id';
import { emitMetric } from '../../lib/metrics';

/**
 * Keeps a member's Stream user in step with their profile, so chat and calls show real names and faces: on every
 * member.changed it reads the stored member (never the event's copy, so late or repeated events converge on the
 * latest state) and upserts the whole Stream user. Stream's failures throw, so the bus retries and then
 * dead-letters the event.
 */
export const handler = eventHandler(appEventSchemas['member.changed'], async ({ detail }) => {
  const member = await getMemberItem(detail.memberId);
  const name = typeof member?.displayName === 'string' ? member.displayName.trim() : '';
  if (!member || !name) {
    // Nothing to show yet: a member without a profile keeps the user Stream made when they first connected.
    logger.info('Member has no profile yet; Stream user left as it is', { memberId: detail.memberId, reason: detail.reason });
    return;
  }
  let client;
  try {
    client = await streamServerClient();
  } catch (error) {
    if (!(error instanceof StreamNotConfiguredError)) throw error;
    logger.info('Stream is not configured; skipped the Stream user upsert', { memberId: detail.memberId });
    return;
  }
  const photo = photoUrl(member.photoKey);
  const role = member.role === 'mentor' || member.role === 'mentee' ? member.role : null;
  await client.upsertUsers([
    {
      id: memberStreamId(member.id),
      name,
      // The whole user is replaced: without an image, a removed photo disappears from Stream too.
      ...(photo ? { image: `${await siteUrl()}${photo}` } : {}),
      role: MEMBER_STREAM_ROLE,
      custom: { mentoringRole: role },
    },
  ]);
  emitMetric('StreamUserUpserted', 1);
});
