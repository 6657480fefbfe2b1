import type { StreamVideoClient } from '@stream-io/video-react-sdk';
import type { CallType } from '@mentoring/shared';

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

/** Reads a call link (/calls/t/id, /join/t/id, a full URL of either, or a cid t:id) as type and id. */
export const parseCallLink = (input: string): { type: string; id: string } | null => {
  const value = input.trim();
  const cid = /^([a-z_]+):([\w-]+)$/.exec(value);
  if (cid) return { type: cid[1]!, id: cid[2]! };
  let path = value;
  try {
    path = new URL(value).pathname;
  } catch {
    // not a full URL: read it as a path
  }
  const match = /^\/?(?:calls|join)\/([a-z_]+)\/([\w-]+)\/?$/.exec(path);
  return match ? { type: match[1]!, id: match[2]! } : null;
};
