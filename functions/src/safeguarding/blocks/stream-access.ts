/**
 * What safeguarding does at Stream, from the server (@stream-io/node-sdk): a suspended member's Stream user is
 * deactivated and the channels of their mentorships frozen; restoring undoes both where nothing else holds
 * the channel frozen; a deleted account's Stream user is deleted. Tests point STREAM_BASE_URL at a recorder.
 */
import { mentorshipChannelId, MENTORSHIP_CHANNEL_TYPE } from '@mentoring/shared';
import { listBy, type MentorshipRecord, PROGRAMME_USER } from '../../mentorships';
import { getParties } from '../../members';
import { blockBetween } from './repository';
import { streamServerClient } from '../../lib/stream/server-client';
import { memberStreamId } from '../../lib/stream/stream-user-id';

/** Every mentorship of the member that has (had) a channel: it became active once. */
export const channelledMentorshipsOf = async (memberId: string) => {
  const [asMentor, asMentee] = await Promise.all([listBy('byMentor', memberId, { limit: 1000 }), listBy('byMentee', memberId, { limit: 1000 })]);
  return [...asMentor, ...asMentee].filter((record) => record.activatedAt);
};

/** Whether the pair's channel must stay frozen beyond its state: either side suspended, or a block between them. */
export const pairHeld = async (record: Pick<MentorshipRecord, 'mentorId' | 'menteeId'>) => {
  const [parties, blocks] = await Promise.all([getParties([record.mentorId, record.menteeId]), blockBetween(record.mentorId, record.menteeId)]);
  return blocks.any || [...parties.values()].some((party) => party.suspended);
};

const setFrozen = async (records: readonly MentorshipRecord[], frozen: (record: MentorshipRecord) => Promise<boolean>) => {
  const stream = await streamServerClient();
  for (const record of records) {
    const channel = stream.chat.channel(MENTORSHIP_CHANNEL_TYPE, mentorshipChannelId(record.id));
    await channel.updateChannelPartial({ set: { frozen: await frozen(record) } });
  }
};

export const suspendAtStream = async (memberId: string) => {
  const stream = await streamServerClient();
  await stream.deactivateUser({ user_id: memberStreamId(memberId), created_by_id: PROGRAMME_USER.id });
  await setFrozen(await channelledMentorshipsOf(memberId), async () => true);
};

export const restoreAtStream = async (memberId: string) => {
  const stream = await streamServerClient();
  await stream.reactivateUser({ user_id: memberStreamId(memberId), created_by_id: PROGRAMME_USER.id, restore_messages: true });
  // The stored state decides: only an active mentorship whose pair nothing else holds opens again.
  await setFrozen(await channelledMentorshipsOf(memberId), async (record) => record.state !== 'ACTIVE' || (await pairHeld(record)));
};

/**
 * The member's Stream user is deleted with its personal data ('pruning': marked deleted, name and fields
 * nullified, their messages emptied); 'hard' would need the pair's channels deleted too, and with them the
 * other member's side of the conversation.
 */
export const deleteAtStream = async (memberId: string) => {
  const stream = await streamServerClient();
  await stream.deleteUsers({ user_ids: [memberStreamId(memberId)], user: 'pruning', messages: 'pruning' });
};
