/**
 * The pair's private Stream channel follows its mentorship: created on the server when the mentorship first
 * becomes active (members: both Stream users; created by the programme's server user), a system message
 * for each change, frozen while it is not ACTIVE (suspended or over) so its history stays readable.
 * Every step is idempotent (the channel id is the mentorship id, each message id is the change's version),
 * so the bus may redeliver or retry an event freely.
 */
import { StreamClient } from '@stream-io/node-sdk';
import { END_REASONS, mentorshipChannelId, MENTORSHIP_CHANNEL_TYPE, type EndReason, type MentorshipEvent } from '@mentoring/shared';
import type { MentorshipRecord } from './repository';
import { getStreamCredentials } from '../lib/stream/credentials';
import { memberStreamId } from '../lib/stream/stream-user-id';

export const PROGRAMME_USER = { id: 'mentoring-programme', name: 'Mentoring programme', role: 'admin' } as const;

let client: StreamClient | undefined;
let programmeUserReady = false;

const streamClient = async () => {
  if (!client) {
    const { apiKey, apiSecret } = await getStreamCredentials();
    // STREAM_BASE_URL points elsewhere only locally: at the stage's Stream stand-in, or at a test's recorder.
    client = new StreamClient(apiKey, apiSecret, { timeout: 5000, ...(process.env.STREAM_BASE_URL ? { basePath: process.env.STREAM_BASE_URL } : {}) });
  }
  return client;
};

/** For tests: forget the client, so the next call reads the environment again. */
export const resetStreamClient = () => {
  client = undefined;
  programmeUserReady = false;
};

export const systemMessageId = (mentorshipId: string, version: number) => `${mentorshipId}-v${version}`;

export const systemMessageText = (event: Pick<MentorshipEvent, 'type' | 'reason'>) => {
  switch (event.type) {
    case 'accept':
    case 'acceptProposal':
      return 'Your mentorship has started. Say hello, share your goals and book a first session.';
    case 'suspend':
      return 'A coordinator has suspended this mentorship. The chat is read-only until it resumes.';
    case 'resume':
      return 'A coordinator has resumed this mentorship. The chat is open again.';
    case 'complete':
      return 'This mentorship is complete. The chat stays here to read.';
    case 'end': {
      const reason = event.reason && event.reason in END_REASONS ? ` (${END_REASONS[event.reason as EndReason]})` : '';
      return `This mentorship has ended${reason}. The chat stays here to read.`;
    }
    default:
      return null;
  }
};

/** Brings the channel in line with the stored mentorship after the change that made `version`. */
export const syncChannel = async (
  record: MentorshipRecord,
  event: (Pick<MentorshipEvent, 'type' | 'reason'> & { version: number }) | undefined,
  /** held: frozen whatever the state (a side suspended, or a block between them: safeguarding). */
  { held = false }: { held?: boolean } = {},
) => {
  const stream = await streamClient();
  if (!programmeUserReady) {
    await stream.upsertUsers([{ id: PROGRAMME_USER.id, name: PROGRAMME_USER.name, role: PROGRAMME_USER.role }]);
    programmeUserReady = true;
  }
  const channel = stream.chat.channel(MENTORSHIP_CHANNEL_TYPE, mentorshipChannelId(record.id));
  await channel.getOrCreate({
    data: {
      created_by_id: PROGRAMME_USER.id,
      members: [{ user_id: memberStreamId(record.mentorId) }, { user_id: memberStreamId(record.menteeId) }],
      custom: { mentorshipId: record.id },
    },
  });
  // The stored state decides, not the event: deliveries out of order still end frozen or open as they should.
  const frozen = record.state !== 'ACTIVE' || held;
  const text = event ? systemMessageText(event) : null;
  if (!frozen) await channel.updateChannelPartial({ set: { frozen: false } });
  if (event && text) {
    const id = systemMessageId(record.id, event.version);
    const { messages } = await channel.getManyMessages({ ids: [id] });
    if (!messages?.length) await channel.sendMessage({ message: { id, text, type: 'system', user_id: PROGRAMME_USER.id } });
  }
  if (frozen) await channel.updateChannelPartial({ set: { frozen: true } });
};
