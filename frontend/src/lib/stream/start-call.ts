import type { StreamVideoClient } from '@stream-io/video-react-sdk';
import type { CallType } from '@mentoring/shared/video';

export interface StartCallOptions {
  type: CallType;
  memberIds: string[];
  ring: boolean;
  /** The call's id; a fresh random one when absent (a mentorship's calls follow `mentorshipCallId`). */
  id?: string;
}

/** Creates a call with its members; with ring, every member's devices ring (timeouts from the call settings). */
export const startCall = async (client: StreamVideoClient, { type, memberIds, ring, id }: StartCallOptions) => {
  const me = client.state.connectedUser?.id;
  const ids = [...new Set([...(me ? [me] : []), ...memberIds.map((id) => id.trim()).filter(Boolean)])];
  const call = client.call(type, id ?? crypto.randomUUID());
  await call.getOrCreate({ ring, data: { members: ids.map((user_id) => ({ user_id })) } });
  return call;
};
